import { createSafeStorage } from '@docchat/core'
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { hostileUrls, unsafeHrefReason } from '../../../core/src/test/hostile-urls'
import { Markdown } from '../markdown/markdown'
import { groupSearchResults } from './group-results'
import * as Search from './index'
import { readRecentSearches, useRecentSearches } from './use-recent-searches'

const docsBaseUrl = 'https://docs.example.com/docs'
const SAFE = '/quickstart'

function pwned(): unknown {
  return (window as unknown as { __pwned?: unknown }).__pwned
}

function HostileSearch({
  hrefs,
  navigate,
  onSelect,
}: {
  hrefs: readonly string[]
  navigate: (href: string) => void
  onSelect: (event: Search.SelectEvent) => void
}) {
  return (
    <Search.Root open query="x" navigate={navigate} onSelect={onSelect}>
      <Search.Input aria-label="Search" />
      <Search.List>
        {hrefs.map((href, index) => (
          // The raw value, as a consumer that skips groupSearchResults would pass it.
          <Search.Item key={href} value={`item-${index}`} href={href}>
            {`item ${index}`}
          </Search.Item>
        ))}
      </Search.List>
    </Search.Root>
  )
}

describe('search results with hostile paths', () => {
  it('groupSearchResults gives every hostile path href null, with or without a base', () => {
    const results = (anchor?: string) =>
      hostileUrls.map((path, index) => ({
        path,
        content: 'c',
        metadata: { title: `T${index}`, anchor },
      }))
    for (const base of [docsBaseUrl, undefined]) {
      const items = groupSearchResults(results(), { docsBaseUrl: base }).flatMap((g) => g.results)
      expect(items).toHaveLength(hostileUrls.length)
      for (const item of items) expect(item.href, item.id).toBeNull()
      // With an anchor, a blank path is a link to that section of the docs page: still safe.
      for (const group of groupSearchResults(results('a'), { docsBaseUrl: base }))
        for (const item of group.results) expect(unsafeHrefReason(item.href), item.id).toBeNull()
    }
    const [safe] = groupSearchResults(
      [{ path: '/auth', content: '', metadata: { anchor: 'tokens' } }],
      { docsBaseUrl },
    )
    expect(safe?.results[0]?.href).toBe('https://docs.example.com/docs/auth#tokens')
  })

  it('Search.select follows no hostile href, on click or on Enter; a safe one is followed', () => {
    const navigate = vi.fn()
    const onSelect = vi.fn()
    render(<HostileSearch hrefs={[...hostileUrls, SAFE]} navigate={navigate} onSelect={onSelect} />)
    const input = screen.getByRole('combobox')
    const options = screen.getAllByRole('option')
    expect(options).toHaveLength(hostileUrls.length + 1)
    for (const option of options.slice(0, -1)) {
      fireEvent.click(option)
      fireEvent.pointerMove(option)
      expect(input).toHaveAttribute('aria-activedescendant', option.id)
      fireEvent.keyDown(input, { key: 'Enter' })
    }
    expect(navigate).not.toHaveBeenCalled()
    // `onSelect` (where a router would navigate itself) never sees a refused href either.
    expect(onSelect).toHaveBeenCalledTimes(hostileUrls.length * 2)
    for (const [event] of onSelect.mock.calls) expect(event.href).toBeUndefined()
    // The same path does navigate for a safe href, so the checks above can fail.
    fireEvent.click(options.at(-1)!)
    expect(navigate).toHaveBeenCalledWith(SAFE)
    expect(pwned()).toBeUndefined()
  })
})

describe('recent searches with hostile links', () => {
  it('drops stored entries whose link the URL policy refuses, keeps the rest', () => {
    const storage = createSafeStorage('memory')
    const planted = hostileUrls.map((href, index) => ({ id: `h${index}`, label: 'x', href }))
    storage.setItem(
      'recent',
      JSON.stringify([
        ...planted,
        { id: 'ok', label: 'Quickstart', href: SAFE },
        { id: 'q', label: 'q' },
      ]),
    )
    const read = readRecentSearches(storage, 'recent', 1000)
    expect(read.map((entry) => entry.id)).toEqual(['ok', 'q'])
  })

  it('never saves a hostile link, so nothing comes back after a reload', () => {
    const storage = createSafeStorage('memory')
    const { result, unmount } = renderHook(() => useRecentSearches({ storage, limit: 500 }))
    for (const [index, href] of hostileUrls.entries()) {
      act(() => result.current.add({ id: `h${index}`, label: 'x', href }))
    }
    act(() => result.current.add({ id: 'ok', label: 'Quickstart', href: SAFE }))
    unmount()
    // A new mount reads what was stored, as a reload does.
    const reloaded = renderHook(() => useRecentSearches({ storage, limit: 500 }))
    expect(reloaded.result.current.items.map((item) => item.href)).toEqual([SAFE])
  })
})

describe('markdown links with hostile destinations', () => {
  it('renders every one as inert text', () => {
    // Angle brackets allow spaces; a destination escapes its own `\`, `<` and `>`.
    const content = hostileUrls
      .map((url, index) => `- [link ${index}](<${url.replace(/[\\<>]/g, '\\$&')}>)`)
      .join('\n')
    const { container } = render(<Markdown content={content} docsBaseUrl={docsBaseUrl} />)
    expect(container.textContent).toContain('link 0')
    for (const anchor of Array.from(container.querySelectorAll('a'))) {
      expect(unsafeHrefReason(anchor.getAttribute('href'))).toBeNull()
    }
    for (const anchor of Array.from(container.querySelectorAll('a'))) fireEvent.click(anchor)
    expect(pwned()).toBeUndefined()
  })
})
