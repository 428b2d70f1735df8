import {
  type AssistantMessageStream,
  checkStreamHeaders,
  createAssistantMessageStream,
} from './assistant-message'
import { type FetchLike, performRequest, type RequestSettings } from './request'
// Types only: the lite client ships this module without zod.
import type { AssistantRequest, AssistantRequestInput } from './request-schemas'
import { type RetryOptions, resolveRetryOptions } from './retry'
import {
  createThreadContinuity,
  type ThreadContinuityOptions,
  type ThreadFields,
} from './thread-continuity'
import type { ThreadIdentity } from './thread-identity'
import type { DocsWarningHandler } from './warnings'

export type { ThreadStoreLike } from './thread-continuity'

/*
 * The one connection to the assistant, whichever endpoint: the thread policy
 * (thread-continuity.ts), the body's check, the request pipeline (timeout until the headers,
 * retries only before anything was generated, typed errors) and the stale-thread retry live here
 * once; how the answer is read is the protocol's: v1's data stream (assistant-message.ts) or v2's
 * UI message stream over SSE (ui-message-connection.ts).
 */

export interface AssistantConnectionOptions extends ThreadContinuityOptions {
  /**
   * For `fetch` only: text parts arriving within this window reach AI SDK v4's parser as one
   * part (see `encodeDataStream`). `0` turns merging off. Defaults to `32`.
   */
  coalesceTextMs?: number | undefined
  /** Replaces the client's `fetch` for this connection. */
  fetch?: typeof globalThis.fetch | undefined
}

export interface AskOptions {
  signal?: AbortSignal | undefined
  /** Extra request headers for this question. */
  headers?: HeadersInit | undefined
  /**
   * Send the connection's thread with this question when the body names none. Without it a body
   * without `threadId` starts a new conversation. Defaults to `false`.
   */
  continueThread?: boolean | undefined
}

/** A conversation with one assistant endpoint: `ask` sends a body and returns its answer. */
export interface Connection<Input, Answer> {
  /** The thread the next question continues, if one was learned. */
  readonly thread: ThreadIdentity | undefined
  /** Forgets the thread: the next question starts a new conversation. */
  clearThread(): void
  /**
   * Validates the body, sends it (per-attempt timeout until the headers, retries only when
   * nothing was generated), applies the stale-thread policy and returns the answer. Rejects with a
   * `DocsApiError`.
   */
  ask(body: Input, options?: AskOptions): Promise<Answer>
}

/**
 * One conversation with the v1 assistant endpoint. Every way of asking (the client's
 * `streamAssistantMessage`, the v5+ chat transport, the React hooks) goes through it.
 */
export interface AssistantConnection
  extends Connection<AssistantRequestInput, AssistantMessageStream> {
  /**
   * A `fetch` for AI SDK v4 `useChat({ streamProtocol: 'data' })`: it reads useChat's body (and
   * drops its own `id`/`data`), asks with the connection's thread, and answers with the stream
   * rewritten from the parsed events, text merged per `coalesceTextMs`. Failures reject with a
   * `DocsApiError` (a stream's after the text read before it); a stop with an `AbortError`.
   */
  fetch: typeof globalThis.fetch
}

/** The request pipeline's settings an endpoint brings: a client's own, or defaults (30 s, 2 retries). */
export interface EndpointRequest {
  fetch: FetchLike
  timeoutMs?: number | undefined
  retry?: RetryOptions | false
}

/** Where a connection sends, how, and how it checks the body. */
export interface ConnectionEndpoint<Body> {
  /** The thread store's key. */
  domain: string
  url: string
  headers: () => Headers
  request: EndpointRequest
  validate: (body: unknown) => Body
}

/** What a connection needs from a client for the v1 endpoint. */
export interface AssistantEndpoint extends ConnectionEndpoint<AssistantRequest> {
  onWarning?: DocsWarningHandler | undefined
}

