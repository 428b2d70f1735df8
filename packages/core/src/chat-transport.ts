import type {
  AssistantConnection,
  AssistantConnectionOptions,
  ThreadStoreLike,
} from './assistant-connection'
import { asAbortError } from './abort-error'
import { createAssistantConnection } from './use-chat-connection'
import type { AssistantMessageStream } from './assistant-message'
import type { DataStreamEvent } from './data-stream'
import { questionFields } from './question'
import { checkAssistantV1Request } from './structural-validation'
import type { RetryOptions } from './retry'
import type { AssistantRequestInput, AssistantV2Request, ContextItem } from './request-schemas'
import { type ThreadIdentity, threadFromHeaders } from './thread-identity'
import {
  type DocsUIMessageChunk,
  type ToUIMessageChunksOptions,
  toUIMessageChunks,
} from './ui-message-chunks'
import {
  createUIMessageConnection,
  type UIMessageAnswer,
  type UIMessageConnection,
} from './ui-message-connection'
import type { UIMessageStreamChunk } from './ui-message-stream'
import { type ChatMessageLike, toV4Messages } from './v4-messages'

export type { ThreadStoreLike } from './assistant-connection'

/** A value, or a (possibly async) function evaluated before every request. */
export type Resolvable<T> = T | (() => T | PromiseLike<T>)

type HeadersLike = Headers | Record<string, string | undefined> | Array<[string, string]>

/** The part of a `DocsClient` the transport needs. */
export interface DocsChatTransportClient {
  assistantUrl(domain: string, version?: 'v1' | 'v2'): string
  assistantHeaders(): Record<string, string>
  fetch: typeof globalThis.fetch
  /** A `DocsClient` has it; without it the transport builds the same connection itself. */
  connectAssistant?(domain: string, options?: AssistantConnectionOptions): AssistantConnection
}

export interface DocsChatTransportOptions {
  /** The documentation site's domain (the `{domain}` of the assistant endpoint). */
  domain: string
  /** Supplies the endpoint URL, auth headers and `fetch`. Either `client` or `api` is required. */
  client?: DocsChatTransportClient
  /**
   * Full URL of the assistant endpoint of the chosen `protocol`, when no `client` is given (e.g.
   * your own proxy).
   */
  api?: string
  /**
   * Which endpoint to talk to:
   * - `'v1'` (default): `/v1/assistant/{domain}/message`; UI messages are converted to v4 messages
   *   and the v4 data stream to UI message chunks. The contract `useAssistantChat` is built on.
   * - `'v2'`: `/v2/assistant/{domain}/message`, which takes the UI messages themselves and answers
   *   with a UI message stream over SSE; the chunks pass through, checked (`readUIMessageStreamBatches`).
   */
  protocol?: 'v1' | 'v2'
  /**
   * v2 only: checks the body before it is sent. Defaults to the zod-free `checkAssistantV2Request`;
   * with the full client pass `(body) => validateRequest(assistantV2RequestSchema, body)`.
   */
  validate?: (body: unknown) => AssistantV2Request
  /** v2 only: per-attempt timeout until the response headers, in ms. Defaults to 30 000. */
  timeoutMs?: number
  /** v2 only: retries (only before any byte streamed). Defaults to 2; `false` for none. */
  retry?: RetryOptions | false
  /** v2 only: called for chunk types this version does not know; they are left out. */
  onUnknownChunk?: (chunk: UIMessageStreamChunk) => void
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
  /** Called when a 404 on the stored thread sends the message again as a new thread. */
  onThreadExpired?: (expired: ThreadIdentity) => void
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

/**
 * What a request of either protocol shares: the question's fields (core's one builder, then the
 * transport's `body` and the request's own), the headers, and whether it continues the thread.
 */
async function questionOf(options: DocsChatTransportOptions, request: DocsSendMessagesOptions) {
  const headers: Record<string, string> = {}
  addHeaders(headers, await resolve(options.headers))
  addHeaders(headers, request.headers)
  const [extraBody, fp, context, currentPath] = await Promise.all([
    resolve(options.body),
    resolve(options.fp),
    resolve(options.context),
    resolve(options.currentPath),
  ])
  const fields: Record<string, unknown> = {
    ...questionFields(
      { fp, retrievalPageSize: options.retrievalPageSize, filter: options.filter, currentPath },
      context,
    ),
    ...extraBody,
    ...request.body,
  }
  // A history without an answer is a new conversation, whatever thread is stored.
  const continueThread =
    request.trigger === 'regenerate-message' ||
    request.messages.some((message) => message.role === 'assistant')
  return { fields, headers, continueThread }
}

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
  const { domain, client } = options
  if (!client && !options.api) {
    throw new TypeError('createDocsChatTransport needs either `client` or `api`.')
  }
  if (options.protocol === 'v2') return createV2Transport(options)
  const connectionOptions: AssistantConnectionOptions = {
    threadStore: options.threadStore,
    onThread: options.onThread,
    onThreadExpired: options.onThreadExpired,
    retryWithNewThread: options.retryWithNewThread,
    fetch: options.fetch,
  }
  const connection: AssistantConnection = client?.connectAssistant
    ? client.connectAssistant(domain, connectionOptions)
    : createAssistantConnection(
        {
          domain,
          url: client ? client.assistantUrl(domain) : (options.api as string),
          headers: () => new Headers(client?.assistantHeaders()),
          request: {
            fetch:
              options.fetch ?? client?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
          },
          // Without a client there are no zod schemas to hand: the lite client's checks.
          validate: checkAssistantV1Request,
        },
        connectionOptions,
      )

