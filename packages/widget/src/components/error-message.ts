import type { DocsApiError } from '@docchat/core'
import { formatLabel, type PanelLabels } from '../labels'

/**
 * Retrying helps for these; 401/403/400 need a configuration change, not another try. An answer
 * that broke off mid-stream (`partial`, e.g. an error part from the model) had a request the server
 * accepted, so another try is worth offering even though the error carries no status.
 */
export function canRetry(
  error: DocsApiError | undefined,
  { partial = false }: { partial?: boolean } = {},
): boolean {
  if (!error) return false
  if (partial && error.kind === 'server') return true
  return error.retryable || error.kind === 'invalid-response' || error.kind === 'aborted'
}

/** A reader's sentence for an error; `secondsLeft` fills the rate-limit countdown. */
type ErrorSentence = (
  error: Pick<DocsApiError, 'kind' | 'status'>,
  labels: PanelLabels,
  secondsLeft?: number,
) => string

/** The sentence shown for an error, per kind. */
export const errorMessage: ErrorSentence = (error, labels, secondsLeft) => {
  switch (error.kind) {
    case 'unauthorized':
      return labels.errorUnauthorized
    case 'forbidden':
      return labels.errorForbidden
    case 'rate-limited':
      return countdown(secondsLeft, labels.errorRateLimited, labels.errorRateLimitedNow)
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

/** A rate limit's sentence: `{seconds}` left while the countdown runs, `now` once it is over. */
function countdown(secondsLeft: number | undefined, inSeconds: string, now: string): string {
  return secondsLeft && secondsLeft > 0 ? formatLabel(inSeconds, { seconds: secondsLeft }) : now
}

/** The sentence for a failed search: its own wording for limits and outages, key errors as usual. */
export const searchErrorMessage: ErrorSentence = (error, labels, secondsLeft) => {
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
      return labels.searchUnavailable
    case 'rate-limited':
      return countdown(secondsLeft, labels.rateLimitedSearch, labels.rateLimitedSearchNow)
    default:
      return labels.searchFailed
  }
}

/**
 * What a developer needs to fix an error, for the console and `onEvent`/`onError`; readers see
 * `errorMessage` instead. Keys and configuration are named here, never in the panel.
 */
export function errorDetail(error: Pick<DocsApiError, 'kind' | 'status' | 'message'>): string {
  const status = error.status ? ` (${error.status})` : ''
  switch (error.kind) {
    case 'unauthorized':
      return `DocChat: the assistant key was rejected${status}. Check the assistantKey option: it must be a valid public assistant key (mint_dsc_…), or send requests through your proxyUrl.`
    case 'forbidden':
      return `DocChat: this site may not use the API${status}. Check the key’s allowed origins, scopes or IP allowlist.`
    default:
      return `DocChat: ${error.kind}${status}${error.message ? `: ${error.message}` : ''}`
  }
}
