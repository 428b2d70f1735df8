'use client'

import { DocsApiError, isUpdateFinished } from '@docchat/core'
import { useUpdateStatus } from '@docchat/react'
import { useId } from 'react'
import type { WidgetOptions } from '../widget-options'
import { statusLabels } from '../status-labels'
import { errorMessage } from './error-message'
import { type ConnectionProps, MaybeProvider, WidgetScope, usePartLabels } from './widget-scope'

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
export function UpdateStatusBadge({
  statusId,
  details = false,
  logLines = 5,
  intervalMs,
  client,
  domain,
  projectId,
  className,
  ...options
}: UpdateStatusBadgeProps) {
  return (
    <MaybeProvider client={client} domain={domain} projectId={projectId}>
      <WidgetScope {...options}>
        <UpdateStatusView
          statusId={statusId}
          details={details}
          logLines={logLines}
          intervalMs={intervalMs}
          className={className}
        />
      </WidgetScope>
    </MaybeProvider>
  )
}

function UpdateStatusView({
  statusId,
  details,
  logLines,
  intervalMs,
  className,
}: {
  statusId: string
  details: boolean
  logLines: number
  intervalMs?: number
  className?: string
}) {
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
    <section
      className={['docchat-status', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-label={labels.updateTitle}
      aria-busy={update ? !isUpdateFinished(update) : state === 'loading'}
    >
      <div className="docchat-status-header">
        <h3 className="docchat-status-title">{update?.commit?.message || labels.updateTitle}</h3>
        {badge}
      </div>
      {update?.summary ? <p className="docchat-status-meta">{update.summary}</p> : null}
      {tail.length > 0 ? (
        <figure className="docchat-logs-figure" aria-labelledby={logsId}>
          <figcaption className="docchat-visually-hidden" id={logsId}>
            {labels.logs}
          </figcaption>
          <pre className="docchat-logs">{tail.join('\n')}</pre>
        </figure>
      ) : null}
      {error ? (
        <p className="docchat-status-error" role="alert">
          {errorMessage(DocsApiError.isInstance(error) ? error : { kind: 'server' }, labels)}
        </p>
      ) : null}
    </section>
  )
}
