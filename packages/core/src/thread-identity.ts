import type { DataStreamEvent } from './data-stream'

/**
 * A conversation thread on the documentation API. `threadKey` is a secret the server returns only
 * when it creates the thread; follow-ups must send both, or the server answers 404.
 */
export interface ThreadIdentity {
  threadId: string
  threadKey?: string
}

type HeadersLike = Headers | Record<string, string | undefined> | undefined | null

function header(headers: HeadersLike, name: string): string | undefined {
  if (!headers) return undefined
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined
  }
  const lower = name.toLowerCase()
  for (const key in headers) {
    if (key.toLowerCase() === lower) return (headers as Record<string, string | undefined>)[key]
  }
  return undefined
}

/** Thread identity from the `X-Thread-Id` / `X-Thread-Key` response headers (documented source). */
export function threadFromHeaders(headers: HeadersLike): ThreadIdentity | undefined {
  const threadId = header(headers, 'x-thread-id')?.trim()
  if (!threadId) return undefined
  const threadKey = header(headers, 'x-thread-key')?.trim()
  return threadKey ? { threadId, threadKey } : { threadId }
}

function fromRecord(value: unknown): ThreadIdentity | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { threadId, threadKey } = value as { threadId?: unknown; threadKey?: unknown }
  if (typeof threadId !== 'string' || threadId.length === 0) return undefined
  return typeof threadKey === 'string' && threadKey.length > 0
    ? { threadId, threadKey }
    : { threadId }
}

function fromItems(items: readonly unknown[]): ThreadIdentity | undefined {
  for (const item of items) {
    const thread = fromRecord(item)
    if (thread) return thread
  }
  return undefined
}

/**
 * Thread identity carried inside the stream: extra keys of `d:`/`e:`/`f:`, or a `threadId` item in
 * `8:` annotations or `2:` data (api-contract §4.3). Other events carry none.
 */
export function threadFromEvent(event: DataStreamEvent): ThreadIdentity | undefined {
  switch (event.type) {
    case 'finish-message':
    case 'finish-step':
    case 'start-step':
      return fromRecord(event.extras)
    case 'message-annotations':
      return fromItems(event.annotations)
    case 'data':
      return fromItems(event.data)
    default:
      return undefined
  }
}
