import { boundAttachmentData } from './attachment-data'
import { isDocsMessage } from './message-shape'
import { createDomainListeners } from './domain-listeners'
import { createSafeStorage, type StorageOption } from './safe-storage'
import type { ThreadIdentity } from './thread-identity'
import { apiStorageOrigin, maxStoredChars, serialisedOrWarn, storageKeys } from './thread-store'
import { type DocsWarningHandler, reportWarning } from './warnings'

export interface ConversationStoreOptions {
  /** `'local'` (`localStorage` when available, else memory), `'memory'`, or your own storage. Defaults to `'local'`. */
  storage?: StorageOption
  /** Separates several assistants on one origin; the same as the thread store's. Defaults to `'default'`. */
  namespace?: string
  /**
   * The client's `baseUrl` (API or proxy), as the thread store's: conversations (threads and keys
   * included) are kept per its origin, so a widget pointed at another host never lists them.
   * Defaults to the default API, which also takes over what was stored before.
   */
  apiBaseUrl?: string | null
  /** Most conversations kept per domain (the most recently updated win). Defaults to `20`. */
  maxCount?: number
  /** Most bytes (UTF-8 JSON) kept per domain, all conversations together; the oldest go first. Defaults to `1000000`. */
  maxBytes?: number
  onWarning?: DocsWarningHandler
  /** Which stored messages are valid; an entry holding any other is dropped. Defaults to `isDocsMessage`. */
  isMessage?: (value: unknown) => boolean
}

/** One recent conversation: what the history lists and what switching to it restores. */
export interface StoredConversation<TMessage = unknown> {
  /** The id of its first message: stable for the conversation's lifetime. */
  id: string
  /** The first question, on one line, trimmed. */
  title: string
  /** Milliseconds since the epoch of the last change to its messages. */
  updatedAt: number
  /** The server thread it continues, when one was learned. */
  thread?: ThreadIdentity
  messages: TMessage[]
}

export interface SaveConversationInput<TMessage = unknown> {
  messages: readonly TMessage[]
  thread?: ThreadIdentity | undefined
  /** Defaults to the id of the first message. */
  id?: string
  /** Defaults to now when the messages changed, else the stored time. */
  updatedAt?: number
}

/**
 * Recent conversations per documentation domain (DocSearch keeps its AI conversations the same
 * way), bounded in count and bytes. Everything read back is checked: a bad entry is dropped with a
 * `storage-invalid` warning, never thrown. Stored under
 * `docchat:<namespace>@<API origin>:conversations:<domain>`.
 */
export interface ConversationStore {
  /** The API origin this store keeps conversations for. */
  readonly apiOrigin?: string
  /** Newest first. The same array is returned until the stored value changes. */
  list<TMessage = unknown>(domain: string): ReadonlyArray<StoredConversation<TMessage>>
  get<TMessage = unknown>(domain: string, id: string): StoredConversation<TMessage> | undefined
  /**
   * Adds or updates the conversation (by id) and applies the bounds. A conversation without a
   * question is not kept. Returns what was stored, or `undefined` when nothing was.
   */
  save<TMessage>(
    domain: string,
    conversation: SaveConversationInput<TMessage>,
  ): StoredConversation<TMessage> | undefined
  remove(domain: string, id: string): void
  /** Forgets every conversation of `domain`. */
  clear(domain: string): void
  /** Called with the domain after every change (also changes made in other tabs, for `localStorage`). */
  subscribe(listener: (domain: string) => void): () => void
}

const encoder = new TextEncoder()
const titleChars = 120

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function textOfMessage(message: unknown): string {
  if (!isObject(message)) return ''
  if (typeof message.content === 'string' && message.content) return message.content
  if (!Array.isArray(message.parts)) return ''
  let text = ''
  for (const part of message.parts) {
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') text += part.text
  }
  return text
}

/** The conversation's title: its first question on one line, trimmed and shortened. */
export function conversationTitle(messages: readonly unknown[]): string {
  const question = messages.find((message) => isObject(message) && message.role === 'user')
  // Cut before the regex: a title is 120 characters, a question may be 100,000.
  const line = textOfMessage(question)
    .slice(0, titleChars * 8)
    .replace(/\s+/g, ' ')
    .trim()
  return line.length > titleChars ? `${line.slice(0, titleChars - 1).trimEnd()}…` : line
}

/** The id a conversation is stored under: its first message's. */
export function conversationIdOf(messages: readonly unknown[]): string | undefined {
  const first = messages[0]
  return isObject(first) && typeof first.id === 'string' && first.id ? first.id : undefined
}

function readThread(value: unknown): ThreadIdentity | undefined | false {
  if (value === undefined) return undefined
  if (!isObject(value) || typeof value.threadId !== 'string' || value.threadId === '') return false
  if (value.threadKey === undefined) return { threadId: value.threadId }
  if (typeof value.threadKey !== 'string') return false
  return { threadId: value.threadId, threadKey: value.threadKey }
}

function sameMessages(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false
  const last = a.length - 1
  return last < 0 || JSON.stringify(a[last]) === JSON.stringify(b[last])
}

