import { act, render, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { groupSearchResults } from './group-results'
import { findHighlightRanges, Highlight } from './highlight'
import { readRecentSearches, useRecentSearches } from './use-recent-searches'

describe('Highlight', () => {
  it('wraps every term case-insensitively, treating regex characters literally', () => {
    // Punctuation around a term is not part of it: `a.b(` marks the `a.b` of `a.b()`.
    expect(findHighlightRanges('Use a.b() and A.B()', 'a.b(')).toEqual([
      { start: 4, end: 7 },
      { start: 14, end: 17 },
    ])
    const { container } = render(<Highlight text="<script> tag & Script" query="script" />)
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([
      'script',
      'Script',
    ])
    expect(container.querySelector('script')).toBeNull()
    expect(container.textContent).toBe('<script> tag & Script')
  })

  it('renders plain text for an empty query', () => {
    const { container } = render(<Highlight text="abc" query="  " />)
    expect(container.querySelector('mark')).toBeNull()
  })
})

describe('groupSearchResults', () => {
  it('groups by page in first-appearance order, dedupes and resolves hrefs', () => {
    const groups = groupSearchResults(
      [
        { path: '/b', content: '', metadata: { title: 'B', anchor: '#one' } },
        { path: '/a', content: '', metadata: {} },
        {
          path: '/b',
          content: '',
          metadata: { title: 'B', breadcrumbs: ['Guide', 'Two'], anchor: 'two' },
        },
        { path: '/b', content: '', metadata: { title: 'B', anchor: 'two' } },
      ],
      { docsBaseUrl: 'https://docs.example.com/v2/' },
    )
    expect(groups.map((group) => [group.title, group.results.map((item) => item.href)])).toEqual([
      ['B', ['https://docs.example.com/v2/b#one', 'https://docs.example.com/v2/b#two']],
      ['/a', ['https://docs.example.com/v2/a']],
    ])
    expect(groups[0]!.results[1]!.title).toBe('Two')
  })
})

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    data,
  }
}

describe('useRecentSearches', () => {
  it('adds newest first, dedupes by id and keeps at most `limit`', () => {
    const storage = memoryStorage()
    const { result } = renderHook(() => useRecentSearches({ storage, limit: 3 }))
    act(() => {
      for (const id of ['a', 'b', 'c', 'd', 'b'])
        result.current.add({ id, label: id.toUpperCase() })
    })
    expect(result.current.items.map((item) => item.id)).toEqual(['b', 'd', 'c'])
    expect(JSON.parse(storage.data.get('docchat:recent-searches')!)).toHaveLength(3)
    act(() => result.current.remove('d'))
    expect(result.current.items.map((item) => item.id)).toEqual(['b', 'c'])
    act(() => result.current.clear())
    expect(result.current.items).toEqual([])
    expect(storage.data.has('docchat:recent-searches')).toBe(false)
  })

  it('loads after mount and ignores corrupted or foreign data', () => {
    const storage = memoryStorage({
      'docchat:recent-searches': '[{"id":"x","label":"X"},{"nope":1},"str"]',
    })
    const { result } = renderHook(() => useRecentSearches({ storage }))
    expect(result.current.items).toEqual([{ id: 'x', label: 'X' }])
    expect(readRecentSearches(memoryStorage({ k: '{not json' }), 'k', 5)).toEqual([])
    expect(readRecentSearches(memoryStorage({ k: '{"a":1}' }), 'k', 5)).toEqual([])
  })

  it('never throws when the storage does', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {
        throw new Error('nope')
      },
    }
    const { result } = renderHook(() => useRecentSearches({ storage: throwing }))
    act(() => result.current.add({ id: 'a', label: 'A' }))
    expect(result.current.items).toEqual([{ id: 'a', label: 'A' }])
  })

  it('stores nothing when disabled (privacy)', () => {
    const storage = memoryStorage()
    const { result } = renderHook(() => useRecentSearches({ storage, enabled: false }))
    act(() => result.current.add({ id: 'a', label: 'A' }))
    expect(result.current.items).toHaveLength(1)
    expect(storage.data.size).toBe(0)
  })
})
