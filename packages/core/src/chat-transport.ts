import { readDataStream } from './data-stream'
import type { DataStreamEvent } from './data-stream'
import { DocsApiError, errorFromResponse, toDocsApiError } from './errors'
import type { AssistantRequestInput, ContextItem } from './schemas'
import { type ThreadIdentity, threadFromEvent, threadFromHeaders } from './thread-identity'
import {
  type DocsUIMessageChunk,
  type ToUIMessageChunksOptions,
  toUIMessageChunks,
} from './ui-message-chunks'
import { type ChatMessageLike, toV4Messages } from './v4-messages'

/** A value, or a (possibly async) function evaluated before every request. */
export type Resolvable<T> = T | (() => T | PromiseLike<T>)

type HeadersLike = Headers | Record<string, string | undefined> | Array<[string, string]>

/** The part of a `DocsClient` the transport needs. */
export interface DocsChatTransportClient {
  assistantUrl(domain: string, version?: 'v1' | 'v2'): string
  assistantHeaders(): Record<string, string>
  fetch: typeof globalThis.fetch
}

/** Where the transport keeps the thread between requests (a `ThreadStore` fits). */
export interface ThreadStoreLike {
  get(domain: string): ThreadIdentity | undefined
  set(domain: string, thread: ThreadIdentity): void
  clear(domain: string): void
}

export interface DocsChatTransportOptions {
  /** The documentation site's domain (the `{domain}` of the assistant endpoint). */
  domain: string
  /** Supplies the endpoint URL, auth headers and `fetch`. Either `client` or `api` is required. */
  client?: DocsChatTransportClient
  /** Full URL of the v1 assistant endpoint, when no `client` is given (e.g. your own proxy). */
  api?: string
  /** Extra request headers (a plain object or `Headers`). */
  headers?: Resolvable<HeadersLike | undefined>
  /** Defaults to `client.fetch`, then the global `fetch`. */
  fetch?: typeof globalThis.fetch
  /** Fingerprint of the user: `'anonymous'` or a stable id. Defaults to `'anonymous'`. */
  fp?: Resolvable<string | undefined>
  retrievalPageSize?: number
  filter?: AssistantRequestInput['filter']
  /** Snippets the user points at (selected text, a code block). */
  context?: Resolvable<ContextItem[] | undefined>
  /** Path of the page the user is reading; trimmed to the 200 characters the API accepts. */
  currentPath?: Resolvable<string | undefined>
  /** Extra body fields, sent with every request. */
  body?: Resolvable<Record<string, unknown> | undefined>
  /** Keeps the thread across reloads; without it the transport keeps it in memory. */
  threadStore?: ThreadStoreLike
  /** Called whenever the thread identity is learned or changes. */
  onThread?: (thread: ThreadIdentity) => void
  /**
   * When the server answers 404 to a stored thread (expired, or the key was lost), send the message
   * again, once, as a new thread, which then replaces the stored one. With `false` the thread is
   * cleared from the store and the 404 is reported. Defaults to `true`.
   */
  retryWithNewThread?: boolean
  /** See `ToUIMessageChunksOptions.dataPartName`. Defaults to `'docchat'`. */
  dataPartName?: string
  onUnknownPart?: ToUIMessageChunksOptions['onUnknownPart']
}

export interface DocsChatRequestOptions {
  headers?: Record<string, string> | Headers
  body?: object
  metadata?: unknown
}

export interface DocsSendMessagesOptions extends DocsChatRequestOptions {
  trigger: 'submit-message' | 'regenerate-message'
  chatId: string
  messageId: string | undefined
  messages: ChatMessageLike[]
  abortSignal: AbortSignal | undefined
}

export interface DocsReconnectOptions extends DocsChatRequestOptions {
  chatId: string
  abortSignal?: AbortSignal
}

