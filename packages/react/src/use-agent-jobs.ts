'use client'

import { type AgentJobSummary, DocsApiError } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'

export interface UseAgentJobsOptions {
  /** Defaults to `0`. */
  skip?: number
  /** 1–100. Defaults to `12`. */
  take?: number
  /** Defaults to `true`. */
  enabled?: boolean
}

export type AgentJobs = UseQueryResult<AgentJobSummary[], DocsApiError> & {
  jobs: AgentJobSummary[]
}

/** The project's agent jobs (admin key), a page at a time; the previous page shows while the next loads. */
export function useAgentJobs(options: UseAgentJobsOptions = {}): AgentJobs {
  const { client, projectId, queryClient } = useDocChat()
  const { skip = 0, take = 12, enabled = true } = options
  const result = useQuery<AgentJobSummary[], DocsApiError>(
    {
      queryKey: docChatQueryKeys.agentJobs(client.baseUrl, projectId ?? '', { skip, take }),
      queryFn: async ({ signal }) =>
        (await client.listAgentJobs(requireProjectId(projectId), { skip, take }, { signal }))
          .allSessions,
      enabled: enabled && Boolean(projectId),
      placeholderData: (previous) => previous,
      ...clientOwnsRetries,
    },
    queryClient,
  )
  return { ...result, jobs: result.data ?? [] }
}

export function requireProjectId(projectId: string | undefined): string {
  if (!projectId) {
    throw new DocsApiError('DocChatProvider: set `projectId` to use the admin API hooks.', {
      kind: 'bad-request',
      field: 'projectId',
    })
  }
  return projectId
}