  return transportOver(
    connection,
    options,
    async (request, { fields, headers, continueThread }) => {
      let stream: AssistantMessageStream
      try {
        stream = await connection.ask(
          { ...fields, messages: toV4Messages(request.messages) } as AssistantRequestInput,
          { signal: request.abortSignal, headers, continueThread },
        )
      } catch (error) {
        // `Chat` treats an `AbortError` as a stop, not a failure.
        throw asAbortError(error)
      }
      const fromHeaders = threadFromHeaders(stream.response.headers)
      const lastMessage = request.messages[request.messages.length - 1]
      const chunks = toUIMessageChunks(stopsAsAbortErrors(stream), {
        dataPartName: options.dataPartName,
        onUnknownPart: options.onUnknownPart,
        sendMessageId: lastMessage?.role !== 'assistant',
        messageMetadata: fromHeaders ? { threadId: fromHeaders.threadId } : undefined,
      })
      return toReadableStream(chunks)
    },
  )
}

/**
 * A transport over either connection: the thread is the connection's, and each request is sent
 * by `send` with the question's fields, headers and thread resolved. Neither endpoint can resume
 * a stream.
 */
function transportOver(
  connection: { readonly thread: ThreadIdentity | undefined; clearThread(): void },
  options: DocsChatTransportOptions,
  send: (
    request: DocsSendMessagesOptions,
    question: Awaited<ReturnType<typeof questionOf>>,
  ) => Promise<ReadableStream<DocsUIMessageChunk>>,
): DocsChatTransport {
  return {
    get thread() {
      return connection.thread
    },
    clearThread: () => connection.clearThread(),

    async sendMessages(request) {
      return send(request, await questionOf(options, request))
    },

    async reconnectToStream() {
      return null
    },
  }
}

async function* stopsAsAbortErrors(
  stream: AssistantMessageStream,
): AsyncGenerator<DataStreamEvent> {
  try {
    yield* stream
  } catch (error) {
    throw asAbortError(error)
  }
}

/** `protocol: 'v2'`: UI messages out, the checked UI message stream back. */
function createV2Transport(options: DocsChatTransportOptions): DocsChatTransport {
  const { domain, client } = options
  const connection: UIMessageConnection = createUIMessageConnection(
    {
      domain,
      url: client ? client.assistantUrl(domain, 'v2') : (options.api as string),
      headers: () => new Headers(client?.assistantHeaders()),
      request: {
        fetch: options.fetch ?? client?.fetch ?? ((input, init) => globalThis.fetch(input, init)),
        timeoutMs: options.timeoutMs,
        retry: options.retry,
      },
      validate: options.validate,
    },
    {
      threadStore: options.threadStore,
      onThread: options.onThread,
      onThreadExpired: options.onThreadExpired,
      retryWithNewThread: options.retryWithNewThread,
      onUnknownChunk: options.onUnknownChunk,
    },
  )

  return transportOver(
    connection,
    options,
    async (request, { fields, headers, continueThread }) => {
      // What `DefaultChatTransport` sends, which the v2 endpoint accepts (api-contract §3).
      const body: Record<string, unknown> = {
        ...fields,
        id: request.chatId,
        trigger: request.trigger,
        ...(request.messageId !== undefined ? { messageId: request.messageId } : {}),
        messages: request.messages,
      }
      try {
        const answer = await connection.ask(body as never, {
          signal: request.abortSignal,
          headers,
          continueThread,
        })
        return toReadableStream(asV2Chunks(answer))
      } catch (error) {
        throw asAbortError(error)
      }
    },
  )
}

/**
 * The v2 answer for `Chat`: the checked chunks as they came (the server's chunks are the SDK's
 * own), with the thread from the headers added to `start`'s metadata when the server left it out,
 * as the v1 path does; a stop surfaces as an `AbortError`.
 */
async function* asV2Chunks(answer: UIMessageAnswer): AsyncGenerator<DocsUIMessageChunk> {
  const fromHeaders = threadFromHeaders(answer.response.headers)
  try {
    for await (const batch of answer.batches()) {
      for (const chunk of batch) {
        if (chunk.type === 'start' && fromHeaders) {
          const metadata = (chunk.messageMetadata ?? {}) as Record<string, unknown>
          if (metadata.threadId === undefined) {
            chunk.messageMetadata = { ...metadata, threadId: fromHeaders.threadId }
          }
        }
        // Checked structurally by the reader against the v5–v7 catalogue.
        yield chunk as unknown as DocsUIMessageChunk
      }
    }
  } catch (error) {
    throw asAbortError(error)
  }
}
