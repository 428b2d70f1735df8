'use client'

import type { DocsApiError, SearchRequestInput, SearchResult } from '@docchat/core'
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query'
import { useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { clientOwnsRetries } from './query-retry'
import { useDebouncedValue } from './use-debounced-value'

export interface UseDocsSearchOptions {
  /** Results per query, 1–50. Defaults to the server's (10). */
  pageSize?: number
  filter?: SearchRequestInput['filter']
  /** Only results scoring at least this (0–1). */
  scoreThreshold?: number
  /** Wait after the last keystroke before searching. Defaults to `150`. */
  debounceMs?: number
  /** Defaults to `true`. */
  enabled?: boolean
}

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
}

export type DocsSearch = UseQueryResult<SearchResult[], DocsApiError> &
  Pick<DocsSearchState, 'results' | 'searchedQuery' | 'isDebouncing'>

/**
 * Search-as-you-type over the docs. Empty queries send nothing; a changed query aborts the
 * request in flight (the signal reaches `fetch`), and only the newest query's results show.
 */
export function useDocsSearch(query: string, options: UseDocsSearchOptions = {}): DocsSearch {
  const { client, domain, queryClient } = useDocChat()
  const { pageSize, filter, scoreThreshold, debounceMs = 150, enabled = true } = options
  const trimmed = query.trim()
  const searchedQuery = useDebouncedValue(trimmed, debounceMs)
  const request: SearchRequestInput = {
    query: searchedQuery,
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(filter ? { filter } : {}),
    ...(scoreThreshold !== undefined ? { scoreThreshold } : {}),
  }
  const active = enabled && searchedQuery !== ''

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
    isDebouncing: trimmed !== searchedQuery,
  }
}