/**
 * An AI SDK v5+ `ChatTransport` (declared structurally: assignable to `ChatTransport<UIMessage>` of
 * ai 5, 6 and 7 without importing any of them).
 */
export interface DocsChatTransport {
  sendMessages(options: DocsSendMessagesOptions): Promise<ReadableStream<DocsUIMessageChunk>>
  /** The v1 endpoint cannot resume a stream: always `null`. */
  reconnectToStream(
    options: DocsReconnectOptions,
  ): Promise<ReadableStream<DocsUIMessageChunk> | null>
  /** The current thread, if one was learned. */
  readonly thread: ThreadIdentity | undefined
  /** Forgets the thread: the next message starts a new conversation. */
  clearThread(): void
}

const MAX_CURRENT_PATH = 200

async function resolve<T>(value: Resolvable<T>): Promise<T> {
  return typeof value === 'function' ? await (value as () => T | PromiseLike<T>)() : value
}

function addHeaders(target: Record<string, string>, headers: HeadersLike | undefined): void {
  if (!headers) return
  if (typeof (headers as Headers).forEach === 'function' && !Array.isArray(headers)) {
    // `Headers` instances are silently dropped by object spread (AI SDK ≤ 5.0.80 does that).
    ;(headers as Headers).forEach((value, key) => {
      target[key.toLowerCase()] = value
    })
    return
  }
  const entries = Array.isArray(headers) ? headers : Object.entries(headers)
  for (const [key, value] of entries) {
    if (value !== undefined) target[key.toLowerCase()] = value
  }
}

const isAbort = (error: unknown, signal: AbortSignal | undefined): boolean =>
  signal?.aborted === true ||
  (typeof error === 'object' && error !== null && (error as Error).name === 'AbortError')

function toReadableStream<T>(iterable: AsyncIterable<T>): ReadableStream<T> {
  const iterator = iterable[Symbol.asyncIterator]()
  return new ReadableStream<T>({
    async pull(controller) {
      const result = await iterator.next()
      if (result.done) controller.close()
      else controller.enqueue(result.value)
    },
    async cancel(reason) {
      await iterator.return?.(reason)
    },
  })
}

/**
 * Creates an AI SDK v5+ `ChatTransport` for the documentation API's v1 assistant endpoint.
 *
 * It converts v5 `UIMessage`s to the v4 messages the endpoint expects, sends `threadId` and
 * `threadKey` on follow-ups, and turns the v4 data stream into UI message chunks, with `threadId`
 * and `usage` in the assistant message's metadata.
 *
 * @example
 * const chat = new Chat({ transport: createDocsChatTransport({ client, domain: 'docs.example.com' }) })
 */