export function createConversationStore(options: ConversationStoreOptions = {}): ConversationStore {
  const { onWarning } = options
  const isMessage = options.isMessage ?? isDocsMessage
  const storage = createSafeStorage(options.storage ?? 'local', {
    ...(onWarning ? { onWarning } : {}),
  })
  const maxCount = Math.max(0, options.maxCount ?? 20)
  const maxBytes = Math.max(0, options.maxBytes ?? 1_000_000)
  const namespace = options.namespace ?? 'default'
  const apiOrigin = apiStorageOrigin(options.apiBaseUrl)
  const prefix = `docchat:${namespace}@${apiOrigin}:conversations:`
  const keys = storageKeys(storage, namespace, apiOrigin)
  const keyOf = (domain: string) => keys('conversations', domain)
  // Parsed per raw value: a list read twice without a change is the same array (React snapshots).
  const cache = new Map<string, { raw: string | null; list: StoredConversation[] }>()
  const empty: StoredConversation[] = []
  const { notify, subscribe } = createDomainListeners(
    storage,
    (key) => (key.startsWith(prefix) ? key.slice(prefix.length) || undefined : undefined),
    () => cache.keys(),
  )

  const validate = (entry: unknown): StoredConversation | undefined => {
    if (!isObject(entry)) return undefined
    const { id, title, updatedAt, messages } = entry
    const thread = readThread(entry.thread)
    if (typeof id !== 'string' || id === '' || typeof title !== 'string') return undefined
    if (typeof updatedAt !== 'number' || !Number.isFinite(updatedAt) || thread === false) {
      return undefined
    }
    // A conversation with holes would read as something that was never said: all or nothing.
    if (!Array.isArray(messages) || messages.length === 0 || !messages.every(isMessage)) {
      return undefined
    }
    return { id, title, updatedAt, ...(thread ? { thread } : {}), messages }
  }

  const write = (domain: string, list: readonly StoredConversation[]) => {
    const key = keyOf(domain)
    const sorted = [...list].sort((a, b) => b.updatedAt - a.updatedAt).slice(0, maxCount)
    const kept: string[] = []
    // JSON array bytes: brackets + items + commas. The newest are kept; the oldest make room.
    let total = 2
    for (const conversation of sorted) {
      const serialised = serialisedOrWarn(
        () => JSON.stringify(conversation),
        onWarning,
        'A conversation could not be serialised and was not stored',
      )
      if (!serialised) continue
      const item = serialised.json
      const size = encoder.encode(item).length + (kept.length > 0 ? 1 : 0)
      // One conversation larger than the whole budget is not kept, and does not empty the rest.
      if (2 + size > maxBytes) continue
      if (total + size > maxBytes) break
      kept.push(item)
      total += size
    }
    if (kept.length === 0) storage.removeItem(key)
    else storage.setItem(key, `[${kept.join(',')}]`)
    notify(domain)
  }

  const read = (domain: string): StoredConversation[] => {
    const key = keyOf(domain)
    const raw = storage.getItem(key)
    const cached = cache.get(domain)
    if (cached && cached.raw === raw) return cached.list
    let list = empty
    if (raw !== null) {
      let value: unknown
      try {
        // Checked before parsing: anything on the origin can write there, megabytes included.
        value = raw.length > maxStoredChars(maxBytes) ? undefined : JSON.parse(raw)
      } catch {
        value = undefined
      }
      const entries = Array.isArray(value) ? value : []
      const valid: StoredConversation[] = []
      for (const entry of entries) {
        const conversation = validate(entry)
        if (conversation) valid.push(conversation)
      }
      list = valid.sort((a, b) => b.updatedAt - a.updatedAt)
      if (!Array.isArray(value) || valid.length !== entries.length) {
        reportWarning(onWarning, {
          code: 'storage-invalid',
          message: `Dropped ${Array.isArray(value) ? entries.length - valid.length : 'all'} stored conversation(s) that are not valid`,
          value,
        })
        // Rewrite what is left, so the bad value is not read (and reported) on every load.
        if (valid.length === 0) storage.removeItem(key)
        else storage.setItem(key, JSON.stringify(valid))
        const rewritten = storage.getItem(key)
        cache.set(domain, { raw: rewritten, list })
        return list
      }
    }
    cache.set(domain, { raw, list })
    return list
  }

  return {
    apiOrigin,
    list<TMessage>(domain: string) {
      return read(domain) as ReadonlyArray<StoredConversation<TMessage>>
    },
    get<TMessage>(domain: string, id: string) {
      return read(domain).find((conversation) => conversation.id === id) as
        | StoredConversation<TMessage>
        | undefined
    },
    save<TMessage>(domain: string, input: SaveConversationInput<TMessage>) {
      // Attached files' data: a tenth of the bytes per conversation (the rest become name-only
      // placeholders), so one image never pushes whole conversations out of the list.
      const messages = boundAttachmentData(input.messages, maxBytes / 10)
      const id = input.id ?? conversationIdOf(messages)
      const title = conversationTitle(messages)
      if (!id || !title) return undefined
      const current = read(domain)
      const existing = current.find((conversation) => conversation.id === id)
      const thread = readThread(input.thread) || existing?.thread
      if (
        existing &&
        input.updatedAt === undefined &&
        sameMessages(existing.messages, messages) &&
        existing.thread?.threadId === thread?.threadId &&
        existing.thread?.threadKey === thread?.threadKey
      ) {
        return existing as StoredConversation<TMessage>
      }
      const updatedAt =
        input.updatedAt ??
        (existing && sameMessages(existing.messages, messages) ? existing.updatedAt : Date.now())
      const conversation: StoredConversation<TMessage> = {
        id,
        title,
        updatedAt,
        ...(thread ? { thread } : {}),
        messages,
      }
      write(domain, [
        conversation,
        ...current.filter((other) => other.id !== id),
      ] as StoredConversation[])
      return read(domain).some((stored) => stored.id === id) ? conversation : undefined
    },
    remove(domain, id) {
      const current = read(domain)
      if (!current.some((conversation) => conversation.id === id)) return
      write(
        domain,
        current.filter((conversation) => conversation.id !== id),
      )
    },
    clear(domain) {
      storage.removeItem(keyOf(domain))
      notify(domain)
    },
    subscribe,
  }
}