/** A successful response, handed to the protocol's reader. */
export interface AnswerResponse {
  response: Response
  /** The attempt's signal: aborts when the caller's does. */
  signal: AbortSignal
  /** The caller's own signal (a stop), if any. */
  callerSignal: AbortSignal | undefined
  /** Drops the link to the caller's signal; call it once the body is read or cancelled. */
  release: () => void
  /** The thread the question was sent with. */
  sent: ThreadFields
  /** Keeps a thread the answer names (headers or body) for the next question. */
  learn: (thread: ThreadIdentity) => void
}

/**
 * Opens a connection to one endpoint, its answers read by `readAnswer`: the v1 data stream
 * (`createAssistantConnection`) or the v2 UI message stream (`createUIMessageConnection`).
 */
export function openConnection<Input, Body extends ThreadFields, Answer>(
  endpoint: ConnectionEndpoint<Body>,
  options: ThreadContinuityOptions & { fetch?: FetchLike | undefined },
  readAnswer: (answer: AnswerResponse) => Answer,
): Connection<Input, Answer> {
  const request: RequestSettings = {
    fetch: options.fetch ?? endpoint.request.fetch,
    timeoutMs: endpoint.request.timeoutMs ?? 30_000,
    retry: resolveRetryOptions(endpoint.request.retry),
  }
  const continuity = createThreadContinuity(endpoint.domain, options)

  const send = async (body: Body, askOptions: AskOptions): Promise<Answer> => {
    // The client's auth headers, then the question's own, as JSON.
    const headers = endpoint.headers()
    new Headers(askOptions.headers).forEach((value, name) => {
      headers.set(name, value)
    })
    headers.set('content-type', 'application/json')
    const { value, signal, release } = await performRequest(request, {
      url: endpoint.url,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: askOptions.signal,
      retryMode: 'unprocessed',
      stream: true,
      read: async (response) => response,
    })
    return readAnswer({
      response: value,
      signal,
      callerSignal: askOptions.signal,
      release,
      sent: { threadId: body.threadId, threadKey: body.threadKey },
      learn: continuity.learn,
    })
  }

  return {
    get thread() {
      return continuity.get()
    },
    clearThread: continuity.clear,
    ask: (input, askOptions = {}) =>
      continuity.ask(input as ThreadFields, askOptions.continueThread, endpoint.validate, (body) =>
        send(body, askOptions),
      ),
  }
}

/** The v1 endpoint's answer: its data stream, each line parsed once, the thread learned from it. */
function readDataStreamAnswer(onWarning: DocsWarningHandler | undefined) {
  return ({ response, learn, ...read }: AnswerResponse): AssistantMessageStream => {
    checkStreamHeaders(response, onWarning)
    const stream = createAssistantMessageStream({ response, ...read, onWarning, onThread: learn })
    if (stream.thread) learn(stream.thread)
    return stream
  }
}

export type Ask = AssistantConnection['ask']

/**
 * A v1 connection, its `fetch` (AI SDK v4 useChat's) made by `fetchFor`: `createAssistantConnection`
 * (use-chat-connection.ts) brings it along, `createReaderConnection` loads it on first use.
 */
export function openAssistantConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions,
  fetchFor: (ask: Ask, options: AssistantConnectionOptions) => typeof globalThis.fetch,
): AssistantConnection {
  const connection = openConnection<
    AssistantRequestInput,
    AssistantRequest,
    AssistantMessageStream
  >(endpoint, options, readDataStreamAnswer(endpoint.onWarning))
  return {
    get thread() {
      return connection.thread
    },
    clearThread: connection.clearThread,
    ask: connection.ask,
    fetch: fetchFor(connection.ask, options),
  }
}

/**
 * `createDocsReaderClient`'s connections: `fetch`, AI SDK v4 useChat's, loads its stream writer
 * on first use (a chunk bundlers split), so a page that asks through `ask` never carries it.
 */
export function createReaderConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions = {},
): AssistantConnection {
  return openAssistantConnection(
    endpoint,
    options,
    (ask, coalesceTextMs) => async (input, init) => {
      const { useChatFetch } = await import('./use-chat-fetch')
      return useChatFetch(ask, coalesceTextMs)(input, init)
    },
  )
}
