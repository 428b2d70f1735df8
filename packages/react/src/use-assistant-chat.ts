'use client'

import { type Message, useChat } from '@ai-sdk/react'
import {
  type Attachment,
  type ContextItem,
  type DocsApiError,
  type SearchFilter,
  type ThreadIdentity,
  toDocsApiError,
} from '@docchat/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  lazyThreadStore,
  requestWithoutPastAttachmentData,
  reviveMessage,
  useContextItems,
  questionAnnotations,
  useMessageHelpers,
  useRequestBody,
} from './assistant-chat-shared'
import type { MessageSource } from './message-sources'
import type { MessageSuggestion } from './message-suggestions'
import type { MessageLike } from './message-parts'
import { useDocChat } from './provider'

export type AssistantChatStatus = 'idle' | 'submitted' | 'streaming' | 'error'

export interface UseAssistantChatOptions {
  /**
   * Chat id; hooks with the same id under one provider share the conversation. Defaults to one
   * conversation per provider and domain.
   */
  id?: string
  /** Search results the assistant retrieves as context. Defaults to `5`. */
  retrievalPageSize?: number
  filter?: SearchFilter
  /** Page the reader is on (≤ 200 characters). Defaults to `location.pathname` at send time. */
  currentPath?: string | (() => string | undefined)
  /** Persist the thread and messages in the provider's thread store. Defaults to `true`. */
  persist?: boolean
  /** Throttle of streamed updates in ms. Defaults to none (every chunk renders). */
  throttleMs?: number
  onFinish?: (message: Message) => void
  onError?: (error: DocsApiError) => void
  /**
   * The server no longer knew the thread (404: expired, or its key was lost), so the question
   * was sent again as a new conversation; the messages stay.
   */
  onThreadExpired?: (expired: ThreadIdentity) => void
}

export interface SendOptions {
  /** Context for this question only, sent with (after) the pending `context` items. */
  context?: ContextItem[]
  /**
   * Files for this question (`experimental_attachments`: data URLs or uploaded URLs; core's
   * `toAttachment` makes them from `File`s). Shown in the question and stored with the thread.
   */
  attachments?: Attachment[]
}

export interface AssistantChat {
  id: string
  messages: Message[]
  status: AssistantChatStatus
  /** Whether a request is under way (`submitted` or `streaming`). */
  isLoading: boolean
  error: DocsApiError | undefined
  /** Thread identity sent with the next question; `undefined` before the first answer. */
  thread: ThreadIdentity | undefined
  send: (text: string, options?: SendOptions) => Promise<void>
  stop: () => void
  /** Asks again for the last answer. */
  regenerate: () => Promise<void>
  /** Forgets the conversation and its thread (memory and storage). */
  newThread: () => void
  setMessages: (messages: Message[]) => void
  sources: (message: MessageLike) => MessageSource[]
  suggestions: (message: MessageLike) => MessageSuggestion[]
  /** The message's text with the ```suggestions block removed. */
  displayText: (message: MessageLike) => string
  notFound: (message: MessageLike) => boolean
  /**
   * The context items a question was sent with. They are kept on the question (an annotation), so
   * they survive a reload, a switch of conversation and an export.
   */
  contextOf: (message: MessageLike) => ContextItem[]
  /**
   * How the server says it writes answers (`X-DocChat-Answer-Mode`): `'extractive'` (copied from
   * the docs, no model) or `'model'`; `undefined` until an answer arrives or if it doesn't say.
   */
  answerMode: string | undefined
  /** Context items sent with the next question, then cleared. */
  context: ContextItem[]
  addContext: (item: ContextItem | ContextItem[]) => void
  removeContext: (item: ContextItem | number) => void
  clearContext: () => void
}

/**
 * The docs assistant: AI SDK v4 `useChat` wired to the Mintlify-compatible v1 endpoint, with
 * thread continuity, persistence, typed errors and the helpers an answer UI needs.
 */