export function createDocsChatTransport(options: DocsChatTransportOptions): DocsChatTransport {
  const { domain, client, threadStore } = options
  if (!client && !options.api) {
    throw new TypeError('createDocsChatTransport needs either `client` or `api`.')
  }
  const retryWithNewThread = options.retryWithNewThread ?? true
  let memoryThread: ThreadIdentity | undefined
  // A thread the server answered 404 to. Remembered instead of clearing the store, because a
  // `ThreadStore` forgets the stored messages with the thread; the next thread learned replaces it.
  let rejectedThreadId: string | undefined

  const getThread = (): ThreadIdentity | undefined => {
    const thread = threadStore ? threadStore.get(domain) : memoryThread
    return thread && thread.threadId === rejectedThreadId ? undefined : thread
  }

  const clearThread = (): void => {
    memoryThread = undefined
    threadStore?.clear(domain)
  }

  /** Stores what the server said, keeping the key we sent when the server repeats the same id. */
  const learnThread = (found: ThreadIdentity, sent: ThreadIdentity | undefined): void => {
    if (found.threadId === rejectedThreadId) return
    const current = getThread()
    const knownKey =
      (sent?.threadId === found.threadId ? sent.threadKey : undefined) ??
      (current?.threadId === found.threadId ? current.threadKey : undefined)
    const threadKey = found.threadKey ?? knownKey
    const next: ThreadIdentity = threadKey ? { threadId: found.threadId, threadKey } : found
    if (current?.threadId === next.threadId && current.threadKey === next.threadKey) return
    memoryThread = next
    threadStore?.set(domain, next)
    options.onThread?.(next)
  }

  const post = async (
    request: DocsSendMessagesOptions,
    thread: ThreadIdentity | undefined,
  ): Promise<Response> => {
    const [extraHeaders, extraBody, fp, context, currentPath] = await Promise.all([
      resolve(options.headers),
      resolve(options.body),
      resolve(options.fp),
      resolve(options.context),
      resolve(options.currentPath),
    ])
    const headers: Record<string, string> = {}
    addHeaders(headers, client?.assistantHeaders())
    addHeaders(headers, extraHeaders)
    addHeaders(headers, request.headers)
    headers['content-type'] = 'application/json'

    const body: Record<string, unknown> = { fp: fp ?? 'anonymous' }
    if (options.retrievalPageSize !== undefined) body.retrievalPageSize = options.retrievalPageSize
    if (options.filter !== undefined) body.filter = options.filter
    if (context !== undefined && context.length > 0) body.context = context
    if (currentPath) body.currentPath = currentPath.slice(0, MAX_CURRENT_PATH)
    Object.assign(body, extraBody, request.body)
    body.messages = toV4Messages(request.messages)
    if (thread) {
      body.threadId = thread.threadId
      if (thread.threadKey) body.threadKey = thread.threadKey
    }

    const url = client ? client.assistantUrl(domain) : (options.api as string)
    const fetchImpl = options.fetch ?? client?.fetch ?? globalThis.fetch
    try {
      return await fetchImpl(url, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: request.abortSignal ?? null,
      })
    } catch (error) {
      // `Chat` treats an `AbortError` as a stop, not a failure: hand it back unchanged.
      if (isAbort(error, request.abortSignal)) throw error
      throw toDocsApiError(error)
    }
  }

  async function* trackThread(
    events: AsyncIterable<DataStreamEvent>,
    sent: ThreadIdentity | undefined,
  ): AsyncGenerator<DataStreamEvent> {
    for await (const event of events) {
      const found = threadFromEvent(event)
      if (found) learnThread(found, sent)
      yield event
    }
  }

  return {
    get thread() {
      return getThread()
    },
    clearThread,

    async sendMessages(request) {
      // A history without an answer is a new conversation, whatever thread is stored.
      const continuing =
        request.trigger === 'regenerate-message' ||
        request.messages.some((message) => message.role === 'assistant')
      let sent = continuing ? getThread() : undefined
      let response = await post(request, sent)
      if (response.status === 404 && sent) {
        if (retryWithNewThread) {
          rejectedThreadId = sent.threadId
          memoryThread = undefined
          await response.body?.cancel().catch(() => {})
          sent = undefined
          response = await post(request, sent)
        } else {
          clearThread()
        }
      }
      if (!response.ok) throw await errorFromResponse(response)
      if (!response.body) {
        throw new DocsApiError('The response body is empty.', {
          kind: 'invalid-response',
          status: response.status,
        })
      }

      const fromHeaders = threadFromHeaders(response.headers)
      if (fromHeaders) learnThread(fromHeaders, sent)
      const events = readDataStream(response.body, { signal: request.abortSignal })
      const lastMessage = request.messages[request.messages.length - 1]
      const chunks = toUIMessageChunks(fromHeaders ? events : trackThread(events, sent), {
        dataPartName: options.dataPartName,
        onUnknownPart: options.onUnknownPart,
        sendMessageId: lastMessage?.role !== 'assistant',
        messageMetadata: fromHeaders ? { threadId: fromHeaders.threadId } : undefined,
      })
      return toReadableStream(chunks)
    },

    async reconnectToStream() {
      return null
    },
  }
}
