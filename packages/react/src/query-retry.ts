import { backoffDelay, defaultRetryOptions, toDocsApiError } from '@docchat/core'

/**
 * The DocChat query hooks retry nothing themselves: the client already retried each call by its
 * one policy (core's `RetryOptions`). A second layer here multiplied it: one failing search cost
 * up to 9 requests, and a reader waited 3.8 s (503) or 8 s (429) to see the error.
 */
export const clientOwnsRetries = { retry: false } as const

/**
 * TanStack `retry` with the client's default policy, for your own `useQuery` calls on a client
 * created with `retry: false`: retryable kinds only (network, 5xx, 429), as many times as the
 * client would, and a 429 only when its `Retry-After` fits the client's limits.
 */
export function shouldRetryDocsQuery(failureCount: number, error: unknown): boolean {
  const docsError = toDocsApiError(error)
  if (docsError.kind === 'aborted' || !docsError.retryable) return false
  if (failureCount >= defaultRetryOptions.retries) return false
  return docsQueryRetryDelay(failureCount, docsError) <= defaultRetryOptions.maxTotalDelayMs
}

/** TanStack `retryDelay` to go with `shouldRetryDocsQuery`: the client's backoff and `Retry-After`. */
export function docsQueryRetryDelay(failureCount: number, error: unknown): number {
  const { retryAfterMs } = toDocsApiError(error)
  const policy = { ...defaultRetryOptions, maxTotalDelayMs: Number.POSITIVE_INFINITY }
  return backoffDelay(failureCount, policy, retryAfterMs) ?? defaultRetryOptions.maxRetryAfterMs
}
