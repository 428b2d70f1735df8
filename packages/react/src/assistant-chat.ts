import type { Message } from '@ai-sdk/react'
import type {
  ContextItem,
  DocsApiError,
  SearchFilter,
  SendOptions,
  ThreadIdentity,
} from '@docchat/core'
import type { MessageSource } from './message-sources'
import type { MessageSuggestion } from './message-suggestions'
import type { MessageLike } from './message-parts'

/*
 * What a UI gets from either engine's `useAssistantChat` (the package's, over AI SDK v4's
 * `useChat`, and the drop-in's): the one contract both return, apart from either hook.
 */

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
