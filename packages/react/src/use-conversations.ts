'use client'

import type { Message } from '@ai-sdk/react'
import {
  apiStorageOrigin,
  type ContextItem,
  type ConversationMarkdownLabels,
  type ConversationStore,
  conversationIdOf,
  conversationTitle,
  conversationToMarkdown,
  createConversationStore,
  reviveMessage,
  type StoredConversation,
  type ThreadIdentity,
} from '@docchat/core'
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import type { AssistantChat } from './assistant-chat'

/** Where the chat keeps its thread: the provider's thread store (`useDocChat().getThreadStore`). */
export interface ThreadStoreAccess {
  /** The API origin its threads belong to; the conversations are kept under the same one. */
  readonly apiOrigin?: string
  get(domain: string): ThreadIdentity | undefined
  set(domain: string, thread: ThreadIdentity): void
  /** The stored messages (`ThreadStore.getMessages`): the current conversation before the chat read them back. */
  getMessages?<T = unknown>(domain: string): T[]
}

export interface UseConversationsOptions {
  /** The documentation domain (`useDocChat().domain`): conversations are kept per domain. */
  domain: string
  /**
   * The chat's thread store (`useDocChat().getThreadStore`), read when needed. Switching sets the
   * other conversation's thread there, so its follow-ups continue it on the server. Without it
   * (or with `persist: false` on the chat) a switched conversation continues as a new thread.
   */
  getThreadStore?: (() => ThreadStoreAccess) | undefined
  /** Your own store (e.g. another namespace or storage). Defaults to one from the options below. */
  store?: ConversationStore | undefined
  /**
   * The client's `baseUrl` (`useDocChat().client.baseUrl`): conversations, with their threads and
   * keys, are kept per its origin. Defaults to the thread store's `apiOrigin`, else the default API.
   */
  apiBaseUrl?: string | undefined
  /** Most conversations kept. Defaults to `20`. */
  maxCount?: number | undefined
  /** Most bytes of JSON kept, all conversations together. Defaults to `1000000`. */
  maxBytes?: number | undefined
  /** `false` keeps nothing and lists nothing. Defaults to `true`. */
  enabled?: boolean | undefined
}

export interface ConversationMarkdownExportOptions {
  /** Context each question was sent with. Defaults to the chat's `contextOf` (kept on the question). */
  contextOf?: (message: Message) => ReadonlyArray<ContextItem> | undefined
  labels?: Partial<ConversationMarkdownLabels>
  /** Sources and relative links resolve under it. Defaults to none (as the chat resolved them). */
  docsBaseUrl?: string
}

/** The recent conversations, as both engines give them (the drop-in's has no Markdown export). */
export interface ConversationList {
  /** Recent conversations of the domain, newest first (the current one included once it has a question). */
  list: ReadonlyArray<StoredConversation<Message>>
  /** The id of the conversation on screen (its first message's), if it has begun. */
  currentId: string | undefined
  /** Keeps the current conversation and shows the other one, with its thread. */
  switchTo: (id: string) => void
  /** Forgets a conversation (the current one too: the chat starts afresh). Returns it, for an undo. */
  remove: (id: string) => StoredConversation<Message> | undefined
  /** Puts back a removed conversation (an undo). */
  restore: (conversation: StoredConversation<Message>) => void
  /** Keeps the current conversation and starts a new one. */
  startNew: () => void
  /** The title of a conversation (the current one by default): its first question. */
  titleOf: (id?: string) => string
}

export interface Conversations extends ConversationList {
  /** A conversation (the current one by default) as Markdown; see `conversationToMarkdown`. */
  toMarkdown: (id?: string, options?: ConversationMarkdownExportOptions) => string
}

const noConversations: ReadonlyArray<StoredConversation<Message>> = []
const noop = () => () => {}

/**
 * Recent conversations next to `useAssistantChat`: the current one is kept whenever an answer
 * settles, and switching keeps it, then loads the other's messages and thread identity through the
 * chat's public API (`newThread`, `setMessages`). Works with both engines (the drop-in's too).
 */
export function useConversations(
  chat: AssistantChat,
  options: UseConversationsOptions,
): Conversations {
  const [conversations, messagesOf] = useConversationList(chat, options)
  const latest = useRef(chat)
  latest.current = chat
  const toMarkdown = useCallback(
    (id?: string, exportOptions: ConversationMarkdownExportOptions = {}) => {
      const helpers = latest.current
      return conversationToMarkdown(messagesOf(id), {
        answerText: (message) => helpers.displayText(message),
        sources: (message) => helpers.sources(message),
        contextOf: exportOptions.contextOf ?? ((message) => helpers.contextOf(message)),
        ...(exportOptions.labels ? { labels: exportOptions.labels } : {}),
        docsBaseUrl: exportOptions.docsBaseUrl,
      })
    },
    [messagesOf],
  )
  return useMemo(() => ({ ...conversations, toMarkdown }), [conversations, toMarkdown])
}

