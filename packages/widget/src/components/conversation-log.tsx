'use client'

import { Conversation } from '@docchat/headless'
import { type ReactNode, type RefObject, useEffect, useRef } from 'react'
import { Icon } from './icon'
import { readPanelMemory, writePanelMemory } from './panel-memory'
import { useWidgetSettings } from './widget-settings'

export interface ConversationLogProps {
  busy: boolean
  /** There are messages to scroll through (a remembered position can be restored). */
  ready?: boolean
  /** The `panel-memory` key: the scroll position is saved when the page goes and restored. */
  memoryKey?: string
  children: ReactNode
}

/**
 * The scrolling conversation: `role="log"` with `aria-busy` while streaming and one announcement
 * when an answer completes. A new question stays at the top of the view while its answer streams
 * below; the stream is followed only while the reader is at the bottom.
 */
export function ConversationLog({
  busy,
  ready = false,
  memoryKey,
  children,
}: ConversationLogProps) {
  const { labels } = useWidgetSettings()
  const logRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!memoryKey) return
    // pagehide, not unload: it also fires when the page goes into the back/forward cache.
    const save = () => {
      const log = logRef.current
      if (log) writePanelMemory(memoryKey, { scrollTop: log.scrollTop })
    }
    addEventListener('pagehide', save)
    return () => removeEventListener('pagehide', save)
  }, [memoryKey])

  return (
    <Conversation.Root
      busy={busy}
      className="docchat-conversation"
      anchorSelector='[data-role="user"]'
    >
      <Conversation.Log ref={logRef} className="docchat-log" aria-label={labels.title}>
        {children}
      </Conversation.Log>
      <Conversation.ScrollToBottom
        className="docchat-scroll-bottom"
        aria-label={labels.scrollToBottom}
      >
        <Icon name="arrowDown" />
      </Conversation.ScrollToBottom>
      <Conversation.Announcer message={labels.answerReady} />
      {memoryKey ? <RestoreScroll memoryKey={memoryKey} ready={ready} logRef={logRef} /> : null}
    </Conversation.Root>
  )
}

/** Puts the log back where it was on the previous page, once there are messages to scroll. */
function RestoreScroll({
  memoryKey,
  ready,
  logRef,
}: {
  memoryKey: string
  ready: boolean
  logRef: RefObject<HTMLDivElement | null>
}) {
  const { holdAt } = Conversation.useConversationScroll()
  const holdRef = useRef(holdAt)
  holdRef.current = holdAt
  const restored = useRef(false)
  useEffect(() => {
    if (!ready || restored.current) return
    restored.current = true
    const scrollTop = readPanelMemory(memoryKey)?.scrollTop
    if (scrollTop === undefined) return
    // The panel may still be appearing (the log attaching, styles adopted, a transition): wait
    // until the log can scroll that far, for up to a second, then hold it there.
    let frames = 0
    let frame = 0
    const attempt = () => {
      const log = logRef.current
      const ready = log && log.scrollHeight - log.clientHeight >= scrollTop - 1
      if ((ready || frames > 60) && holdRef.current(scrollTop)) return
      if (++frames < 120) frame = requestAnimationFrame(attempt)
    }
    attempt()
    return () => cancelAnimationFrame(frame)
  }, [memoryKey, ready, logRef])
  return null
}
