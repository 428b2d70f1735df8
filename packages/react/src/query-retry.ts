import { toDocsApiError } from '@docchat/core'

const maxRetries = 2
/** A longer `Retry-After` is shown to the user at once instead of a spinner that waits it out. */
export const maxRetryAfterMs = 10_000

/**
 * TanStack `retry` for DocChat queries: never for auth, permission, not-found or bad requests
 * (another try gives the same answer), up to twice for retryable kinds (network, 5xx, 429).
 * A 429 is retried only when its `Retry-After` is at most 10 s; a longer wait (a search limited
 * for an hour) surfaces the `rate-limited` error straight away.
 */
export function shouldRetryDocsQuery(failureCount: number, error: unknown): boolean {
  const docsError = toDocsApiError(error)
  if (docsError.status === 401 || docsError.status === 403 || docsError.status === 404) return false
  if (docsError.kind === 'aborted') return false
  if (docsError.retryAfterMs !== undefined && docsError.retryAfterMs > maxRetryAfterMs) return false
  return docsError.retryable && failureCount < maxRetries
}

/** Honours `Retry-After` (at most 10 s) when the server sent one, else backoff capped at 10 s. */
export function docsQueryRetryDelay(failureCount: number, error: unknown): number {
  const docsError = toDocsApiError(error)
  if (docsError.retryAfterMs !== undefined) return Math.min(docsError.retryAfterMs, maxRetryAfterMs)
  return Math.min(500 * 2 ** failureCount, 10_000)
}