export function useAssistantChat(options: UseAssistantChatOptions = {}): AssistantChat {
  const { client, domain, fp, docsBaseUrl, getThreadStore, instanceId } = useDocChat()
  const {
    retrievalPageSize = 5,
    filter,
    currentPath,
    persist = true,
    throttleMs,
    onFinish,
    onError,
  } = options
  const chatId = options.id ?? `docchat:${instanceId}:${domain}`

  const [thread, setThread] = useState<ThreadIdentity | undefined>(undefined)
  const { context, contextRef, addContext, removeContext, clearContext } = useContextItems()
  const [dismissedError, setDismissedError] = useState<unknown>(undefined)
  const [hydrated, setHydrated] = useState(false)
  const [answerMode, setAnswerMode] = useState<string | undefined>(undefined)
  const callbacks = useRef({ onFinish, onError, onThreadExpired: options.onThreadExpired })
  callbacks.current = { onFinish, onError, onThreadExpired: options.onThreadExpired }

  // Core's assistant connection owns the request: validation, timeout, retries, the thread and
  // the stale-thread policy. Its `fetch` hands useChat the answer parsed once, text merged.
  const connection = useMemo(
    () =>
      client.connectAssistant(domain, {
        // Read at send time, so the store is never created during a server render.
        threadStore: persist ? lazyThreadStore(getThreadStore) : undefined,
        onThread: setThread,
        onThreadExpired: (expired) => callbacks.current.onThreadExpired?.(expired),
      }),
    [client, domain, persist, getThreadStore],
  )

  const chat = useChat({
    id: chatId,
    api: client.assistantUrl(domain),
    streamProtocol: 'data',
    sendExtraMessageFields: true,
    fetch: async (input, init) => {
      const response = await connection.fetch(input, requestWithoutPastAttachmentData(init))
      const mode = response.headers.get('x-docchat-answer-mode')
      if (mode) setAnswerMode(mode)
      return response
    },
    experimental_throttle: throttleMs,
    onFinish: (message) => callbacks.current.onFinish?.(message),
    onError: (error) => callbacks.current.onError?.(toDocsApiError(error)),
  })
  const { setMessages, append, reload, stop } = chat
  const messagesRef = useRef(chat.messages)
  messagesRef.current = chat.messages

  useEffect(() => {
    if (!persist) {
      setHydrated(true)
      return
    }
    const store = getThreadStore()
    setThread(store.get(domain))
    const storedMessages = store.getMessages<Message>(domain)
    if (storedMessages.length > 0 && messagesRef.current.length === 0) {
      setMessages(storedMessages.map(reviveMessage))
    }
    setHydrated(true)
  }, [domain, persist, getThreadStore, setMessages])

  const settled = chat.status === 'ready' || chat.status === 'error'
  useEffect(() => {
    if (!persist || !hydrated || !settled) return
    getThreadStore().setMessages(domain, chat.messages)
  }, [persist, hydrated, settled, chat.messages, domain, getThreadStore])

  const requestBody = useRequestBody({
    fp,
    retrievalPageSize,
    filter,
    currentPath,
    pending: contextRef,
  })

  const send = useCallback(
    async (text: string, sendOptions: SendOptions = {}) => {
      const body = requestBody(sendOptions.context ?? [])
      clearContext()
      setDismissedError(undefined)
      const attachments = sendOptions.attachments ?? []
      await append(
        { role: 'user', content: text, ...questionAnnotations(body) },
        attachments.length > 0 ? { body, experimental_attachments: attachments } : { body },
      )
    },
    [append, requestBody, clearContext],
  )

  const regenerate = useCallback(async () => {
    setDismissedError(undefined)
    await reload({ body: requestBody([]) })
  }, [reload, requestBody])

  const newThread = useCallback(() => {
    stop()
    setMessages([])
    connection.clearThread()
    setThread(undefined)
    if (persist) getThreadStore().setMessages(domain, [])
    setDismissedError(chat.error)
  }, [stop, setMessages, connection, persist, getThreadStore, domain, chat.error])

  const visibleError = chat.error && chat.error !== dismissedError ? chat.error : undefined
  // The connection rejects with `DocsApiError`s already; this only types what useChat holds.
  const error = useMemo(
    () => (visibleError ? toDocsApiError(visibleError) : undefined),
    [visibleError],
  )

  const status: AssistantChatStatus =
    chat.status === 'ready'
      ? 'idle'
      : chat.status === 'error' && !visibleError
        ? 'idle'
        : chat.status

  const helpers = useMessageHelpers(docsBaseUrl)

  return {
    id: chatId,
    messages: chat.messages,
    status,
    isLoading: status === 'submitted' || status === 'streaming',
    error,
    thread,
    send,
    stop,
    regenerate,
    newThread,
    setMessages,
    ...helpers,
    answerMode,
    context,
    addContext,
    removeContext,
    clearContext,
  }
}
