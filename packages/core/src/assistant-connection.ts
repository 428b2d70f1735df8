import {
  type AssistantMessageStream,
  checkStreamHeaders,
  createAssistantMessageStream,
} from './assistant-message'
import { createThreadContinuity, type ThreadContinuityOptions } from './thread-continuity'
import { type FetchLike, performRequest, type RequestSettings } from './request'
import { type RetryOptions, resolveRetryOptions } from './retry'
// Types only: the lite client ships this module without zod.
import type { AssistantRequest, AssistantRequestInput } from './request-schemas'
import type { ThreadIdentity } from './thread-identity'
import type { DocsWarningHandler } from './warnings'

export type { ThreadStoreLike } from './thread-continuity'

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

/**
 * One conversation with the assistant endpoint. Every way of asking (the client's
 * `streamAssistantMessage`, the v5+ chat transport, the React hook's `useChat`) goes through it.
 */
export interface AssistantConnection {
  /** The thread the next question continues, if one was learned. */
  readonly thread: ThreadIdentity | undefined
  /** Forgets the thread: the next question starts a new conversation. */
  clearThread(): void
  /**
   * Validates the body, sends it (per-attempt timeout until the headers, retries only when
   * nothing was generated), applies the stale-thread policy and returns the answer, each line
   * parsed once. Rejects with a `DocsApiError`.
   */
  ask(body: AssistantRequestInput, options?: AskOptions): Promise<AssistantMessageStream>
  /**
   * A `fetch` for AI SDK v4 `useChat({ streamProtocol: 'data' })`: it reads useChat's body (and
   * drops its own `id`/`data`), asks with the connection's thread, and answers with the stream
   * rewritten from the parsed events, text merged per `coalesceTextMs`. Failures reject with a
   * `DocsApiError` (a stream's after the text read before it); a stop with an `AbortError`.
   */
  fetch: typeof globalThis.fetch
}

/** What a connection needs from a client: where to send, how, and how to check the body. */
export interface AssistantEndpoint {
  /** The thread store's key. */
  domain: string
  url: string
  headers: () => Headers
  /** The request pipeline's settings: a client's own, or defaults (30 s, 2 retries). */
  request: EndpointRequest
  validate: (body: unknown) => AssistantRequest
  onWarning?: DocsWarningHandler | undefined
}

/** The request pipeline's settings an endpoint brings: a client's own, or defaults (30 s, 2 retries). */
export interface EndpointRequest {
  fetch: FetchLike
  timeoutMs?: number | undefined
  retry?: RetryOptions | false
}

/** The request settings of an assistant connection (v1 and v2): the client's, or its own fetch. */
export function connectionRequest(
  settings: EndpointRequest,
  fetch: FetchLike | undefined,
): RequestSettings {
  return {
    fetch: fetch ?? settings.fetch,
    timeoutMs: settings.timeoutMs ?? 30_000,
    retry: resolveRetryOptions(settings.retry),
  }
}

/** The client's auth headers, then the question's own, as JSON. */
export function questionHeaders(base: Headers, extra: HeadersInit | undefined): Headers {
  new Headers(extra).forEach((value, name) => {
    base.set(name, value)
  })
  base.set('content-type', 'application/json')
  return base
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
    (ask, connectionOptions) => async (input, init) => {
      const { useChatFetch } = await import('./use-chat-fetch')
      return useChatFetch(ask, connectionOptions)(input, init)
    },
  )
}

export type Ask = AssistantConnection['ask']

/**
 * A connection to one assistant endpoint, its `fetch` (AI SDK v4 useChat's) made by `fetchFor`:
 * `createAssistantConnection` (use-chat-connection.ts) brings it along, `createReaderConnection` loads
 * it on first use.
 */
export function openAssistantConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions,
  fetchFor: (ask: Ask, options: AssistantConnectionOptions) => typeof globalThis.fetch,
): AssistantConnection {
  const { domain, onWarning } = endpoint
  const request = connectionRequest(endpoint.request, options.fetch)
  const continuity = createThreadContinuity(domain, options)

  const send = async (
    body: AssistantRequest,
    askOptions: AskOptions,
  ): Promise<AssistantMessageStream> => {
    const headers = questionHeaders(endpoint.headers(), askOptions.headers)
    const {
      value: response,
      signal,
      release,
    } = await performRequest(request, {
      url: endpoint.url,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: askOptions.signal,
      retryMode: 'unprocessed',
      stream: true,
      read: async (answer) => answer,
    })
    checkStreamHeaders(response, onWarning)
    const stream = createAssistantMessageStream({
      response,
      signal,
      callerSignal: askOptions.signal,
      release,
      sent: { threadId: body.threadId, threadKey: body.threadKey },
      onWarning,
      onThread: continuity.learn,
    })
    if (stream.thread) continuity.learn(stream.thread)
    return stream
  }

  const ask = async (
    input: AssistantRequestInput,
    askOptions: AskOptions = {},
  ): Promise<AssistantMessageStream> => {
    return continuity.ask(input, askOptions.continueThread, endpoint.validate, (body) =>
      send(body, askOptions),
    )
  }

  return {
    get thread() {
      return continuity.get()
    },
    clearThread: continuity.clear,
    ask,
    fetch: fetchFor(ask, options),
  }
}
