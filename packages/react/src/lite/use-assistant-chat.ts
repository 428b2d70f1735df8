'use client'

import type { Message } from '@ai-sdk/react'
import {
  createAnswerBuilder,
  DocsApiError,
  toDocsApiError,
  withoutPastAttachmentData,
} from '@docchat/core'
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import {
  lazyThreadStore,
  reviveMessage,
  useContextItems,
  questionAnnotations,
  useMessageHelpers,
  useRequestBody,
} from '../assistant-chat-shared'
import type {
  AssistantChat,
  AssistantChatStatus,
  SendOptions,
  UseAssistantChatOptions,
} from '../use-assistant-chat'
import { chatStore } from './chat-store'
import { scheduleFrame } from '../schedule-frame'
import { useDocChat } from './provider'

let idCounter = 0
/** Message ids until the stream names its own (`f:`), like useChat's generated ones. */
function messageId(): string {
  return `m${Date.now().toString(36)}${(++idCounter).toString(36)}${Math.random().toString(36).slice(2, 8)}`
}

/**
 * `useAssistantChat` for the drop-in: the same contract as the package's useChat-based hook, on
 * core's assistant connection directly (`connection.ask` → batches of parsed events → the v4
 * message), without the AI SDK's parser, SWR or the re-encoding of the stream for them.
 * Behaviour it keeps from useChat: the question shows at once; a stop keeps the partial answer
 * without an error; a failure keeps what streamed and shows the error; `regenerate` drops the
 * last answer and asks again; hooks with one chat id share the conversation.
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
  const store = useMemo(() => chatStore(chatId), [chatId])
  const state = useSyncExternalStore(store.subscribe, store.get, store.get)

  const [thread, setThread] = useState(() => undefined as AssistantChat['thread'])
  const { context, contextRef, addContext, removeContext, clearContext } = useContextItems()
  const [dismissedError, setDismissedError] = useState<unknown>(undefined)
  const [hydrated, setHydrated] = useState(false)
  const [answerMode, setAnswerMode] = useState<string | undefined>(undefined)
  const callbacks = useRef({ onFinish, onError, onThreadExpired: options.onThreadExpired })
  callbacks.current = { onFinish, onError, onThreadExpired: options.onThreadExpired }
  const throttleRef = useRef(throttleMs)
  throttleRef.current = throttleMs

  const connection = useMemo(
    () =>
      client.connectAssistant(domain, {
        threadStore: persist ? lazyThreadStore(getThreadStore) : undefined,
        onThread: setThread,
        onThreadExpired: (expired) => callbacks.current.onThreadExpired?.(expired),
      }),
    [client, domain, persist, getThreadStore],
  )

  const setMessages = useCallback((messages: Message[]) => store.set({ messages }), [store])

  useEffect(() => {
    if (!persist) {
      setHydrated(true)
      return
    }
    const threadStore = getThreadStore()
    setThread(threadStore.get(domain))
    const stored = threadStore.getMessages<Message>(domain)
    if (stored.length > 0 && store.get().messages.length === 0) {
      store.set({ messages: stored.map(reviveMessage) })
    }
    setHydrated(true)
  }, [domain, persist, getThreadStore, store])

  const settled = state.status === 'ready' || state.status === 'error'
  useEffect(() => {
    if (!persist || !hydrated || !settled) return
    getThreadStore().setMessages(domain, state.messages)
  }, [persist, hydrated, settled, state.messages, domain, getThreadStore])

  const run = useCallback(
    async (history: Message[], body: Record<string, unknown>) => {
      store.controller?.abort()
      const controller = new AbortController()
      store.controller = controller
      store.set({ messages: history, status: 'submitted', error: undefined })
      const builder = createAnswerBuilder({ id: messageId() })
      let lastFlush = 0
      let unflushed = false
      let cancelFrame: (() => void) | undefined
      // Without a throttle, one render per frame: the useChat path gets text merged over 32 ms
      // by the connection; here the chunks of one frame make one snapshot.
      const flush = (force: boolean) => {
        if (!unflushed) return
        const wait = throttleRef.current ?? 0
        if (!force && wait > 0 && Date.now() - lastFlush < wait) return
        if (!force && wait <= 0) {
          cancelFrame ??= scheduleFrame(() => {
            cancelFrame = undefined
            flush(true)
          })
          return
        }
        cancelFrame?.()
        cancelFrame = undefined
        lastFlush = Date.now()
        unflushed = false
        store.set({ messages: [...history, builder.message() as Message], status: 'streaming' })
      }
      try {
        const stream = await connection.ask(
          { messages: withoutPastAttachmentData(history), ...body } as unknown as Parameters<
            typeof connection.ask
          >[0],
          { signal: controller.signal, continueThread: true },
        )
        const mode = stream.response.headers.get('x-docchat-answer-mode')
        if (mode) setAnswerMode(mode)
        for await (const batch of stream.batches()) {
          for (const event of batch) {
            builder.apply(event)
            unflushed = true
          }
          flush(false)
        }
        flush(true)
        builder.end()
        if (store.controller === controller) store.controller = undefined
        store.set({ status: 'ready' })
        callbacks.current.onFinish?.(builder.message() as Message)
      } catch (caught) {
        const cancel = cancelFrame
        cancelFrame = undefined
        cancel?.()
        const stopped =
          controller.signal.aborted ||
          (DocsApiError.isInstance(caught) && caught.kind === 'aborted')
        if (store.controller === controller) store.controller = undefined
        // What streamed before a stop or a failure stays on screen, as with useChat.
        if (!store.controller) flush(true)
        // A newer question replaced this one: its state is not ours to touch.
        if (store.controller && store.controller !== controller) return
        if (stopped) {
          store.set({ status: 'ready' })
          return
        }
        const error = toDocsApiError(caught)
        callbacks.current.onError?.(error)
        store.set({ status: 'error', error })
      }
    },
    [store, connection],
  )

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
      const question: Message = {
        id: messageId(),
        createdAt: new Date(),
        role: 'user',
        content: text,
        parts: [{ type: 'text', text }],
        ...questionAnnotations(body),
        ...(sendOptions.attachments?.length
          ? { experimental_attachments: sendOptions.attachments }
          : {}),
      }
      await run([...store.get().messages, question], body)
    },
    [requestBody, clearContext, run, store],
  )

  const regenerate = useCallback(async () => {
    setDismissedError(undefined)
    const messages = store.get().messages
    if (messages.length === 0) return
    const history = messages.at(-1)?.role === 'assistant' ? messages.slice(0, -1) : messages
    await run(history, requestBody([]))
  }, [run, requestBody, store])

  const stop = useCallback(() => {
    store.controller?.abort()
    store.controller = undefined
  }, [store])

  const newThread = useCallback(() => {
    stop()
    store.set({ messages: [] })
    connection.clearThread()
    setThread(undefined)
    if (persist) getThreadStore().setMessages(domain, [])
    setDismissedError(store.get().error)
  }, [stop, store, connection, persist, getThreadStore, domain])

  const visibleError = state.error && state.error !== dismissedError ? state.error : undefined
  const status: AssistantChatStatus =
    state.status === 'ready' || (state.status === 'error' && !visibleError) ? 'idle' : state.status
  const helpers = useMessageHelpers(docsBaseUrl)

  return {
    id: chatId,
    messages: state.messages,
    status,
    isLoading: status === 'submitted' || status === 'streaming',
    error: visibleError,
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
