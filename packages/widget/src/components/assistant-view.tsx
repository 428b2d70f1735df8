'use client'

import type { DocsApiError } from '@docchat/core'
import type { AssistantChat } from '@docchat/react'
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { DocChatEventSource } from '../analytics'
import type { FeedbackValue } from '../widget-options'
import { AssistantMessage } from './assistant-message'
import { Composer } from './composer'
import { ConversationLog } from './conversation-log'
import { EmptyState } from './empty-state'
import { ErrorNotice } from './error-notice'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

type ChatMessage = AssistantChat['messages'][number]

export interface AssistantViewProps {
  chat: AssistantChat
  /** Shows a close button. */
  onClose?: () => void
  /** Extra header content, e.g. the search/assistant switch. */
  headerActions?: ReactNode
  inputRef?: Ref<HTMLTextAreaElement>
  titleId?: string
}

/** The conversation UI around one `useAssistantChat` result. */
export function AssistantView({
  chat,
  onClose,
  headerActions,
  inputRef,
  titleId,
}: AssistantViewProps) {
  const { labels, emit, includeQuestionText, onFeedback } = useWidgetSettings()
  const generatedId = useId()
  const headingId = titleId ?? `${generatedId}-title`
  const [feedback, setFeedback] = useState<Record<string, FeedbackValue>>({})
  const errorAt = useErrorTime(chat.error)

  const ask = useCallback(
    (text: string, source: DocChatEventSource) => {
      emit({
        type: 'ask',
        source,
        questionLength: text.length,
        contextCount: chat.context.length,
        question: text,
      })
      void chat.send(text)
    },
    [chat.send, chat.context.length, emit],
  )

  const lastUserText = useMemo(() => {
    for (let i = chat.messages.length - 1; i >= 0; i--) {
      const message = chat.messages[i]
      if (message?.role === 'user') return message.content
    }
    return ''
  }, [chat.messages])

  const regenerate = useCallback(() => {
    emit({
      type: 'ask',
      source: 'regenerate',
      questionLength: lastUserText.length,
      contextCount: 0,
      question: lastUserText,
    })
    void chat.regenerate()
  }, [chat.regenerate, emit, lastUserText])

  const giveFeedback = useCallback(
    (message: ChatMessage, value: FeedbackValue) => {
      setFeedback((current) => ({ ...current, [message.id]: value }))
      emit({ type: 'feedback', value, messageId: message.id })
      onFeedback?.({
        value,
        messageId: message.id,
        ...(includeQuestionText ? { question: lastUserText, answer: message.content } : {}),
      })
    },
    [emit, onFeedback, includeQuestionText, lastUserText],
  )

  const sourceClick = useCallback(
    (source: { url: string; position: number; messageId: string }) =>
      emit({ type: 'source-click', ...source }),
    [emit],
  )

  const helpers = useMemo(
    () => ({
      sources: chat.sources,
      suggestions: chat.suggestions,
      displayText: chat.displayText,
      notFound: chat.notFound,
    }),
    [chat.sources, chat.suggestions, chat.displayText, chat.notFound],
  )

  const ownInputRef = useRef<HTMLTextAreaElement | null>(null)
  const setInputRef = useCallback(
    (node: HTMLTextAreaElement | null) => {
      ownInputRef.current = node
      if (typeof inputRef === 'function') inputRef(node)
      else if (inputRef) (inputRef as { current: HTMLTextAreaElement | null }).current = node
    },
    [inputRef],
  )
  const focusInput = () => ownInputRef.current?.focus()

  const { messages, status, error } = chat
  const last = messages[messages.length - 1]
  const streaming = status === 'streaming' || status === 'submitted'
  const lastIsAnswer = last?.role === 'assistant'
  const waiting =
    streaming && (!lastIsAnswer || (!helpers.displayText(last).trim() && !helpers.notFound(last)))
  const partial = Boolean(error && lastIsAnswer && helpers.displayText(last).trim())

  return (
    <>
      <header className="docchat-header">
        <h2 className="docchat-title" id={headingId}>
          <Icon name="sparkles" />
          {labels.title}
        </h2>
        {headerActions}
        <button
          type="button"
          className="docchat-icon-button"
          aria-label={labels.newConversation}
          title={labels.newConversation}
          disabled={messages.length === 0 && !error}
          onClick={chat.newThread}
        >
          <Icon name="plus" />
        </button>
        {onClose ? (
          <button
            type="button"
            className="docchat-icon-button"
            aria-label={labels.close}
            title={labels.close}
            onClick={onClose}
          >
            <Icon name="close" />
          </button>
        ) : null}
      </header>
      <ConversationLog busy={streaming}>
        {messages.length === 0 && !error ? (
          <EmptyState
            onAsk={(question) => {
              ask(question, 'starter')
              // The starter buttons unmount: keep focus in the panel, on the question input.
              focusInput()
            }}
          />
        ) : (
          <div className="docchat-messages">
            {messages.map((message, index) =>
              message.role === 'user' ? (
                <div key={message.id} className="docchat-message" data-role="user">
                  <span className="docchat-visually-hidden">{labels.you}: </span>
                  {message.content}
                </div>
              ) : message.role === 'assistant' ? (
                <AssistantMessage
                  key={message.id}
                  message={message}
                  chat={helpers}
                  streaming={streaming && index === messages.length - 1}
                  feedback={feedback[message.id]}
                  onFeedback={giveFeedback}
                  onRegenerate={
                    index === messages.length - 1 && !streaming ? regenerate : undefined
                  }
                  onSourceClick={sourceClick}
                />
              ) : null,
            )}
            {waiting ? (
              <div className="docchat-thinking" role="status">
                <span className="docchat-dots" aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
                {labels.thinking}
              </div>
            ) : null}
            {error ? (
              <ErrorNotice
                error={error}
                at={errorAt}
                partial={partial}
                onRetry={messages.length > 0 ? regenerate : undefined}
              />
            ) : null}
          </div>
        )}
      </ConversationLog>
      <Composer
        ref={setInputRef}
        busy={streaming}
        context={chat.context}
        onRemoveContext={chat.removeContext}
        onSend={(text) => ask(text, 'input')}
        onStop={chat.stop}
      />
    </>
  )
}

/** When the current error first showed, for the rate-limit countdown; reports it once. */
function useErrorTime(error: DocsApiError | undefined): number {
  const { emit } = useWidgetSettings()
  const seen = useRef<{ error: DocsApiError | undefined; at: number }>({ error: undefined, at: 0 })
  if (seen.current.error !== error) seen.current = { error, at: Date.now() }
  useEffect(() => {
    if (!error || error.kind === 'aborted') return
    emit({ type: 'error', kind: error.kind, status: error.status, retryable: error.retryable })
  }, [error, emit])
  return seen.current.at
}
