'use client'

import type { DocsApiError } from '@docchat/core'
import { formatLabel } from '../labels'
import { canRetry, errorMessage } from './error-message'
import { Icon } from './icon'
import { useCountdown } from './use-countdown'
import { useWidgetSettings } from './widget-settings'

export interface ErrorNoticeProps {
  error: DocsApiError
  /** When the error happened (ms), the start of a rate limit's countdown. */
  at: number
  /** Some of the answer arrived before the failure; it stays on screen. */
  partial?: boolean
  onRetry?: () => void
}

/**
 * The error under the conversation, worded per kind: 401/403 explain the key, 429 counts down to
 * `Retry-After`, network and 5xx errors offer a retry.
 */
export function ErrorNotice({ error, at, partial, onRetry }: ErrorNoticeProps) {
  const { labels } = useWidgetSettings()
  const retryAfter =
    error.kind === 'rate-limited' && error.retryAfterMs ? at + error.retryAfterMs : undefined
  const seconds = useCountdown(retryAfter)
  const retryable = canRetry(error, { partial }) && onRetry
  return (
    <div className="docchat-error" role="alert" data-kind={error.kind}>
      <p className="docchat-error-message">
        <Icon name="alert" />
        <span>{errorMessage(error, labels, seconds)}</span>
      </p>
      {partial ? <span className="docchat-partial-note">{labels.partialAnswer}</span> : null}
      {retryable ? (
        <button
          type="button"
          className="docchat-button"
          onClick={onRetry}
          disabled={seconds > 0}
          data-countdown={seconds > 0 ? seconds : undefined}
        >
          <Icon name="refresh" />
          {seconds > 0 ? formatLabel(labels.retryIn, { seconds }) : labels.retry}
        </button>
      ) : null}
    </div>
  )
}
