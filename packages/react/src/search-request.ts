import type { SearchRequestInput } from '@docchat/core'
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

/**
 * What both engines' `useDocsSearch` search for: the query trimmed and debounced, the request
 * with only the options given, and whether to search at all (enabled, and a query to send).
 */
export function useSearchRequest(query: string, options: UseDocsSearchOptions) {
  const { pageSize, filter, scoreThreshold, debounceMs = 150, enabled = true } = options
  const trimmed = query.trim()
  const searchedQuery = useDebouncedValue(trimmed, debounceMs)
  const request: SearchRequestInput = {
    query: searchedQuery,
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(filter ? { filter } : {}),
    ...(scoreThreshold !== undefined ? { scoreThreshold } : {}),
  }
  return {
    request,
    searchedQuery,
    active: enabled && searchedQuery !== '',
    isDebouncing: trimmed !== searchedQuery,
  }
}
