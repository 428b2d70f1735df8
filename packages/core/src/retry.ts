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
  /**
   * Longest time one call spends waiting between its attempts, backoff and `Retry-After` together.
   * A retry that would wait past it is not made: the call ends with the last error (a 429 keeps its
   * `retryAfterMs`), so a reader sees a failing search's error within about 1.5 s instead of a
   * spinner. Defaults to `1200`.
   */
  maxTotalDelayMs?: number
}

export type ResolvedRetryOptions = Required<RetryOptions>

/**
 * The one retry policy of the kit: every call of the client, and so every hook and the widget,
 * retries through it (the query hooks add none of their own).
 */
export const defaultRetryOptions: Readonly<ResolvedRetryOptions> = {
  retries: 2,
  minDelayMs: 300,
  maxDelayMs: 5000,
  maxRetryAfterMs: 10_000,
  maxTotalDelayMs: 1200,
}

export function resolveRetryOptions(
  option: RetryOptions | false | undefined,
): ResolvedRetryOptions {
  if (option === false) {
    return { retries: 0, minDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0, maxTotalDelayMs: 0 }
  }
  const defaults = defaultRetryOptions
  return {
    retries: Math.max(0, Math.floor(option?.retries ?? defaults.retries)),
    minDelayMs: Math.max(0, option?.minDelayMs ?? defaults.minDelayMs),
    maxDelayMs: Math.max(0, option?.maxDelayMs ?? defaults.maxDelayMs),
    maxRetryAfterMs: Math.max(0, option?.maxRetryAfterMs ?? defaults.maxRetryAfterMs),
    maxTotalDelayMs: Math.max(0, option?.maxTotalDelayMs ?? defaults.maxTotalDelayMs),
  }
}

/**
 * Delay before retry number `attempt + 1`: exponential with "equal jitter" (half fixed, half
 * random, so concurrent clients spread out), never shorter than the server's `Retry-After`.
 * Returns `undefined` when `Retry-After` exceeds `maxRetryAfterMs`, or when the wait would take
 * the call's `waitedMs` past `maxTotalDelayMs`: waiting is then the caller's call.
 */
export function backoffDelay(
  attempt: number,
  retry: ResolvedRetryOptions,
  retryAfterMs?: number,
  random: () => number = Math.random,
  waitedMs = 0,
): number | undefined {
  const base = Math.min(retry.maxDelayMs, retry.minDelayMs * 2 ** attempt)
  const jittered = base / 2 + (random() * base) / 2
  if (retryAfterMs !== undefined && retryAfterMs > retry.maxRetryAfterMs) return undefined
  const delay = retryAfterMs === undefined ? jittered : Math.max(retryAfterMs, jittered)
  return waitedMs + delay > retry.maxTotalDelayMs ? undefined : delay
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
