'use client'

import { useCopyToClipboard } from '@docchat/headless'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import type { DocChatLabels } from '../labels'
import { type FeedbackReason, type FeedbackValue, feedbackReasons } from '../widget-options'
import { IconButton } from './icon'
import { useShareLink } from './share-link'
import { useWidgetSettings } from './widget-settings'

export interface MessageActionsProps {
  text: string
  feedback: FeedbackValue | undefined
  onFeedback: (value: FeedbackValue) => void
  /** After a thumbs-down: the reasons picked and the optional comment. */
  onFeedbackReasons?: (reasons: FeedbackReason[], comment: string) => void
  /** Only the last answer can be regenerated. */
  onRegenerate?: () => void
  /** The answer's id: with deep links on, a share action copies a link that asks its question. */
  messageId?: string
}

const reasonLabels: Record<FeedbackReason, keyof DocChatLabels> = {
  incorrect: 'feedbackIncorrect',
  outdated: 'feedbackOutdated',
  'didnt-answer': 'feedbackDidntAnswer',
  'irrelevant-sources': 'feedbackIrrelevantSources',
}

/**
 * Copy, thumbs up/down and regenerate under a finished answer. A thumbs-down asks what was wrong
 * (optional): a bare "not helpful" tells the docs team little.
 */
export function MessageActions({
  text,
  feedback,
  onFeedback,
  onFeedbackReasons,
  onRegenerate,
  messageId,
}: MessageActionsProps) {
  const { labels } = useWidgetSettings()
  const { copy, state } = useCopyToClipboard()
  const shareUrl = useShareLink(messageId)
  const share = useCopyToClipboard()
  const shared = share.state === 'copied'
  const [asking, setAsking] = useState(false)
  const copied = state === 'copied'
  return (
    <>
      <div className="docchat-message-actions">
        <IconButton
          icon={copied ? 'check' : 'copy'}
          label={copied ? labels.copied : labels.copy}
          data-state={state}
          onClick={() => void copy(text)}
        />
        {shareUrl ? (
          <IconButton
            icon={shared ? 'check' : 'link'}
            label={shared ? labels.shareCopied : labels.shareQuestion}
            data-state={share.state}
            onClick={() => void share.copy(shareUrl)}
          />
        ) : null}
        <IconButton
          icon="thumbsUp"
          label={labels.helpful}
          aria-pressed={feedback === 'up'}
          onClick={() => {
            setAsking(false)
            onFeedback('up')
          }}
        />
        <IconButton
          icon="thumbsDown"
          label={labels.notHelpful}
          aria-pressed={feedback === 'down'}
          aria-expanded={onFeedbackReasons ? asking : undefined}
          onClick={() => {
            if (feedback !== 'down') onFeedback('down')
            if (onFeedbackReasons) setAsking(true)
          }}
        />
        {onRegenerate ? (
          <IconButton icon="refresh" label={labels.regenerate} onClick={onRegenerate} />
        ) : null}
        <span className="docchat-feedback-thanks" role="status">
          {feedback && !asking ? labels.feedbackThanks : ''}
        </span>
        <span className="docchat-visually-hidden" role="status">
          {copied ? labels.copied : shared ? labels.shareCopied : ''}
        </span>
      </div>
      {asking && onFeedbackReasons ? (
        <FeedbackReasons
          onDone={(reasons, comment) => {
            setAsking(false)
            if (reasons.length > 0 || comment) onFeedbackReasons(reasons, comment)
          }}
        />
      ) : null}
    </>
  )
}

function FeedbackReasons({
  onDone,
}: {
  onDone: (reasons: FeedbackReason[], comment: string) => void
}) {
  const { labels } = useWidgetSettings()
  const id = useId()
  const [reasons, setReasons] = useState<FeedbackReason[]>([])
  const [comment, setComment] = useState('')
  const first = useRef<HTMLInputElement>(null)
  // Opened by the thumbs-down click: keyboard and screen reader users land on the first reason.
  useEffect(() => first.current?.focus(), [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    onDone(reasons, comment.trim().slice(0, 1000))
  }
  return (
    <form className="docchat-feedback-form" onSubmit={submit}>
      <fieldset className="docchat-feedback-reasons">
        <legend className="docchat-section-title">{labels.feedbackReasonsTitle}</legend>
        {feedbackReasons.map((reason, index) => (
          <label key={reason} className="docchat-feedback-reason">
            <input
              ref={index === 0 ? first : undefined}
              type="checkbox"
              name="reason"
              value={reason}
              checked={reasons.includes(reason)}
              onChange={(event) =>
                setReasons((current) =>
                  event.target.checked
                    ? [...current, reason]
                    : current.filter((picked) => picked !== reason),
                )
              }
            />
            <span>{labels[reasonLabels[reason]]}</span>
          </label>
        ))}
      </fieldset>
      <label className="docchat-feedback-comment-label" htmlFor={`${id}-comment`}>
        {labels.feedbackComment}
      </label>
      <textarea
        id={`${id}-comment`}
        className="docchat-feedback-comment"
        rows={2}
        maxLength={1000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <div className="docchat-feedback-buttons">
        <button type="submit" className="docchat-button" data-variant="primary">
          {labels.feedbackSend}
        </button>
        <button type="button" className="docchat-button" onClick={() => onDone([], '')}>
          {labels.feedbackSkip}
        </button>
      </div>
    </form>
  )
}
