import { toDocsApiError } from '@docchat/core'

const maxRetries = 2

/**
 * TanStack `retry` for DocChat queries: never for auth, permission, not-found or bad requests
 * (another try gives the same answer), up to twice for retryable kinds (network, 5xx, 429).
 */
export function shouldRetryDocsQuery(failureCount: number, error: unknown): boolean {
  const docsError = toDocsApiError(error)
  if (docsError.status === 401 || docsError.status === 403 || docsError.status === 404) return false
  if (docsError.kind === 'aborted') return false
  return docsError.retryable && failureCount < maxRetries
}

/** Honours `Retry-After` when the server sent one, else exponential backoff capped at 10 s. */
export function docsQueryRetryDelay(failureCount: number, error: unknown): number {
  const docsError = toDocsApiError(error)
  if (docsError.retryAfterMs !== undefined) return docsError.retryAfterMs
  return Math.min(500 * 2 ** failureCount, 10_000)
}
