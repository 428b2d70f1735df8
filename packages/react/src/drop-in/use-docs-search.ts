'use client'

import { DocsApiError, type SearchResult, toDocsApiError } from '@docchat/core'
import { useEffect, useRef, useState } from 'react'
import { useSearchRequest } from '../search-request'
import type { DocsSearchState, UseDocsSearchOptions } from '../use-docs-search'
import { useDocChat } from './provider'

// The full hook's `staleTime`: a query typed again within a minute shows without a request.
const staleMs = 60_000
const maxCached = 50

interface SearchState {
  key: string
  data: SearchResult[] | undefined
  /** The query `data` answers: another one's while it stands in as placeholder. */
  dataKey: string
  dataUpdatedAt: number
  error: DocsApiError | null
  errorUpdatedAt: number
  fetching: boolean
}

const initial: SearchState = {
  key: '',
  data: undefined,
  dataKey: '',
  dataUpdatedAt: 0,
  error: null,
  errorUpdatedAt: 0,
  fetching: false,
}

/**
 * `useDocsSearch` for the drop-in, the same behaviour without TanStack Query: debounced, empty
 * queries send nothing, a changed query aborts the request in flight, the previous results stay
 * while the next load, and retries are the client's (core's retry budget) only.
 */
export function useDocsSearch(query: string, options: UseDocsSearchOptions = {}): DocsSearchState {
  const { client, domain, searchCache: cache } = useDocChat()
  const { request, searchedQuery, active, isDebouncing } = useSearchRequest(query, options)
  const key = JSON.stringify([client.baseUrl, domain, request])
  const [state, setState] = useState<SearchState>(initial)
  // Bumped by `refetch` (a Retry after a failure): the same query is asked again.
  const [attempt, setAttempt] = useState(0)
  // `key` stands for these three: the effect reruns when it changes, and reads them from here.
  const target = useRef({ client, domain, request })
  target.current = { client, domain, request }

  useEffect(() => {
    if (!active) return
    const cached = attempt === 0 ? cache.get(key) : undefined
    if (cached && Date.now() - cached.at < staleMs) {
      setState({ ...initial, key, data: cached.data, dataKey: key, dataUpdatedAt: cached.at })
      return
    }
    const controller = new AbortController()
    // Keep the previous query's results on screen (TanStack's keepPreviousData).
    setState((previous) => ({ ...previous, key, error: null, fetching: true }))
    const { client, domain, request } = target.current
    client.search(domain, request, { signal: controller.signal }).then(
      (data) => {
        const at = Date.now()
        cache.delete(key)
        cache.set(key, { data, at })
        if (cache.size > maxCached) cache.delete(cache.keys().next().value as string)
        setState({ ...initial, key, data, dataKey: key, dataUpdatedAt: at })
      },
      (caught: unknown) => {
        if (controller.signal.aborted) return
        const error = DocsApiError.isInstance(caught) ? caught : toDocsApiError(caught)
        setState({ ...initial, key, error, errorUpdatedAt: Date.now() })
      },
    )
    return () => controller.abort()
  }, [active, key, cache, attempt])

  const current = active && state.key === key
  const error = current ? state.error : null
  const data = active ? state.data : undefined
  const isFetching = active && (!current || state.fetching)
  const status = error ? 'error' : data ? 'success' : 'pending'
  return {
    data,
    error,
    isError: status === 'error',
    isFetching,
    fetchStatus: isFetching ? 'fetching' : 'idle',
    isPlaceholderData: data !== undefined && state.dataKey !== key,
    isPending: status === 'pending',
    isLoading: status === 'pending' && isFetching,
    isSuccess: status === 'success',
    status,
    errorUpdatedAt: state.errorUpdatedAt,
    dataUpdatedAt: state.dataUpdatedAt,
    results: active ? (data ?? []) : [],
    searchedQuery,
    isDebouncing,
    refetch: () => setAttempt((n) => n + 1),
  }
}
