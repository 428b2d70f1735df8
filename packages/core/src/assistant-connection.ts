import {
  type AssistantMessageStream,
  checkStreamHeaders,
  createAssistantMessageStream,
  streamFailure,
} from './assistant-message'
import { encodeDataStream } from './coalesce-text-parts'
import type { DataStreamEvent } from './data-stream'
import { createThreadContinuity, type ThreadContinuityOptions } from './thread-continuity'
import { DocsApiError } from './errors'
import { type FetchLike, performRequest, type RequestSettings } from './request'
import { type RetryOptions, resolveRetryOptions } from './retry'
// Types only: the lite client ships this module without zod.
import type { AssistantRequest, AssistantRequestInput } from './schemas'
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

function linkAbort(source: AbortSignal | null | undefined, target: AbortController): void {
  if (!source) return
  if (source.aborted) target.abort(source.reason)
  else source.addEventListener('abort', () => target.abort(source.reason), { once: true })
}

function stopError(): DOMException {
  return new DOMException('The operation was aborted.', 'AbortError')
}

/** AI SDK clients tell a stop from a failure by the name `AbortError`. */
export function asAbortError(error: unknown): unknown {
  return DocsApiError.isInstance(error) && error.kind === 'aborted' ? stopError() : error
}

function cutStreamError(): DocsApiError {
  return new DocsApiError('The answer stream ended before it finished.', { kind: 'network' })
}

/**
 * The events AI SDK v4's parser may see: failures become one `DocsApiError` (after the events
 * before them), parts it would reject (unknown codes, already reported through `onWarning`) are
 * left out, and a stream that closes without its `d:` line fails, since v4 would take it for a
 * complete answer.
 */
async function* checkedForUseChat(
  stream: AssistantMessageStream,
): AsyncGenerator<DataStreamEvent[]> {
  let finished = false
  try {
    for await (const batch of stream.batches()) {
      const passed: DataStreamEvent[] = []
      let failure: DocsApiError | undefined
      for (const event of batch) {
        failure = streamFailure(event)
        if (failure) break
        if (event.type === 'unknown') continue
        if (event.type === 'finish-message') finished = true
        passed.push(event)
      }
      if (passed.length > 0) yield passed
      if (failure) throw failure
    }
  } catch (error) {
    throw asAbortError(error)
  }
  if (!finished) throw cutStreamError()
}

function useChatBody(init: RequestInit | undefined): Record<string, unknown> {
  const text = typeof init?.body === 'string' ? init.body : ''
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new DocsApiError('Invalid request: body: must be a JSON object', {
      kind: 'bad-request',
      field: 'body',
    })
  }
  // useChat's chat id and chat-level data are its own bookkeeping, not API fields.
  const { id: _chatId, data: _data, ...body } = parsed as Record<string, unknown>
  return body
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

/** Creates a connection to one assistant endpoint (see `client.connectAssistant`). */
export function createAssistantConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions = {},
): AssistantConnection {
  return connection(endpoint, options, useChatFetch)
}

/**
 * `createDocsReaderClient`'s connections: `fetch`, AI SDK v4 useChat's, rejects with a
 * `bad-request` `DocsApiError`, so its stream writer stays out of the bundle.
 */
export function createReaderConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions = {},
): AssistantConnection {
  return connection(endpoint, options, () => async () => {
    throw new DocsApiError(
      'connectAssistant(…).fetch (for AI SDK useChat) is not in createDocsReaderClient: use createDocsClientLite',
      { kind: 'bad-request' },
    )
  })
}

type Ask = AssistantConnection['ask']

function connection(
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

/** The connection's `fetch` for AI SDK v4 useChat: the answer re-encoded, text merged. */
function useChatFetch(ask: Ask, options: AssistantConnectionOptions): typeof globalThis.fetch {
  return async (_input, init) => {
    const body = useChatBody(init)
    // The body may be cancelled by its reader without aborting useChat's signal.
    const controller = new AbortController()
    linkAbort(init?.signal, controller)
    let stream: AssistantMessageStream
    try {
      stream = await ask(body as unknown as AssistantRequestInput, {
        signal: controller.signal,
        headers: init?.headers,
        continueThread: true,
      })
    } catch (error) {
      throw asAbortError(error)
    }
    const { response } = stream
    return new Response(
      encodeDataStream(checkedForUseChat(stream), {
        windowMs: options.coalesceTextMs,
        onCancel: (reason) => controller.abort(reason),
      }),
      { status: response.status, statusText: response.statusText, headers: response.headers },
    )
  }
}
