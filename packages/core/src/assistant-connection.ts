import {
  type AssistantMessageStream,
  checkStreamHeaders,
  createAssistantMessageStream,
  streamFailure,
} from './assistant-message'
import { encodeDataStream } from './coalesce-text-parts'
import type { DataStreamEvent } from './data-stream'
import { DocsApiError } from './errors'
import { type FetchLike, performRequest, type RequestSettings } from './request'
import { type RetryOptions, resolveRetryOptions } from './retry'
// Types only: the lite client ships this module without zod.
import type { AssistantRequest, AssistantRequestInput } from './schemas'
import type { ThreadIdentity } from './thread-identity'
import type { DocsWarningHandler } from './warnings'

/** Where a connection keeps the thread between questions (a `ThreadStore` fits). */
export interface ThreadStoreLike {
  get(domain: string): ThreadIdentity | undefined
  set(domain: string, thread: ThreadIdentity): void
  clear(domain: string): void
}

export interface AssistantConnectionOptions {
  /** Keeps the thread across reloads; without it the connection keeps it in memory. */
  threadStore?: ThreadStoreLike | undefined
  /** Called whenever the thread identity is learned or changes. */
  onThread?: ((thread: ThreadIdentity) => void) | undefined
  /**
   * Called when the server answered 404 to the thread a question was sent with (it expired, or
   * its key was lost) and the question is being sent again as a new conversation.
   */
  onThreadExpired?: ((expired: ThreadIdentity) => void) | undefined
  /**
   * What a 404 on the thread a question carries does: `true` sends the question again, once,
   * as a new thread (reported through `onThreadExpired`); `false` forgets the thread and rejects
   * with the `not-found` error. Defaults to `true`.
   */
  retryWithNewThread?: boolean | undefined
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
  request: { fetch: FetchLike; timeoutMs?: number | undefined; retry?: RetryOptions | false }
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

/** Creates a connection to one assistant endpoint (see `client.connectAssistant`). */
export function createAssistantConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions = {},
): AssistantConnection {
  const { domain, onWarning } = endpoint
  const { threadStore } = options
  const retryWithNewThread = options.retryWithNewThread ?? true
  const request: RequestSettings = {
    fetch: options.fetch ?? endpoint.request.fetch,
    timeoutMs: endpoint.request.timeoutMs ?? 30_000,
    retry: resolveRetryOptions(endpoint.request.retry),
  }
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

  /** Keeps what the server said, with the key we already hold when it repeats the same id. */
  const learnThread = (found: ThreadIdentity): void => {
    if (found.threadId === rejectedThreadId) return
    const current = getThread()
    const threadKey =
      found.threadKey ?? (current?.threadId === found.threadId ? current.threadKey : undefined)
    const next: ThreadIdentity = threadKey ? { threadId: found.threadId, threadKey } : found
    if (current?.threadId === next.threadId && current.threadKey === next.threadKey) return
    memoryThread = next
    threadStore?.set(domain, next)
    options.onThread?.(next)
  }

  const send = async (
    body: AssistantRequest,
    askOptions: AskOptions,
  ): Promise<AssistantMessageStream> => {
    const headers = endpoint.headers()
    new Headers(askOptions.headers).forEach((value, name) => {
      headers.set(name, value)
    })
    headers.set('content-type', 'application/json')
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
      onThread: learnThread,
    })
    if (stream.thread) learnThread(stream.thread)
    return stream
  }

  const ask = async (
    input: AssistantRequestInput,
    askOptions: AskOptions = {},
  ): Promise<AssistantMessageStream> => {
    const stored = askOptions.continueThread && !input.threadId ? getThread() : undefined
    const body = endpoint.validate(
      stored
        ? {
            ...input,
            threadId: stored.threadId,
            ...(stored.threadKey ? { threadKey: stored.threadKey } : {}),
          }
        : input,
    )
    try {
      return await send(body, askOptions)
    } catch (error) {
      const { threadId, threadKey, ...fresh } = body
      if (!threadId || !DocsApiError.isInstance(error) || error.status !== 404) throw error
      if (!retryWithNewThread) {
        clearThread()
        throw error
      }
      rejectedThreadId = threadId
      memoryThread = undefined
      options.onThreadExpired?.(threadKey ? { threadId, threadKey } : { threadId })
      return send(fresh, askOptions)
    }
  }

  return {
    get thread() {
      return getThread()
    },
    clearThread,
    ask,
    async fetch(_input, init) {
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
    },
  }
}
