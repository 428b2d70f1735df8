'use client'

import type { DocsApiError, PageContent } from '@docchat/core'
import { type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'

/** The full text of a docs page (a `path` as search returns it). */
export function useDocsPage(
  path: string | undefined,
  options: { enabled?: boolean } = {},
): UseQueryResult<PageContent, DocsApiError> {
  const { client, domain, queryClient } = useDocChat()
  return useQuery<PageContent, DocsApiError>(
    {
      queryKey: docChatQueryKeys.page(client.baseUrl, domain, path ?? ''),
      queryFn: ({ signal }) => client.getPage(domain, { path: path ?? '' }, { signal }),
      enabled: (options.enabled ?? true) && Boolean(path),
      staleTime: 5 * 60_000,
      ...clientOwnsRetries,
    },
    queryClient,
  )
}
