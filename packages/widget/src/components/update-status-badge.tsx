'use client'

import { isUpdateFinished } from '@docchat/core'
import { useUpdateStatus } from '@docchat/react'
import { useId } from 'react'
import type { WidgetOptions } from '../widget-options'
import { statusLabels } from '../status-labels'
import { StatusSection } from './status-section'
import { type ConnectionProps, WidgetScope } from './widget-scope'
import { usePartLabels } from './widget-settings'

export interface UpdateStatusBadgeProps extends WidgetOptions, ConnectionProps {
  /** From `useTriggerUpdate()` or `client.triggerUpdate(...)`. */
  statusId: string
  /** Also show the summary, the commit and the last log lines. Defaults to `false`. */
  details?: boolean
  /** How many log lines `details` shows. Defaults to `5`. */
  logLines?: number
  intervalMs?: number
  className?: string
}

/** A deployment's state as a badge (queued, deploying, deployed, failed), polled until it ends. */
export function UpdateStatusBadge(props: UpdateStatusBadgeProps) {
  const { statusId, details, logLines, intervalMs, className, ...scope } = props
  return (
    <WidgetScope {...scope}>
      <UpdateStatusView {...props} />
    </WidgetScope>
  )
}

function UpdateStatusView({
  statusId,
  details = false,
  logLines = 5,
  intervalMs,
  className,
}: Pick<UpdateStatusBadgeProps, 'statusId' | 'details' | 'logLines' | 'intervalMs' | 'className'>) {
  const labels = usePartLabels(statusLabels)
  const { update, error } = useUpdateStatus(statusId, intervalMs ? { intervalMs } : {})
  const logsId = useId()
  const state = update?.status ?? (error ? 'failure' : 'loading')
  const stateLabels: Record<string, string> = {
    loading: labels.loading,
    queued: labels.updateQueued,
    in_progress: labels.updateInProgress,
    success: labels.updateSuccess,
    failure: labels.updateFailure,
  }
  const label = stateLabels[state] ?? state
  const badge = (
    <span
      className={['docchat-badge', details ? undefined : className].filter(Boolean).join(' ')}
      data-state={state}
      role="status"
      aria-label={details ? undefined : `${labels.updateTitle}: ${label}`}
    >
      {label}
    </span>
  )
  if (!details) return badge
  const tail = (update?.logs ?? []).slice(-logLines)
  return (
    <StatusSection
      className={className}
      state={state}
      label={labels.updateTitle}
      busy={update ? !isUpdateFinished(update) : state === 'loading'}
      title={update?.commit?.message || labels.updateTitle}
      badge={badge}
      error={error}
      labels={labels}
    >
      {update?.summary ? <p className="docchat-status-meta">{update.summary}</p> : null}
      {tail.length > 0 ? (
        <figure className="docchat-logs-figure" aria-labelledby={logsId}>
          <figcaption className="docchat-visually-hidden" id={logsId}>
            {labels.logs}
          </figcaption>
          <pre className="docchat-logs">{tail.join('\n')}</pre>
        </figure>
      ) : null}
    </StatusSection>
  )
}
