'use client'

import type { AgentJob, DocsApiError } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type PollingOptions, pollInterval } from './polling'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { docsQueryRetryDelay, shouldRetryDocsQuery } from './query-retry'
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

/** Whether an agent job has stopped; `haultReason: 'processing'` means it is still running. */
export function isAgentJobTerminal(job: AgentJob | undefined): boolean {
  return Boolean(job?.haulted) && job?.haultReason !== 'processing'
}

export function agentJobProgress(job: AgentJob | undefined): AgentJobProgress {
  const todos = job?.todos ?? []
  const completed = todos.filter(
    (todo) => todo.status === 'completed' || todo.status === 'cancelled',
  ).length
  return { completed, total: todos.length }
}

/**
 * One agent job, polled until it stops: the interval backs off while nothing changes, polling
 * pauses while the tab is hidden, and ends at a terminal state or a non-retryable error.
 */
export function useAgentJob(
  id: string | undefined,
  options: UseAgentJobOptions = {},
): AgentJobQuery {
  const { client, projectId, queryClient } = useDocChat()
  const { enabled = true, ...polling } = options
  const result = useQuery<AgentJob, DocsApiError>(
    {
      queryKey: docChatQueryKeys.agentJob(client.baseUrl, projectId ?? '', id ?? ''),
      queryFn: ({ signal }) =>
        client.getAgentJob(requireProjectId(projectId), id ?? '', { signal }),
      enabled: enabled && Boolean(projectId) && Boolean(id),
      refetchInterval: (query) => {
        if (query.state.status === 'error' || isAgentJobTerminal(query.state.data)) return false
        return pollInterval(query.state.dataUpdateCount, polling)
      },
      refetchIntervalInBackground: false,
      retry: shouldRetryDocsQuery,
      retryDelay: docsQueryRetryDelay,
    },
    queryClient,
  )
  return {
    ...result,
    job: result.data,
    isTerminal: isAgentJobTerminal(result.data),
    progress: agentJobProgress(result.data),
  }
}
