'use client'

import { type AgentJob, type DocsApiError, isAgentJobFinished } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type PollingOptions, usePollInterval } from './polling'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'
import { requireProjectId } from './use-agent-jobs'

export interface UseAgentJobOptions extends PollingOptions {
  /** Defaults to `true`. */
  enabled?: boolean
}

export interface AgentJobProgress {
  completed: number
  total: number
}

export type AgentJobQuery = UseQueryResult<AgentJob, DocsApiError> & {
  job: AgentJob | undefined
  /** The job stopped (`haulted`): completed, errored, interrupted or misconfigured. */
  isTerminal: boolean
  /** Done todos out of all todos (cancelled ones count as done). */
  progress: AgentJobProgress
}

/** Whether an agent job has stopped: core's `isAgentJobFinished`, under the name the hooks export. */
export const isAgentJobTerminal: (job: AgentJob | undefined) => boolean = isAgentJobFinished

export function agentJobProgress(job: AgentJob | undefined): AgentJobProgress {
  const todos = job?.todos ?? []
  const completed = todos.filter(
    (todo) => todo.status === 'completed' || todo.status === 'cancelled',
  ).length
  return { completed, total: todos.length }
}

/**
 * One agent job, polled until it stops: the interval backs off while nothing changes (core's
 * `pollDelay`), polling pauses while the tab is hidden, and ends at a terminal state or an error
 * another poll would repeat; a passing failure (network, 5xx) is polled through, as
 * `client.waitForAgentJob` does.
 */
export function useAgentJob(
  id: string | undefined,
  options: UseAgentJobOptions = {},
): AgentJobQuery {
  const { client, projectId, queryClient } = useDocChat()
  const { enabled = true, ...polling } = options
  const refetchInterval = usePollInterval<AgentJob>(isAgentJobFinished, polling)
  const result = useQuery<AgentJob, DocsApiError>(
    {
      queryKey: docChatQueryKeys.agentJob(client.baseUrl, projectId ?? '', id ?? ''),
      queryFn: ({ signal }) =>
        client.getAgentJob(requireProjectId(projectId), id ?? '', { signal }),
      enabled: enabled && Boolean(projectId) && Boolean(id),
      refetchInterval,
      refetchIntervalInBackground: false,
      ...clientOwnsRetries,
    },
    queryClient,
  )
  return {
    ...result,
    job: result.data,
    isTerminal: isAgentJobFinished(result.data),
    progress: agentJobProgress(result.data),
  }
}