/**
 * The conversations without the Markdown export (about 7 KB gzip of core's, which the drop-in's
 * panel goes without: its history chunk renders the export itself), and the messages of one.
 */
export function useConversationList(
  chat: AssistantChat,
  options: UseConversationsOptions,
): [ConversationList, (id: string | undefined) => Message[]] {
  const { domain, getThreadStore, maxCount, maxBytes, enabled = true, apiBaseUrl } = options
  const ownStore = useRef<ConversationStore | undefined>(undefined)
  // Created on the client only (the server snapshot is empty), like the thread store, and again
  // when the API origin changes: conversations never follow a widget to another host.
  const getStore = useCallback(() => {
    if (options.store) return options.store
    const apiOrigin = apiStorageOrigin(apiBaseUrl ?? getThreadStore?.().apiOrigin)
    if (ownStore.current?.apiOrigin !== apiOrigin) {
      ownStore.current = createConversationStore({
        apiBaseUrl: apiOrigin,
        ...(maxCount !== undefined ? { maxCount } : {}),
        ...(maxBytes !== undefined ? { maxBytes } : {}),
      })
    }
    return ownStore.current
  }, [options.store, apiBaseUrl, getThreadStore, maxCount, maxBytes])

  const subscribe = useCallback(
    (onChange: () => void) =>
      getStore().subscribe((changed) => {
        if (changed === domain) onChange()
      }),
    [getStore, domain],
  )
  const list = useSyncExternalStore(
    enabled ? subscribe : noop,
    () => (enabled ? getStore().list<Message>(domain) : noConversations),
    () => noConversations,
  )

  const latest = useRef(chat)
  latest.current = chat
  const threadOf = useCallback(
    (): ThreadIdentity | undefined => getThreadStore?.().get(domain) ?? latest.current.thread,
    [getThreadStore, domain],
  )

  const keepCurrent = useCallback(() => {
    if (!enabled) return
    let messages: readonly Message[] = latest.current.messages
    // The chat reads its stored conversation back in an effect after mounting: a hand-off in the
    // same effects (a deep link) starts anew before that, and the stored one is the current one.
    if (messages.length === 0) {
      messages = (getThreadStore?.().getMessages?.<Message>(domain) ?? []).map(reviveMessage)
    }
    if (messages.length === 0) return
    getStore().save(domain, { messages, thread: threadOf() })
  }, [enabled, getStore, domain, threadOf, getThreadStore])

  // Kept whenever an answer settles (not per streamed token).
  const settled = !chat.isLoading
  useEffect(() => {
    if (settled && chat.messages.length > 0) keepCurrent()
  }, [settled, chat.messages, keepCurrent])

  const currentId = conversationIdOf(chat.messages)

  const switchTo = useCallback(
    (id: string) => {
      const target = getStore().get<Message>(domain, id)
      if (!target || id === conversationIdOf(latest.current.messages)) return
      keepCurrent()
      latest.current.newThread()
      if (target.thread) getThreadStore?.().set(domain, target.thread)
      latest.current.setMessages(target.messages.map(reviveMessage))
    },
    [getStore, domain, keepCurrent, getThreadStore],
  )

  const remove = useCallback(
    (id: string) => {
      const store = getStore()
      const removed = store.get<Message>(domain, id)
      store.remove(domain, id)
      if (id === conversationIdOf(latest.current.messages)) latest.current.newThread()
      return removed
    },
    [getStore, domain],
  )

  const restore = useCallback(
    (conversation: StoredConversation<Message>) => {
      getStore().save(domain, {
        id: conversation.id,
        messages: conversation.messages,
        thread: conversation.thread,
        updatedAt: conversation.updatedAt,
      })
    },
    [getStore, domain],
  )

  const startNew = useCallback(() => {
    keepCurrent()
    latest.current.newThread()
  }, [keepCurrent])

  const messagesOf = useCallback(
    (id: string | undefined): Message[] => {
      const current = latest.current.messages
      if (id === undefined || id === conversationIdOf(current)) return current
      return getStore().get<Message>(domain, id)?.messages ?? []
    },
    [getStore, domain],
  )

  const titleOf = useCallback((id?: string) => conversationTitle(messagesOf(id)), [messagesOf])

  const conversations = useMemo(
    () => ({ list, currentId, switchTo, remove, restore, startNew, titleOf }),
    [list, currentId, switchTo, remove, restore, startNew, titleOf],
  )
  return [conversations, messagesOf]
}
