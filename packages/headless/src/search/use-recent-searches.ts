'use client'

import { useCallback, useEffect, useState } from 'react'
import { createSafeStorage, type SafeStorage, type StorageOption, toSafeUrl } from '@docchat/core'

export interface RecentSearch {
  /** Dedupe key, e.g. the result's `path#anchor` or the query. */
  id: string
  label: string
  href?: string
  query?: string
  breadcrumbs?: string[]
}

export interface UseRecentSearchesOptions {
  /** Defaults to `'docchat:recent-searches'`. */
  storageKey?: string
  /** Most entries kept. Defaults to `5`. */
  limit?: number
  /**
   * Defaults to `localStorage` through core's `createSafeStorage` (never throws, evicts old
   * `docchat:` keys when full); `'memory'`/`null` keeps them for this page only.
   */
  storage?: StorageOption
  /** Turn persistence off (privacy setting): nothing is read or written. Defaults to `true`. */
  enabled?: boolean
}

const MAX_FIELD = 300

function clean(value: unknown): RecentSearch | null {
  if (!value || typeof value !== 'object') return null
  const entry = value as Record<string, unknown>
  if (typeof entry.id !== 'string' || typeof entry.label !== 'string') return null
  const recent: RecentSearch = {
    id: entry.id.slice(0, MAX_FIELD),
    label: entry.label.slice(0, MAX_FIELD),
  }
  if (typeof entry.href === 'string') {
    // A stored entry outlives the page that saved it: one whose link core's URL policy refuses
    // (planted, or saved by an older version) is dropped rather than shown.
    const safe = toSafeUrl(entry.href.slice(0, 2048))
    if (!safe) return null
    recent.href = safe.href
  }
  if (typeof entry.query === 'string') recent.query = entry.query.slice(0, MAX_FIELD)
  if (Array.isArray(entry.breadcrumbs)) {
    recent.breadcrumbs = entry.breadcrumbs
      .filter((crumb): crumb is string => typeof crumb === 'string')
      .slice(0, 8)
      .map((crumb) => crumb.slice(0, MAX_FIELD))
  }
  return recent
}

/** Reads stored recent searches; corrupted or foreign data yields `[]`. */
export function readRecentSearches(
  storage: Pick<SafeStorage, 'getItem'>,
  key: string,
  limit: number,
): RecentSearch[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]')
    if (!Array.isArray(parsed)) return []
    return parsed
      .map(clean)
      .filter((entry): entry is RecentSearch => entry !== null)
      .slice(0, limit)
  } catch {
    return []
  }
}

/**
 * Recent searches kept in local storage, newest first, bounded by `limit`. Loaded after mount, so
 * the server render and the first client render agree.
 */
export function useRecentSearches({
  storageKey = 'docchat:recent-searches',
  limit = 5,
  storage,
  enabled = true,
}: UseRecentSearchesOptions = {}) {
  const [store] = useState(() => createSafeStorage(storage))
  const [items, setItems] = useState<RecentSearch[]>([])

  useEffect(() => {
    setItems(enabled ? readRecentSearches(store, storageKey, limit) : [])
  }, [store, storageKey, limit, enabled])

  const write = useCallback(
    (next: RecentSearch[]) => {
      setItems(next)
      if (!enabled) return
      if (next.length === 0) store.removeItem(storageKey)
      else store.setItem(storageKey, JSON.stringify(next))
    },
    [store, storageKey, enabled],
  )

  const add = useCallback(
    (entry: RecentSearch) => {
      const cleaned = clean(entry)
      if (!cleaned) return
      const current = enabled ? readRecentSearches(store, storageKey, limit) : items
      write([cleaned, ...current.filter((item) => item.id !== cleaned.id)].slice(0, limit))
    },
    [store, storageKey, limit, enabled, items, write],
  )

  const remove = useCallback(
    (id: string) => write(items.filter((item) => item.id !== id)),
    [items, write],
  )

  const clear = useCallback(() => write([]), [write])

  return { items, add, remove, clear }
}
