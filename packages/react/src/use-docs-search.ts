'use client'

import type { DocsApiError, SearchResult } from '@docchat/core'
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'
import { type UseDocsSearchOptions, useSearchRequest } from './search-request'

export type { UseDocsSearchOptions } from './search-request'

/** What a search UI reads: what both engines give (the full one adds TanStack's query result). */
export interface DocsSearchState {
  data: SearchResult[] | undefined
  error: DocsApiError | null
  status: 'pending' | 'error' | 'success'
  fetchStatus: 'fetching' | 'paused' | 'idle'
  isPending: boolean
  isLoading: boolean
  isSuccess: boolean
  isError: boolean
  isFetching: boolean
  /** The previous query's results stand in while the next one loads. */
  isPlaceholderData: boolean
  errorUpdatedAt: number
  dataUpdatedAt: number
  /** Current results; the previous query's while the next one loads, `[]` for an empty query. */
  results: SearchResult[]
  /** The query being (or last) searched, after debouncing and trimming. */
  searchedQuery: string
  /** The typed query differs from the searched one (waiting for the debounce). */
  isDebouncing: boolean
  /** Asks for the current query again (a Retry after a failed search). */
  refetch: () => unknown
}

export type DocsSearch = UseQueryResult<SearchResult[], DocsApiError> &
  Pick<DocsSearchState, 'results' | 'searchedQuery' | 'isDebouncing'>

/**
 * Search-as-you-type over the docs. Empty queries send nothing; a changed query aborts the
 * request in flight (the signal reaches `fetch`), and only the newest query's results show.
 */
export function useDocsSearch(query: string, options: UseDocsSearchOptions = {}): DocsSearch {
  const { client, domain, queryClient } = useDocChat()
  const { request, searchedQuery, active, isDebouncing } = useSearchRequest(query, options)

  const result = useQuery<SearchResult[], DocsApiError>(
    {
      queryKey: docChatQueryKeys.search(client.baseUrl, domain, request),
      queryFn: ({ signal }) => client.search(domain, request, { signal }),
      enabled: active,
      placeholderData: active ? keepPreviousData : undefined,
      staleTime: 60_000,
      ...clientOwnsRetries,
    },
    queryClient,
  )

  return {
    ...result,
    results: active ? (result.data ?? []) : [],
    searchedQuery,
    isDebouncing,
  }
}
