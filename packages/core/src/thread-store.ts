import { boundAttachmentData } from './attachment-data'
import { createDomainListeners } from './domain-listeners'
import { isDocsMessage } from './message-shape'
import { createSafeStorage, type SafeStorage, type StorageOption } from './safe-storage'
import type { ThreadIdentity } from './thread-identity'
import { type DocsWarningHandler, reportWarning } from './warnings'

/** The API a client talks to when given no `baseUrl`: the one origin old stored data is moved to. */
export const defaultApiOrigin = 'https://api.mintlify.com'
const maxBaseUrlChars = 4096

/**
 * The origin stored threads, keys and conversations are kept under: the API's (or the proxy's;
 * a relative proxy URL is the page's origin). A widget pointed at another host (an `api-base-url`
 * or `proxy-url` attribute in the page's markup, say) never reads what was sent elsewhere.
 */
export function apiStorageOrigin(apiBaseUrl: string | null | undefined): string {
  if (!apiBaseUrl) return defaultApiOrigin
  // Checked before parsing; a key that long is never a real origin, so it matches nothing.
  if (apiBaseUrl.length > maxBaseUrlChars) return apiBaseUrl.slice(0, maxBaseUrlChars)
  try {
    const { origin } = new URL(apiBaseUrl, (globalThis as { location?: Location }).location?.href)
    // An opaque origin (`data:`, `javascript:`) is `"null"` for all of them: keep them apart.
    return origin === 'null' ? apiBaseUrl : origin
  } catch {
    return apiBaseUrl
  }
}

/**
 * The keys of a store kept for `namespace` and an API origin: `docchat:<namespace>@<origin>:<kind>:<domain>`.
 * Before issue 20 keys had no origin (`docchat:<namespace>:<kind>:<domain>`). Data stored then was
 * written for the default API (or for one the reader can no longer be told apart from): for the
 * default API only, it moves to the new key on first use, once, and is never given to another
 * origin. It stays where it was if the move cannot be written.
 */
export function storageKeys(storage: SafeStorage, namespace: string, apiOrigin: string) {
  const moved = new Set<string>()
  return (kind: string, domain: string): string => {
    const key = `docchat:${namespace}@${apiOrigin}:${kind}:${domain}`
    if (apiOrigin === defaultApiOrigin && !moved.has(key)) {
      moved.add(key)
      const legacyKey = `docchat:${namespace}:${kind}:${domain}`
      const legacy = storage.getItem(legacyKey)
      if (legacy !== null && storage.getItem(key) === null && storage.setItem(key, legacy)) {
        storage.removeItem(legacyKey)
      }
    }
    return key
  }
}

/**
 * The longest stored value a store parses: anything on the origin can write to its storage, so a
 * value is measured before `JSON.parse`. Past a whole `localStorage` (5 MiB) and past what the
 * store itself writes (`maxBytes`, lowered later or not), it was not written by DocChat.
 */
export function maxStoredChars(maxBytes: number): number {
  return Math.max(4 * maxBytes, 5 * 1024 * 1024)
}

export interface ThreadStoreOptions {
  /** `'local'` (`localStorage` when available, else memory), `'memory'`, or your own storage. Defaults to `'local'`. */
  storage?: StorageOption
  /** Separates several assistants on one origin. Defaults to `'default'`. */
  namespace?: string
  /**
   * The client's `baseUrl` (API or proxy): threads and messages are kept per its origin as well
   * as per domain, so a widget pointed at another host never receives them. Defaults to the
   * default API (`https://api.mintlify.com`), which also takes over data stored before origins
   * were part of the key.
   */
  apiBaseUrl?: string | null
  /** Most messages kept per domain (the newest win). Defaults to `100`. */
  maxMessages?: number
  /** Most bytes (UTF-8 JSON) of messages kept per domain (the newest win). Defaults to `200000`. */
  maxBytes?: number
  onWarning?: DocsWarningHandler
  /**
   * Which stored messages to give back. Storage is shared with every script on the origin, so
   * anything read from it is checked and what fails is dropped. Defaults to `isDocsMessage`.
   */
  isMessage?: (value: unknown) => boolean
}

/**
 * Remembers, per documentation domain, the conversation thread (`threadId` + its secret
 * `threadKey`) and optionally the messages, so a reload continues the same conversation.
 * Never throws: when storage is missing or full, values live in memory for the page's lifetime.
 */
export interface ThreadStore {
  /** The API origin this store keeps threads for (`apiStorageOrigin` of its `apiBaseUrl`). */
  readonly apiOrigin?: string
  get(domain: string): ThreadIdentity | undefined
  set(domain: string, thread: ThreadIdentity): void
  /** Forgets the thread and the messages of `domain`. */
  clear(domain: string): void
  /** The stored messages that pass `isMessage`; anything else in storage is dropped, never thrown. */
  getMessages<T = unknown>(domain: string): T[]
  /** Stores the newest messages that fit `maxMessages` and `maxBytes`. */
  setMessages<T>(domain: string, messages: readonly T[]): void
  /** Called with the domain after every change (also changes made in other tabs, for `localStorage`). */
  subscribe(listener: (domain: string) => void): () => void
}

const encoder = new TextEncoder()

