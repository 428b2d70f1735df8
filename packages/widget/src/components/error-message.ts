import type { DocsApiError } from '@docchat/core'
import { type DocChatLabels, formatLabel } from '../labels'

/** Retrying helps for these; 401/403/400 need a configuration change, not another try. */
export function canRetry(error: DocsApiError | undefined): boolean {
  if (!error) return false
  return error.retryable || error.kind === 'invalid-response' || error.kind === 'aborted'
}

/** The sentence shown for an error, per kind. `secondsLeft` fills the rate-limit countdown. */
export function errorMessage(
  error: Pick<DocsApiError, 'kind' | 'status'>,
  labels: DocChatLabels,
  secondsLeft?: number,
): string {
  switch (error.kind) {
    case 'unauthorized':
      return labels.errorUnauthorized
    case 'forbidden':
      return labels.errorForbidden
    case 'rate-limited':
      return secondsLeft && secondsLeft > 0
        ? formatLabel(labels.errorRateLimited, { seconds: secondsLeft })
        : labels.errorRateLimitedNow
    case 'network':
      return labels.errorNetwork
    case 'server':
      return labels.errorServer
    case 'timeout':
      return labels.errorTimeout
    case 'not-found':
      return labels.errorNotFound
    case 'bad-request':
      return labels.errorBadRequest
    default:
      return labels.errorUnknown
  }
}

/** The sentence for a failed search: its own wording for limits and outages, key errors as usual. */
export function searchErrorMessage(
  error: Pick<DocsApiError, 'kind' | 'status'>,
  labels: DocChatLabels,
  secondsLeft?: number,
): string {
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      return errorMessage(error, labels)
    case 'rate-limited':
      return secondsLeft && secondsLeft > 0
        ? formatLabel(labels.rateLimitedSearch, { seconds: secondsLeft })
        : labels.rateLimitedSearchNow
    default:
      return labels.searchFailed
  }
}
