'use client'

import type { Attachment, DocsApiError } from '@docchat/core'
import { type AssistantChat, type Conversations, useDocChat } from '@docchat/react'
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { DocChatEventSource } from '../analytics'
import { formatLabel } from '../labels'
import type { FeedbackReason, FeedbackValue, WidgetOptions } from '../widget-options'
import { AssistantMessage } from './assistant-message'
import { Composer } from './composer'
import { AttachedContext } from './context-chips'
import type { HistoryCloseReason } from './conversation-history'
import { ConversationLog } from './conversation-log'
import { EmptyState } from './empty-state'
import { ErrorNotice } from './error-notice'
import { Icon, IconButton } from './icon'
import {
  isDefaultParts,
  useOptionalPart,
  useOptionalPartState,
  useOptionalParts,
} from './optional-parts'
import { answerModeKey, readAnswerMode, writeAnswerMode } from './panel-memory'
import { useReportError } from './use-report-error'
import { sendQuestion, useRecentConversations } from './widget-chat'
import { useWidgetSettings } from './widget-settings'

type ChatMessage = AssistantChat['messages'][number]

export interface AssistantViewProps {
  chat: AssistantChat
  /** Shows a close button. */
  onClose?: () => void
  /** Opens search: offered under an answer that found nothing. */
  onSearchDocs?: () => void
  /** Extra header content, e.g. the search/assistant switch. */
  headerActions?: ReactNode
  inputRef?: Ref<HTMLTextAreaElement>
  titleId?: string
  /** The `panel-memory` key under which the conversation's scroll position is kept. */
  memoryKey?: string
  /** Recent conversations and their export. Defaults to `true`. */
  conversations?: WidgetOptions['conversations']
  /**
   * The recent conversations, when the host keeps them for `chat` (`DocChatWidget` does, so its
   * hand-offs can keep the current one); otherwise the view keeps its own.
   */
  recentConversations?: Conversations
}

