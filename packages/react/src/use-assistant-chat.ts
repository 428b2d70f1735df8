'use client'

import { type Message, useChat } from '@ai-sdk/react'
import {
  type ContextItem,
  type DocsApiError,
  type SearchFilter,
  type ThreadIdentity,
  toDocsApiError,
} from '@docchat/core'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { type MessageSource, getMessageSources } from './message-sources'
import {
  getMessageDisplayText,
  getMessageSuggestions,
  type MessageSuggestion,
} from './message-suggestions'
import { isMessageNotFound } from './message-not-found'
import type { MessageLike } from './message-parts'
import { useDocChat } from './provider'
import { type AssistantResponseInfo, createThreadCapturingFetch } from './thread-capturing-fetch'

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
}

export interface SendOptions {
  /** Context for this question only, sent with (after) the pending `context` items. */
  context?: ContextItem[]
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
  /** Context items sent with the next question, then cleared. */
  context: ContextItem[]
  addContext: (item: ContextItem | ContextItem[]) => void
  removeContext: (item: ContextItem | number) => void
  clearContext: () => void
}

const maxCurrentPathLength = 200

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
  // The fetch wrapper and `send` need the newest thread without waiting for a render.
  const threadRef = useRef<ThreadIdentity | undefined>(undefined)
  const sentThreadRef = useRef<ThreadIdentity | undefined>(undefined)
  const responseRef = useRef<AssistantResponseInfo | undefined>(undefined)
  const errorHints = useRef(new WeakMap<object, AssistantResponseInfo | undefined>())
  const [context, setContext] = useState<ContextItem[]>([])
  const contextRef = useRef<ContextItem[]>([])
  const [dismissedError, setDismissedError] = useState<unknown>(undefined)
  const [hydrated, setHydrated] = useState(false)
  const callbacks = useRef({ onFinish, onError })
  callbacks.current = { onFinish, onError }

  const rememberThread = useCallback(
    (next: ThreadIdentity | undefined) => {
      threadRef.current = next
      setThread(next)
      if (!persist) return
      const store = getThreadStore()
      if (next) store.set(domain, next)
      else store.clear(domain)
    },
    [domain, persist, getThreadStore],
  )

  const learnThread = useCallback(
    (learned: ThreadIdentity) => {
      const known = threadRef.current ?? sentThreadRef.current
      // A key is returned once, when the thread is created: keep the stored one afterwards.
      const threadKey =
        learned.threadKey ?? (known?.threadId === learned.threadId ? known.threadKey : undefined)
      const current = threadRef.current
      if (current?.threadId === learned.threadId && current.threadKey === threadKey) return
      rememberThread(
        threadKey ? { threadId: learned.threadId, threadKey } : { threadId: learned.threadId },
      )
    },
    [rememberThread],
  )

  const chatFetch = useMemo(
    () =>
      createThreadCapturingFetch({
        fetch: (input, init) => client.fetch(input, init),
        onResponse: (info) => {
          responseRef.current = info
          // Documented: a thread id without its key, or a thread the server forgot, is a 404.
          if (info.status === 404 && sentThreadRef.current) {
            sentThreadRef.current = undefined
            rememberThread(undefined)
          }
        },
        onThread: learnThread,
      }),
    [client, learnThread, rememberThread],
  )

  const headers = useMemo(() => client.assistantHeaders(), [client])

  const chat = useChat({
    id: chatId,
    api: client.assistantUrl(domain),
    streamProtocol: 'data',
    sendExtraMessageFields: true,
    headers,
    fetch: chatFetch,
    experimental_throttle: throttleMs,
    onFinish: (message) => callbacks.current.onFinish?.(message),
    onError: (error) => {
      errorHints.current.set(error, responseRef.current)
      callbacks.current.onError?.(toDocsApiError(error, hintFor(responseRef.current)))
    },
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
    const storedThread = store.get(domain)
    threadRef.current = storedThread
    setThread(storedThread)
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

  const requestBody = useCallback(
    (extraContext: ContextItem[]) => {
      const items = [...contextRef.current, ...extraContext]
      const path = typeof currentPath === 'function' ? currentPath() : currentPath
      const pagePath = path ?? (typeof location === 'undefined' ? undefined : location.pathname)
      const sent = threadRef.current
      sentThreadRef.current = sent
      return {
        fp,
        retrievalPageSize,
        ...(filter ? { filter } : {}),
        ...(items.length > 0 ? { context: items } : {}),
        ...(pagePath ? { currentPath: pagePath.slice(0, maxCurrentPathLength) } : {}),
        // Per call, not through useChat's `body` option: that ref updates in an effect, too late
        // for a follow-up sent right after an answer finishes.
        ...(sent ? { threadId: sent.threadId } : {}),
        ...(sent?.threadKey ? { threadKey: sent.threadKey } : {}),
      }
    },
    [fp, retrievalPageSize, filter, currentPath],
  )

  const send = useCallback(
    async (text: string, sendOptions: SendOptions = {}) => {
      const body = requestBody(sendOptions.context ?? [])
      contextRef.current = []
      setContext([])
      setDismissedError(undefined)
      await append({ role: 'user', content: text }, { body })
    },
    [append, requestBody],
  )

  const regenerate = useCallback(async () => {
    setDismissedError(undefined)
    await reload({ body: requestBody([]) })
  }, [reload, requestBody])

  const newThread = useCallback(() => {
    stop()
    setMessages([])
    sentThreadRef.current = undefined
    rememberThread(undefined)
    if (persist) getThreadStore().setMessages(domain, [])
    setDismissedError(chat.error)
  }, [stop, setMessages, rememberThread, persist, getThreadStore, domain, chat.error])

  const addContext = useCallback((item: ContextItem | ContextItem[]) => {
    const items = Array.isArray(item) ? item : [item]
    const next = [...contextRef.current]
    for (const candidate of items) {
      if (!next.some((existing) => sameContextItem(existing, candidate))) next.push(candidate)
    }
    contextRef.current = next
    setContext(next)
  }, [])

  const removeContext = useCallback((item: ContextItem | number) => {
    const next = contextRef.current.filter((existing, index) =>
      typeof item === 'number' ? index !== item : !sameContextItem(existing, item),
    )
    contextRef.current = next
    setContext(next)
  }, [])

  const clearContext = useCallback(() => {
    contextRef.current = []
    setContext([])
  }, [])

  const visibleError = chat.error && chat.error !== dismissedError ? chat.error : undefined
  const error = useMemo(
    () =>
      visibleError
        ? toDocsApiError(visibleError, hintFor(errorHints.current.get(visibleError)))
        : undefined,
    [visibleError],
  )

  const status: AssistantChatStatus =
    chat.status === 'ready'
      ? 'idle'
      : chat.status === 'error' && !visibleError
        ? 'idle'
        : chat.status

  const helpers = useMemo(
    () => ({
      sources: (message: MessageLike) => getMessageSources(message, { docsBaseUrl }),
      suggestions: (message: MessageLike) => getMessageSuggestions(message, { docsBaseUrl }),
      displayText: (message: MessageLike) => getMessageDisplayText(message),
      notFound: (message: MessageLike) => isMessageNotFound(message),
    }),
    [docsBaseUrl],
  )

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
    context,
    addContext,
    removeContext,
    clearContext,
  }
}

function hintFor(info: AssistantResponseInfo | undefined) {
  // A 200 that later fails (error part, cut stream) is not an HTTP error: let the message decide.
  if (!info || (info.status >= 200 && info.status < 300)) return undefined
  return { status: info.status, headers: info.headers }
}

function sameContextItem(a: ContextItem, b: ContextItem): boolean {
  return (
    a.type === b.type && a.value === b.value && a.elementId === b.elementId && a.path === b.path
  )
}

function reviveMessage(message: Message): Message {
  const createdAt = message.createdAt
  return typeof createdAt === 'string' ? { ...message, createdAt: new Date(createdAt) } : message
}
