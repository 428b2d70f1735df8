'use client'

import { type Message, useChat } from '@ai-sdk/react'
import {
  type AnswerRunner,
  type ContextItem,
  type DocsApiError,
  type DocsMessage,
  type QuestionFields,
  questionRequest,
  type SearchFilter,
  type SendOptions,
  type ThreadIdentity,
  toDocsApiError,
} from '@docchat/core'
import { useEffect, useMemo } from 'react'
import type { MessageSource } from './message-sources'
import type { MessageSuggestion } from './message-suggestions'
import type { MessageLike } from './message-parts'
import { useDocChat } from './provider'
import { useAssistantChatOf, useDocsChat } from './use-docs-chat'

export type { SendOptions }

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
  /**
   * Continues the last answer where it stopped, as the same answer (no new question): offered
   * when `canContinue`.
   */
  continue: () => Promise<void>
  /**
   * The last answer was stopped or cut before its end, the server can continue it
   * (`X-DocChat-Continue: 1`), and nothing is under way.
   */
  canContinue: boolean
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
 * thread continuity, persistence, typed errors and the helpers an answer UI needs. `useChat`
 * streams the messages; all else is core's chat (`DocsChat`), the state machine the drop-in's
 * engine runs too.
 */
export function useAssistantChat(options: UseAssistantChatOptions = {}): AssistantChat {
  const scope = useDocChat()
  const [chat, snapshot] = useDocsChat(scope, options)
  const stream = useChat({
    id: chat.id,
    // Ids from the chat: nothing random during a render (useChat draws one in a useState
    // initializer, which Next.js `cacheComponents` refuses), unique across reloads after.
    generateId: chat.generateId,
    api: scope.client.assistantUrl(scope.domain),
    streamProtocol: 'data',
    // The contract's flag: messages go whole. The body itself is core's one question builder,
    // so both engines send the same request.
    sendExtraMessageFields: true,
    experimental_prepareRequestBody: ({ messages, requestBody }) =>
      questionRequest(messages as DocsMessage[], requestBody as QuestionFields),
    // Core's connection: validation, timeout, retries, the thread; the answer parsed once.
    fetch: async (input, init) => {
      const response = await chat.connection.fetch(input, init)
      chat.answered(response)
      return response
    },
    experimental_throttle: options.throttleMs,
    onFinish: (message) => chat.finished(message as DocsMessage),
    onError: (error) => chat.failed(error),
  })
  chat.setRunner(useChatRunner(stream))
  const messages = stream.messages as DocsMessage[]
  const { status } = stream
  // The connection rejects with `DocsApiError`s already; this only types what useChat holds.
  const error = useMemo(
    () => (stream.error ? toDocsApiError(stream.error) : undefined),
    [stream.error],
  )
  useEffect(() => {
    chat.report({ messages, status, error })
  }, [chat, messages, status, error])
  return useAssistantChatOf(chat, { ...snapshot, messages, status, error }, scope.docsBaseUrl)
}

/** useChat as the chat's answer runner: asking is `append` (of the question, or the partial answer). */
function useChatRunner(stream: ReturnType<typeof useChat>): AnswerRunner {
  const { messages, setMessages, append, stop } = stream
  return {
    messages: () => messages as DocsMessage[],
    setMessages: (next) => setMessages(next as Message[]),
    async ask(next, fields) {
      const before = next.slice(0, -1)
      if (before.length !== messages.length || before.some((m, i) => m !== messages[i])) {
        setMessages(before as Message[])
      }
      await append(next.at(-1) as Message, { body: fields as Record<string, unknown> })
    },
    stop,
  }
}
