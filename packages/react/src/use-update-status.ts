'use client'

import type { DocsApiError, UpdateStatus } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type PollingOptions, pollInterval } from './polling'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { docsQueryRetryDelay, shouldRetryDocsQuery } from './query-retry'

export interface UseUpdateStatusOptions extends PollingOptions {
  /** Defaults to `true`. */
  enabled?: boolean
}

export type UpdateStatusQuery = UseQueryResult<UpdateStatus, DocsApiError> & {
  update: UpdateStatus | undefined
  /** The deployment ended (`success` or `failure`). */
  isTerminal: boolean
}

export function isUpdateTerminal(update: UpdateStatus | undefined): boolean {
  return update?.status === 'success' || update?.status === 'failure'
}

/** A deployment's status, polled (with backoff, paused while hidden) until success or failure. */
export function useUpdateStatus(
  statusId: string | undefined,
  options: UseUpdateStatusOptions = {},
): UpdateStatusQuery {
  const { client, queryClient } = useDocChat()
  const { enabled = true, ...polling } = options
  const result = useQuery<UpdateStatus, DocsApiError>(
    {
      queryKey: docChatQueryKeys.updateStatus(client.baseUrl, statusId ?? ''),
      queryFn: ({ signal }) => client.getUpdateStatus(statusId ?? '', { signal }),
      enabled: enabled && Boolean(statusId),
      refetchInterval: (query) => {
        if (query.state.status === 'error' || isUpdateTerminal(query.state.data)) return false
        return pollInterval(query.state.dataUpdateCount, polling)
      },
      refetchIntervalInBackground: false,
      retry: shouldRetryDocsQuery,
      retryDelay: docsQueryRetryDelay,
    },
    queryClient,
  )
  return { ...result, update: result.data, isTerminal: isUpdateTerminal(result.data) }
}
