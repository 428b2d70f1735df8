'use client'

import { type DocsApiError, isUpdateFinished, type UpdateStatus } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { type PollingOptions, usePollInterval } from './polling'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'

export interface UseUpdateStatusOptions extends PollingOptions {
  /** Defaults to `true`. */
  enabled?: boolean
}

export type UpdateStatusQuery = UseQueryResult<UpdateStatus, DocsApiError> & {
  update: UpdateStatus | undefined
  /** The deployment ended (`success` or `failure`). */
  isTerminal: boolean
}

/** Whether a deployment ended: core's `isUpdateFinished`, under the name the hooks export. */
export const isUpdateTerminal: (update: UpdateStatus | undefined) => boolean = isUpdateFinished

/** A deployment's status, polled (with backoff, paused while hidden) until success or failure. */
export function useUpdateStatus(
  statusId: string | undefined,
  options: UseUpdateStatusOptions = {},
): UpdateStatusQuery {
  const { client, queryClient } = useDocChat()
  const { enabled = true, ...polling } = options
  const refetchInterval = usePollInterval<UpdateStatus>(isUpdateFinished, polling)
  const result = useQuery<UpdateStatus, DocsApiError>(
    {
      queryKey: docChatQueryKeys.updateStatus(client.baseUrl, statusId ?? ''),
      queryFn: ({ signal }) => client.getUpdateStatus(statusId ?? '', { signal }),
      enabled: enabled && Boolean(statusId),
      refetchInterval,
      refetchIntervalInBackground: false,
      ...clientOwnsRetries,
    },
    queryClient,
  )
  return { ...result, update: result.data, isTerminal: isUpdateFinished(result.data) }
}