/** The conversation UI around one `useAssistantChat` result. */
export function AssistantView({
  chat,
  onClose,
  onSearchDocs,
  headerActions,
  inputRef,
  titleId,
  memoryKey,
  conversations: conversationsOption,
  recentConversations,
}: AssistantViewProps) {
  const { labels, emit, includeQuestionText, onFeedback, siteName, answerMode } =
    useWidgetSettings()
  const generatedId = useId()
  const headingId = titleId ?? `${generatedId}-title`
  const [feedback, setFeedback] = useState<Record<string, FeedbackValue>>({})
  // Answers the reader stopped, by message id: they stay marked until the conversation is reset.
  const [stopped, setStopped] = useState<ReadonlySet<string>>(() => new Set())
  const errorAt = useErrorTime(chat.error)
  const history = useConversationHistory(chat, conversationsOption, recentConversations)
  // The sent files' list is in the attachments chunk: loaded once a message carries files.
  const parts = useOptionalParts()
  const attachmentsPart = useOptionalPart(parts.attachments, chat.messages.some(carriesFiles))
  // The answers' renderer. A React app's bundler keeps it in the app's chunks: loaded as the
  // assistant shows, so no answer reads as plain text first. The drop-in (its own parts) fetches
  // it once there is a question (a starter question, a restored conversation; the composer asks
  // at the first keystroke), and it arrives while the answer is on its way.
  const renderer = useOptionalPartState(
    parts.markdown,
    isDefaultParts(parts) || chat.messages.length > 0,
  )

  const ask = useCallback(
    (text: string, source: DocChatEventSource, attachments?: Attachment[]) =>
      sendQuestion(chat.send, emit, {
        text,
        source,
        contextCount: chat.context.length,
        attachments,
      }),
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

  const stop = useCallback(() => {
    const last = chat.messages[chat.messages.length - 1]
    if (last?.role === 'assistant') setStopped((current) => new Set(current).add(last.id))
    chat.stop()
  }, [chat.messages, chat.stop])

  // The same answer, continued where it stopped (no new question): only where the server said
  // it can (`X-DocChat-Continue: 1`), which `chat.canContinue` carries.
  const continueAnswer = useCallback(() => {
    emit({
      type: 'ask',
      source: 'continue',
      questionLength: lastUserText.length,
      contextCount: 0,
      question: lastUserText,
    })
    void chat.continue()
    const last = chat.messages[chat.messages.length - 1]
    if (last?.role === 'assistant') {
      setStopped((current) => {
        const next = new Set(current)
        next.delete(last.id)
        return next
      })
    }
  }, [chat.continue, chat.messages, emit, lastUserText])

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

  const giveFeedbackReasons = useCallback(
    (message: ChatMessage, reasons: FeedbackReason[], comment: string) => {
      emit({
        type: 'feedback',
        value: 'down',
        messageId: message.id,
        reasons,
        ...(comment ? { comment } : {}),
      })
      onFeedback?.({
        value: 'down',
        messageId: message.id,
        reasons,
        ...(comment ? { comment } : {}),
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
  const historyButtonRef = useRef<HTMLButtonElement>(null)
  const historyId = `${generatedId}-history`
  // Focus waits for the chat to be shown again: a hidden input cannot take it.
  const focusAfterHistory = useRef<'input' | 'button' | null>(null)
  useEffect(() => {
    if (history.open) return
    const target = focusAfterHistory.current
    focusAfterHistory.current = null
    if (target === 'input') ownInputRef.current?.focus()
    else if (target === 'button') historyButtonRef.current?.focus()
  }, [history.open])
  const closeHistory = (reason: HistoryCloseReason) => {
    if (reason === 'switched' || reason === 'new') {
      setStopped(new Set())
      setFeedback({})
    }
    focusAfterHistory.current = reason === 'escape' || reason === 'back' ? 'button' : 'input'
    history.setOpen(false)
  }

  const { messages, status, error } = chat
  const last = messages[messages.length - 1]
  const streaming = status === 'streaming' || status === 'submitted'
  const lastIsAnswer = last?.role === 'assistant'
  const waiting =
    streaming && (!lastIsAnswer || (!helpers.displayText(last).trim() && !helpers.notFound(last)))
  const partial = Boolean(error && lastIsAnswer && helpers.displayText(last).trim())
  const title = siteName ? formatLabel(labels.siteTitle, { siteName }) : labels.title
  // The server says whether a model writes the answers; the AI disclaimer would be wrong without.
  const mode = useAnswerMode(chat.answerMode, answerMode)
  const disclaimer =
    labels.disclaimer && mode === 'extractive' ? labels.disclaimerExtractive : labels.disclaimer

  return (
    <>
      <header className="docchat-header">
        <h2 className="docchat-title" id={headingId}>
          <Icon name="sparkles" />
          {title}
        </h2>
        {headerActions}
        {history.enabled ? (
          <IconButton
            icon="history"
            label={labels.conversations}
            ref={historyButtonRef}
            aria-expanded={history.open}
            aria-controls={history.open ? historyId : undefined}
            aria-busy={history.loading || undefined}
            // Its chunk's head start, as the loader gives the panel's.
            onPointerEnter={history.preload}
            onFocus={history.preload}
            onClick={() => {
              if (history.open) closeHistory('back')
              else history.show()
            }}
          />
        ) : null}
        <IconButton
          icon="plus"
          label={labels.newConversation}
          disabled={messages.length === 0 && !error}
          onClick={() => {
            setStopped(new Set())
            history.conversations.startNew()
            if (history.open) closeHistory('new')
          }}
        />
        {onClose ? <IconButton icon="close" label={labels.close} onClick={onClose} /> : null}
      </header>
      {history.open && history.View ? (
        <div className="docchat-history-view" id={historyId}>
          <history.View chat={chat} conversations={history.conversations} onClose={closeHistory} />
        </div>
      ) : null}
      <div className="docchat-chat-body" hidden={history.open}>
        <ConversationLog
          busy={streaming}
          // The previous page's scroll position is put back once the answers have their final
          // height: rendered by the renderer, not as the plain text shown while it loads; or as
          // plain text, when the renderer could not be loaded (until a later attempt brings it).
          ready={messages.length > 0 && (renderer.module !== undefined || renderer.failed)}
          memoryKey={memoryKey}
        >
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
                    <AttachedContext items={chat.contextOf(message)} />
                    {attachmentsPart ? <attachmentsPart.SentAttachments message={message} /> : null}
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
                    onFeedbackReasons={giveFeedbackReasons}
                    stopped={stopped.has(message.id)}
                    onRegenerate={
                      index === messages.length - 1 && !streaming ? regenerate : undefined
                    }
                    onContinue={
                      index === messages.length - 1 && chat.canContinue ? continueAnswer : undefined
                    }
                    onSourceClick={sourceClick}
                    onSearchDocs={onSearchDocs}
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
          onSend={(text, attachments) => ask(text, 'input', attachments)}
          onStop={stop}
          disclaimer={disclaimer}
        />
      </div>
    </>
  )
}

/**
 * What writes the answers, the same from the first paint to the last answer: the server's word
 * (`X-DocChat-Answer-Mode`) once an answer brought it, else what it said earlier in this tab (on
 * another page), else the `answerMode` option.
 */
function useAnswerMode(
  announced: string | undefined,
  option: 'model' | 'extractive' | undefined,
): string | undefined {
  const { domain } = useDocChat()
  const key = answerModeKey(domain)
  // Read after mounting: storage differs between the server's render and the browser's.
  const [remembered, setRemembered] = useState<string | undefined>()
  useLayoutEffect(() => setRemembered(readAnswerMode(key)), [key])
  useEffect(() => {
    if (announced) writeAnswerMode(key, announced)
  }, [announced, key])
  return announced ?? remembered ?? option
}

function carriesFiles(message: ChatMessage): boolean {
  const files: unknown = (message as { experimental_attachments?: unknown })
    .experimental_attachments
  return Array.isArray(files) && files.length > 0
}

/**
 * When the current error first showed, for the rate-limit countdown. Reports it once, with the
 * detail for developers (console, `onEvent`, `onError`); readers see a plain sentence.
 */
function useErrorTime(error: DocsApiError | undefined): number {
  const seen = useRef<{ error: DocsApiError | undefined; at: number }>({ error: undefined, at: 0 })
  if (seen.current.error !== error) seen.current = { error, at: Date.now() }
  useReportError(error)
  return seen.current.at
}

/**
 * The panel's recent conversations: the store's bounds from the `conversations` option (kept
 * whenever an answer settles, in the panel), and the history view with the export, a chunk
 * loaded when the reader reaches for it. It opens once that chunk is there, so focus moves
 * straight into it; meanwhile the button is busy.
 */
function useConversationHistory(
  chat: AssistantChat,
  option: WidgetOptions['conversations'],
  given: Conversations | undefined,
) {
  const part = useOptionalParts().history
  const enabled = option !== false
  const own = useRecentConversations(chat, option, !given)
  const conversations = given ?? own
  const [open, setOpen] = useState(false)
  const [loading, setLoading] = useState(false)
  const preload = useCallback(() => {
    part.load().catch(() => {})
  }, [part])
  const show = useCallback(() => {
    if (part.current()) {
      setOpen(true)
      return
    }
    setLoading(true)
    part.load().then(
      () => {
        setLoading(false)
        setOpen(true)
      },
      (error: unknown) => {
        setLoading(false)
        console.error('DocChat: could not load the conversation history', error)
      },
    )
  }, [part])
  const View = part.current()?.ConversationHistoryView
  return {
    enabled,
    open: enabled && open,
    setOpen,
    show,
    preload,
    loading,
    conversations,
    View,
  }
}
