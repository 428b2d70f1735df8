'use client'

import type { DocsApiError } from '@docchat/core'
import { type UseMutationResult, useMutation } from '@tanstack/react-query'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { requireProjectId } from './use-agent-jobs'

export type TriggerUpdate = UseMutationResult<string, DocsApiError, void> & {
  /** The queued deployment's id, for `useUpdateStatus`. */
  statusId: string | undefined
}

/** Queues a deployment of the project (admin key); resolves to its `statusId`. */
export function useTriggerUpdate(): TriggerUpdate {
  const { client, projectId, queryClient } = useDocChat()
  const mutation = useMutation<string, DocsApiError, void>(
    {
      mutationFn: async () => (await client.triggerUpdate(requireProjectId(projectId))).statusId,
      onSuccess: (statusId) =>
        queryClient.invalidateQueries({
          queryKey: docChatQueryKeys.updateStatus(client.baseUrl, statusId),
        }),
    },
    queryClient,
  )
  return { ...mutation, statusId: mutation.data }
}
