'use client'

import { type AgentJob, isAgentJobFinished, toSafeUrl } from '@docchat/core'
import { useAgentJob } from '@docchat/react'
import { formatLabel } from '../labels'
import { statusLabels } from '../status-labels'
import type { WidgetOptions } from '../widget-options'
import { StatusSection } from './status-section'
import { Icon } from './icon'
import { type ConnectionProps, WidgetScope } from './widget-scope'
import { usePartLabels } from './widget-settings'

export type AgentJobState = 'loading' | 'running' | 'completed' | 'error' | 'interrupted'

export function agentJobState(job: AgentJob | undefined): AgentJobState {
  if (!job) return 'loading'
  if (!isAgentJobFinished(job)) return 'running'
  if (job.haultReason === 'completed') return 'completed'
  if (job.haultReason === 'interrupted') return 'interrupted'
  return job.haultReason ? 'error' : 'completed'
}

/**
 * Tasks done out of all tasks. Only completed tasks count: a failed job's cancelled tasks were not
 * done, and counting them filled the bar of a job that failed.
 */
function todoProgress(job: AgentJob | undefined): { completed: number; total: number } {
  const todos = job?.todos ?? []
  return {
    completed: todos.filter((todo) => todo.status === 'completed').length,
    total: todos.length,
  }
}

type TodoStatus = 'completed' | 'in_progress' | 'pending' | 'cancelled'

function todoStatus(status: unknown): TodoStatus {
  return status === 'completed' || status === 'in_progress' || status === 'cancelled'
    ? status
    : 'pending'
}

/** One to-do: a check when done (never struck through: that reads as dropped), its state in words. */
function Todo({ status: raw, content }: { status: unknown; content: string }) {
  const labels = usePartLabels(statusLabels)
  const status = todoStatus(raw)
  const word = {
    completed: labels.todoDone,
    in_progress: labels.todoInProgress,
    pending: labels.todoPending,
    cancelled: labels.todoNotDone,
  }[status]
  return (
    <li className="docchat-todo" data-status={status}>
      <span className="docchat-todo-mark" aria-hidden="true">
        {status === 'completed' ? <Icon name="check" /> : null}
      </span>
      <span>
        <span className="docchat-visually-hidden">{word}: </span>
        {content}
      </span>
    </li>
  )
}

export interface AgentJobStatusProps extends WidgetOptions, ConnectionProps {
  /** The job id (`X-Session-Id` of the create call). */
  jobId: string
  /** Polling starts at this interval (ms) and backs off while nothing changes. */
  intervalMs?: number
  className?: string
}

/**
 * Live status of an agent job: state badge, todos progress, the pull request once there is one,
 * and the agent's message. Polls until the job stops.
 */
export function AgentJobStatus({ jobId, intervalMs, className, ...scope }: AgentJobStatusProps) {
  return (
    <WidgetScope {...scope}>
      <AgentJobStatusView jobId={jobId} intervalMs={intervalMs} className={className} />
    </WidgetScope>
  )
}

function AgentJobStatusView({
  jobId,
  intervalMs,
  className,
}: {
  jobId: string
  intervalMs?: number
  className?: string
}) {
  const labels = usePartLabels(statusLabels)
  const { job, error } = useAgentJob(jobId, intervalMs ? { intervalMs } : {})
  const state = error && !job ? 'error' : agentJobState(job)
  const progress = todoProgress(job)
  const stopped = state === 'error' || state === 'interrupted'
  // Any http(s) URL the API sends, never a script: core's URL policy decides (null: text only).
  const pullRequest = job?.pullRequestLink ? toSafeUrl(job.pullRequestLink) : null
  const stateLabel = {
    loading: labels.loading,
    running: labels.jobRunning,
    completed: labels.jobCompleted,
    error: labels.jobFailed,
    interrupted: labels.jobInterrupted,
  }[state]
  const percent = progress.total ? Math.round((progress.completed / progress.total) * 100) : 0
  const title = job?.title || job?.branch || labels.jobTitle
  return (
    <StatusSection
      className={className}
      state={state}
      label={labels.jobTitle}
      busy={state === 'running' || state === 'loading'}
      title={title}
      badge={
        <span className="docchat-badge" data-state={state} role="status">
          {stateLabel}
        </span>
      }
      error={error}
      labels={labels}
    >
      {progress.total > 0 ? (
        <div className="docchat-progress">
          <span>
            {formatLabel(
              stopped && progress.completed < progress.total
                ? labels.jobProgressStopped
                : progress.total === 1
                  ? labels.jobProgressOne
                  : labels.jobProgress,
              { done: progress.completed, total: progress.total },
            )}
          </span>
          <div
            className="docchat-progress-track"
            role="progressbar"
            aria-label={labels.jobTitle}
            aria-valuemin={0}
            aria-valuemax={progress.total}
            aria-valuenow={progress.completed}
          >
            <div className="docchat-progress-bar" style={{ inlineSize: `${percent}%` }} />
          </div>
        </div>
      ) : null}
      {job && job.todos.length > 0 ? (
        <ul className="docchat-todos">
          {job.todos.map((todo) => (
            <Todo key={todo.id} status={todo.status} content={todo.content} />
          ))}
        </ul>
      ) : null}
      {job?.messageToUser ? <p className="docchat-status-meta">{job.messageToUser}</p> : null}
      {pullRequest ? (
        <a
          className="docchat-link"
          href={pullRequest.href}
          target="_blank"
          rel="noopener noreferrer"
        >
          <Icon name="gitPullRequest" />
          {labels.pullRequest}
        </a>
      ) : job?.pullRequestLink ? (
        <span className="docchat-link" data-inert-link="">
          <Icon name="gitPullRequest" />
          {labels.pullRequest}
        </span>
      ) : null}
    </StatusSection>
  )
}
