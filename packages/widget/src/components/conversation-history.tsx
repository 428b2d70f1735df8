'use client'

import { conversationFileName, type StoredConversation } from '@docchat/core'
import type { Conversations } from '@docchat/react'
import { type KeyboardEvent as ReactKeyboardEvent, useLayoutEffect, useRef, useState } from 'react'
import { formatLabel } from '../labels'
import { historyLabels } from '../history-labels'
import { copyText, downloadText, relativeTime } from './conversation-export'
import { Icon, IconButton } from './icon'
import { usePartLabels } from './widget-settings'

type Conversation = Conversations['list'][number]

/** Why the history view closed: the panel decides where focus goes. */
export type HistoryCloseReason = 'escape' | 'back' | 'switched' | 'new'

export interface ConversationHistoryProps {
  conversations: Conversations
  /** The current conversation as Markdown, for the export. */
  toMarkdown: () => string
  /** Whether the current conversation has anything to export. */
  canExport: boolean
  onClose: (reason: HistoryCloseReason) => void
}

const ITEM = '.docchat-history-item'

/**
 * The recent conversations (a list of buttons: Tab or the arrow keys move between them, Enter or a
 * tap switches, Escape goes back) with delete and undo, a new conversation, and the export of the
 * current one. Announcements go to one polite live region.
 */
export function ConversationHistory({
  conversations,
  toMarkdown,
  canExport,
  onClose,
}: ConversationHistoryProps) {
  const labels = usePartLabels(historyLabels)
  const listRef = useRef<HTMLUListElement>(null)
  const backRef = useRef<HTMLButtonElement>(null)
  const undoRef = useRef<HTMLButtonElement>(null)
  const [notice, setNotice] = useState({ text: '', n: 0 })
  const [deleted, setDeleted] = useState<Conversation | undefined>(undefined)
  // Where focus goes once the list re-renders after a delete or an undo.
  const focusNext = useRef<{ index?: number; id?: string; undo?: boolean } | null>(null)
  const [now] = useState(() => Date.now())
  const locale =
    typeof document === 'undefined' ? undefined : document.documentElement.lang || undefined

  const announce = (text: string) => setNotice((current) => ({ text, n: current.n + 1 }))

  // Opening moves focus into the view: the current conversation, else the first, else Back.
  // Before paint, so a key pressed straight after opening lands in the view, not on its button.
  useLayoutEffect(() => {
    const list = listRef.current
    const target =
      list?.querySelector<HTMLElement>(`${ITEM}[aria-current="true"]`) ??
      list?.querySelector<HTMLElement>(ITEM) ??
      backRef.current
    target?.focus()
  }, [])

  const items = () => [...(listRef.current?.querySelectorAll<HTMLElement>(ITEM) ?? [])]

  useLayoutEffect(() => {
    const wanted = focusNext.current
    if (!wanted) return
    focusNext.current = null
    if (wanted.undo) {
      undoRef.current?.focus()
      return
    }
    const all = items()
    const byId = wanted.id
      ? all.find((item) => item.dataset.conversationId === wanted.id)
      : undefined
    const target =
      byId ?? all[Math.min(wanted.index ?? 0, all.length - 1)] ?? undoRef.current ?? backRef.current
    target?.focus()
  })

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape') return
    // Handled here: the dialog around the panel skips an Escape whose default was prevented.
    event.preventDefault()
    event.stopPropagation()
    onClose('escape')
  }

  const onListKeyDown = (event: ReactKeyboardEvent) => {
    const all = items()
    const index = all.indexOf(event.target as HTMLElement)
    if (index === -1) return
    const next =
      event.key === 'ArrowDown'
        ? Math.min(index + 1, all.length - 1)
        : event.key === 'ArrowUp'
          ? Math.max(index - 1, 0)
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? all.length - 1
              : -1
    if (next === -1) return
    event.preventDefault()
    all[next]?.focus()
  }

  const select = (conversation: Conversation) => {
    if (conversation.id !== conversations.currentId) conversations.switchTo(conversation.id)
    onClose('switched')
  }

  const remove = (conversation: Conversation, index: number) => {
    const removed = conversations.remove(conversation.id)
    setDeleted(removed)
    focusNext.current = removed ? { undo: true } : { index }
    announce(labels.conversationDeleted)
  }

  const undo = (conversation: StoredConversation) => {
    conversations.restore(conversation as Conversation)
    setDeleted(undefined)
    focusNext.current = { id: conversation.id }
    announce(labels.conversationRestored)
  }

  const copy = async () => {
    announce((await copyText(toMarkdown())) ? labels.markdownCopied : labels.copyFailed)
  }

  const download = () => {
    if (downloadText(toMarkdown(), conversationFileName(conversations.titleOf()))) {
      announce(labels.markdownDownloaded)
    }
  }

  return (
    // Named by aria-label, not an id: Preact's useId can repeat inside a remounted panel.
    <section
      className="docchat-history"
      aria-label={labels.recentConversations}
      onKeyDown={onKeyDown}
    >
      <div className="docchat-history-bar">
        <IconButton
          icon="arrowLeft"
          label={labels.backToConversation}
          flip
          ref={backRef}
          onClick={() => onClose('back')}
        />
        <h3 className="docchat-history-heading">{labels.recentConversations}</h3>
        <button
          type="button"
          className="docchat-button"
          data-variant="primary"
          onClick={() => {
            conversations.startNew()
            onClose('new')
          }}
        >
          <Icon name="plus" />
          {labels.newConversation}
        </button>
      </div>
      <div className="docchat-history-actions">
        <button type="button" className="docchat-button" disabled={!canExport} onClick={copy}>
          <Icon name="copy" />
          {labels.copyMarkdown}
        </button>
        <button type="button" className="docchat-button" disabled={!canExport} onClick={download}>
          <Icon name="download" />
          {labels.downloadMarkdown}
        </button>
      </div>
      {deleted ? (
        <div className="docchat-history-undo">
          <span>{labels.conversationDeleted}</span>
          <button
            ref={undoRef}
            type="button"
            className="docchat-button"
            onClick={() => undo(deleted)}
          >
            {labels.undo}
          </button>
        </div>
      ) : null}
      {conversations.list.length === 0 ? (
        <p className="docchat-history-empty">{labels.noConversations}</p>
      ) : (
        <ul className="docchat-history-list" ref={listRef} onKeyDown={onListKeyDown}>
          {conversations.list.map((conversation, index) => {
            const current = conversation.id === conversations.currentId
            return (
              <li key={conversation.id} className="docchat-history-row">
                <button
                  type="button"
                  className="docchat-history-item"
                  data-conversation-id={conversation.id}
                  aria-current={current ? 'true' : undefined}
                  onClick={() => select(conversation)}
                >
                  {/* A question's own direction: "How…?" stays LTR in an RTL panel. */}
                  <span className="docchat-history-title" dir="auto">
                    {conversation.title}
                  </span>
                  <span className="docchat-history-meta">
                    <time dir="auto" dateTime={new Date(conversation.updatedAt).toISOString()}>
                      {relativeTime(conversation.updatedAt, now, locale)}
                    </time>
                    {current ? (
                      <span className="docchat-history-current">{labels.currentConversation}</span>
                    ) : null}
                  </span>
                </button>
                <IconButton
                  icon="trash"
                  label={formatLabel(labels.deleteConversation, { title: conversation.title })}
                  onClick={() => remove(conversation, index)}
                />
              </li>
            )
          })}
        </ul>
      )}
      <div className="docchat-visually-hidden" role="status">
        <span key={notice.n}>{notice.text}</span>
      </div>
    </section>
  )
}
