'use client'

import { useCopyToClipboard } from '@docchat/headless'
import type { FeedbackValue } from '../widget-options'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

export interface MessageActionsProps {
  text: string
  feedback: FeedbackValue | undefined
  onFeedback: (value: FeedbackValue) => void
  /** Only the last answer can be regenerated. */
  onRegenerate?: () => void
}

/** Copy, thumbs up/down and regenerate under a finished answer. */
export function MessageActions({ text, feedback, onFeedback, onRegenerate }: MessageActionsProps) {
  const { labels } = useWidgetSettings()
  const { copy, state } = useCopyToClipboard()
  const copied = state === 'copied'
  return (
    <div className="docchat-message-actions">
      <button
        type="button"
        className="docchat-icon-button"
        aria-label={copied ? labels.copied : labels.copy}
        title={copied ? labels.copied : labels.copy}
        data-state={state}
        onClick={() => void copy(text)}
      >
        <Icon name={copied ? 'check' : 'copy'} />
      </button>
      <button
        type="button"
        className="docchat-icon-button"
        aria-label={labels.helpful}
        title={labels.helpful}
        aria-pressed={feedback === 'up'}
        onClick={() => onFeedback('up')}
      >
        <Icon name="thumbsUp" />
      </button>
      <button
        type="button"
        className="docchat-icon-button"
        aria-label={labels.notHelpful}
        title={labels.notHelpful}
        aria-pressed={feedback === 'down'}
        onClick={() => onFeedback('down')}
      >
        <Icon name="thumbsDown" />
      </button>
      {onRegenerate ? (
        <button
          type="button"
          className="docchat-icon-button"
          aria-label={labels.regenerate}
          title={labels.regenerate}
          onClick={onRegenerate}
        >
          <Icon name="refresh" />
        </button>
      ) : null}
      <span className="docchat-feedback-thanks" role="status">
        {feedback ? labels.feedbackThanks : ''}
      </span>
      <span className="docchat-visually-hidden" role="status">
        {copied ? labels.copied : ''}
      </span>
    </div>
  )
}
