import { DocsApiError } from './errors'

/** Retry policy for calls that are safe to repeat. `false` disables retries. */
export interface RetryOptions {
  /** Attempts after the first one. Defaults to `2`. */
  retries?: number
  /** Base delay of the exponential backoff. Defaults to `300`. */
  minDelayMs?: number
  /** Upper bound of one backoff delay. Defaults to `5000`. */
  maxDelayMs?: number
  /**
   * Longest `Retry-After` the client waits for by itself. A longer one ends the call with a
   * `rate-limited` error carrying `retryAfterMs`, so a UI can tell the user instead of hanging.
   * Defaults to `10000`.
   */
  maxRetryAfterMs?: number
}

export type ResolvedRetryOptions = Required<RetryOptions>

export function resolveRetryOptions(
  option: RetryOptions | false | undefined,
): ResolvedRetryOptions {
  if (option === false) return { retries: 0, minDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 }
  return {
    retries: Math.max(0, Math.floor(option?.retries ?? 2)),
    minDelayMs: Math.max(0, option?.minDelayMs ?? 300),
    maxDelayMs: Math.max(0, option?.maxDelayMs ?? 5000),
    maxRetryAfterMs: Math.max(0, option?.maxRetryAfterMs ?? 10_000),
  }
}

/**
 * Delay before retry number `attempt + 1`: exponential with "equal jitter" (half fixed, half
 * random, so concurrent clients spread out), never shorter than the server's `Retry-After`.
 * Returns `undefined` when `Retry-After` exceeds `maxRetryAfterMs`: waiting is then the caller's call.
 */
export function backoffDelay(
  attempt: number,
  retry: ResolvedRetryOptions,
  retryAfterMs?: number,
  random: () => number = Math.random,
): number | undefined {
  const base = Math.min(retry.maxDelayMs, retry.minDelayMs * 2 ** attempt)
  const jittered = base / 2 + (random() * base) / 2
  if (retryAfterMs === undefined) return jittered
  if (retryAfterMs > retry.maxRetryAfterMs) return undefined
  return Math.max(retryAfterMs, jittered)
}

export function abortError(signal: AbortSignal): DocsApiError {
  return new DocsApiError('The request was aborted', { kind: 'aborted', cause: signal.reason })
}

/** Resolves after `ms`, or rejects with an `aborted` `DocsApiError` as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal))
      return
    }
    const onAbort = () => {
      clearTimeout(timer)
      reject(abortError(signal!))
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