/**
 * What `serialise` returns, or nothing after a `storage-unavailable` warning (`message`) when it
 * throws (a cycle, a BigInt): what cannot be serialised is not stored.
 */
export function serialisedOrWarn(
  serialise: () => string,
  onWarning: DocsWarningHandler | undefined,
  message: string,
): { json: string } | undefined {
  try {
    return { json: serialise() }
  } catch (error) {
    reportWarning(onWarning, { code: 'storage-unavailable', message, value: error })
    return undefined
  }
}

export function createThreadStore(options: ThreadStoreOptions = {}): ThreadStore {
  const { onWarning } = options
  const isMessage = options.isMessage ?? isDocsMessage
  const storage: SafeStorage = createSafeStorage(options.storage ?? 'local', {
    ...(onWarning ? { onWarning } : {}),
  })
  const namespace = options.namespace ?? 'default'
  const maxMessages = Math.max(0, options.maxMessages ?? 100)
  const maxBytes = Math.max(0, options.maxBytes ?? 200_000)
  const apiOrigin = apiStorageOrigin(options.apiBaseUrl)
  const prefix = `docchat:${namespace}@${apiOrigin}:`
  const keyOf = storageKeys(storage, namespace, apiOrigin)
  const threadKey = (domain: string) => keyOf('thread', domain)
  const messagesKey = (domain: string) => keyOf('messages', domain)
  const { notify, subscribe } = createDomainListeners(storage, (key) => {
    if (!key.startsWith(prefix)) return undefined
    const rest = key.slice(prefix.length)
    return rest.slice(rest.indexOf(':') + 1) || undefined
  })

  const maxChars = maxStoredChars(maxBytes)
  const readJson = (key: string): unknown => {
    const raw = storage.getItem(key)
    if (raw === null) return undefined
    if (raw.length > maxChars) {
      storage.removeItem(key)
      reportWarning(onWarning, {
        code: 'storage-invalid',
        message: `Dropped a stored value of ${raw.length} characters, past what this store writes`,
      })
      return undefined
    }
    try {
      return JSON.parse(raw)
    } catch {
      storage.removeItem(key)
      return undefined
    }
  }

  return {
    apiOrigin,
    get(domain) {
      const value = readJson(threadKey(domain)) as Partial<ThreadIdentity> | undefined
      if (!value || typeof value.threadId !== 'string' || value.threadId === '') return undefined
      return typeof value.threadKey === 'string' && value.threadKey !== ''
        ? { threadId: value.threadId, threadKey: value.threadKey }
        : { threadId: value.threadId }
    },
    set(domain, thread) {
      if (!thread?.threadId) return
      const current = this.get(domain)
      // A later response without X-Thread-Key must not drop the key learned when the thread began.
      const threadKeyValue =
        thread.threadKey ?? (current?.threadId === thread.threadId ? current.threadKey : undefined)
      const next: ThreadIdentity = threadKeyValue
        ? { threadId: thread.threadId, threadKey: threadKeyValue }
        : { threadId: thread.threadId }
      if (current?.threadId === next.threadId && current.threadKey === next.threadKey) return
      storage.setItem(threadKey(domain), JSON.stringify(next))
      notify(domain)
    },
    clear(domain) {
      storage.removeItem(threadKey(domain))
      storage.removeItem(messagesKey(domain))
      notify(domain)
    },
    getMessages<T>(domain: string): T[] {
      const value = readJson(messagesKey(domain))
      if (value === undefined) return []
      const messages = Array.isArray(value) ? value.filter((message) => isMessage(message)) : []
      if (!Array.isArray(value) || messages.length !== value.length) {
        reportWarning(onWarning, {
          code: 'storage-invalid',
          message: `Dropped ${Array.isArray(value) ? value.length - messages.length : 'all'} stored message(s) that are not valid messages`,
          value,
        })
        // Rewrite what is left, so the bad value is not read (and reported) on every load.
        if (messages.length === 0) storage.removeItem(messagesKey(domain))
        else storage.setItem(messagesKey(domain), JSON.stringify(messages))
      }
      return messages as T[]
    },
    setMessages(domain, messages) {
      // Attached files' data may use half the bytes: one image never pushes out whole conversations.
      const recent = boundAttachmentData(
        maxMessages === 0 ? [] : messages.slice(-maxMessages),
        maxBytes / 2,
      )
      const serialized: string[] = []
      for (const message of recent) {
        const item = serialisedOrWarn(
          () => JSON.stringify(message) ?? 'null',
          onWarning,
          'A message could not be serialised and was not stored',
        )
        if (!item) return
        serialized.push(item.json)
      }
      // JSON array bytes: brackets + items + commas. Drop the oldest until it fits.
      const sizes = serialized.map((item) => encoder.encode(item).length)
      let total = 2 + sizes.reduce((sum, size) => sum + size, 0) + Math.max(0, sizes.length - 1)
      let start = 0
      while (start < serialized.length && total > maxBytes) {
        total -= sizes[start]! + (serialized.length - start > 1 ? 1 : 0)
        start++
      }
      const kept = serialized.slice(start)
      if (kept.length === 0) storage.removeItem(messagesKey(domain))
      else storage.setItem(messagesKey(domain), `[${kept.join(',')}]`)
      notify(domain)
    },
    subscribe,
  }
}
