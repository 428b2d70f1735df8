import { DocsApiError, errorFromResponse, toDocsApiError } from './errors'
import { abortError, backoffDelay, type ResolvedRetryOptions, sleep } from './retry'

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/**
 * How a call may be repeated:
 * - `idempotent` (GETs, search, page content): network failures, 408, 429 and 5xx (not 501/505);
 * - `unprocessed` (assistant message, trigger update, create agent job): only failures that prove
 *   the server did not act: 429, 503, and a connection that was refused before anything was sent.
 *   A response that arrived is never retried, so a streaming answer is never requested twice.
 */
export type RetryMode = 'idempotent' | 'unprocessed'

export interface RequestSettings {
  fetch: FetchLike
  timeoutMs: number
  retry: ResolvedRetryOptions
}

export interface RequestSpec<T> {
  url: string
  method: 'GET' | 'POST'
  headers: Headers
  body?: string
  signal?: AbortSignal | undefined
  retryMode: RetryMode
  /** Reads the successful response inside the timeout and retry loop. */
  read: (response: Response) => Promise<T>
  /**
   * Keeps the request's abort link alive after `read` (for a streamed body) and stops the timeout
   * once the response headers are in: an answer may legitimately stream for longer than `timeoutMs`.
   */
  stream?: boolean
}

export interface RequestResult<T> {
  value: T
  /** The attempt's signal: aborts when the caller's signal does. */
  signal: AbortSignal
  /** Drops the link to the caller's signal; call it when a streamed body is done. */
  release: () => void
}

const unsentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH'])

function connectionNeverOpened(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && unsentCodes.has(code)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}

function shouldRetry(error: DocsApiError, mode: RetryMode, unsent: boolean): boolean {
  if (error.status === 429 || error.status === 503) return true
  if (mode === 'unprocessed') return unsent
  if (error.kind === 'network') return true
  if (error.status === 408) return true
  return error.kind === 'server' && error.retryable
}

/** Aborts `controller` when `source` does; returns the unlink. */
export function linkSignal(
  source: AbortSignal | null | undefined,
  controller: AbortController,
): () => void {
  if (!source) return () => {}
  if (source.aborted) {
    controller.abort(source.reason)
    return () => {}
  }
  const onAbort = () => controller.abort(source.reason)
  source.addEventListener('abort', onAbort, { once: true })
  return () => source.removeEventListener('abort', onAbort)
}

/** One HTTP call with per-attempt timeout, abort, error mapping and retries. */
export async function performRequest<T>(
  settings: RequestSettings,
  spec: RequestSpec<T>,
): Promise<RequestResult<T>> {
  const { signal } = spec
  let waitedMs = 0
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw abortError(signal)
    const controller = new AbortController()
    const unlink = linkSignal(signal, controller)
    let timedOut = false
    let timer: ReturnType<typeof setTimeout> | undefined
    if (settings.timeoutMs > 0 && Number.isFinite(settings.timeoutMs)) {
      timer = setTimeout(() => {
        timedOut = true
        controller.abort(new DOMException('The request timed out', 'TimeoutError'))
      }, settings.timeoutMs)
    }
    const cleanup = () => {
      clearTimeout(timer)
      unlink()
    }
    let unsent = false
    let failure: DocsApiError
    try {
      let response: Response
      try {
        response = await settings.fetch(spec.url, {
          method: spec.method,
          headers: spec.headers,
          ...(spec.body === undefined ? {} : { body: spec.body }),
          signal: controller.signal,
        })
      } catch (cause) {
        unsent = connectionNeverOpened(cause)
        if (signal?.aborted || timedOut) throw cause
        // `fetch` rejects only when no response arrived: that is a network failure whatever the text.
        const detail = (cause as { cause?: { code?: string; message?: string } })?.cause
        const reason = detail?.code ?? detail?.message
        throw new DocsApiError(
          `Network error: ${cause instanceof Error ? cause.message : String(cause)}${reason ? ` (${reason})` : ''}`,
          { kind: 'network', cause },
        )
      }
      // A fetch that ignores its signal (an in-process handler, a polyfill) may answer anyway.
      if (controller.signal.aborted) {
        await response.body?.cancel().catch(() => {})
        throw controller.signal.reason
      }
      if (!response.ok) throw await errorFromResponse(response)
      if (spec.stream) clearTimeout(timer)
      const value = await spec.read(response)
      if (!spec.stream) cleanup()
      return { value, signal: controller.signal, release: cleanup }
    } catch (cause) {
      cleanup()
      if (signal?.aborted) throw abortError(signal)
      if (timedOut) {
        throw new DocsApiError(`The request timed out after ${settings.timeoutMs} ms`, {
          kind: 'timeout',
          cause,
        })
      }
      failure = toDocsApiError(cause)
    }
    if (attempt >= settings.retry.retries || !shouldRetry(failure, spec.retryMode, unsent)) {
      throw failure
    }
    const delay = backoffDelay(attempt, settings.retry, failure.retryAfterMs, Math.random, waitedMs)
    if (delay === undefined) throw failure
    waitedMs += delay
    await sleep(delay, signal)
  }
}
