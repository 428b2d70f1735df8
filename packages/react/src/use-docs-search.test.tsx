import type { SearchResult } from '@docchat/core'
import { act, renderHook } from '@testing-library/react'
import { createTestSetup, domain, useDocsSearch } from './test/harness'

// Fake timers drive the debounce, TanStack's notify batching and the delayed fetch alike.
beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms))
}

async function until(condition: () => boolean, stepMs = 10, maxSteps = 300) {
  for (let step = 0; step < maxSteps && !condition(); step++) await advance(stepMs)
  expect(condition()).toBe(true)
}

describe('useDocsSearch', () => {
  it('debounces: a burst of keystrokes sends one request, for the last query', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result, rerender } = renderHook(({ query }) => useDocsSearch(query), {
      wrapper,
      initialProps: { query: '' },
    })
    for (const query of ['i', 'in', 'ins', 'inst', 'insta', 'instal', 'install']) {
      rerender({ query })
      await advance(40)
    }
    expect(requestsTo('/search/')).toHaveLength(0)
    expect(result.current.isDebouncing).toBe(true)
    await until(() => result.current.isSuccess)
    const requests = requestsTo('/search/')
    expect(requests).toHaveLength(1)
    expect(requests[0]?.path).toBe(`/discovery/v1/search/${domain}`)
    expect(requests[0]?.body).toMatchObject({ query: 'install' })
    expect(result.current.results.length).toBeGreaterThan(0)
    expect(result.current.searchedQuery).toBe('install')
  })

  it('sends nothing for an empty or whitespace query', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result, rerender } = renderHook(({ query }) => useDocsSearch(query), {
      wrapper,
      initialProps: { query: '   ' },
    })
    await advance(500)
    rerender({ query: '' })
    await advance(500)
    expect(requestsTo('/search/')).toHaveLength(0)
    expect(result.current.results).toEqual([])
    expect(result.current.fetchStatus).toBe('idle')
  })

  it('passes pageSize, filter and scoreThreshold through', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result } = renderHook(
      () =>
        useDocsSearch('widget', {
          pageSize: 3,
          scoreThreshold: 0.1,
          filter: { version: 'v1' },
          debounceMs: 0,
        }),
      { wrapper },
    )
    await until(() => !result.current.isPending || result.current.isError)
    expect(requestsTo('/search/')[0]?.body).toEqual({
      query: 'widget',
      pageSize: 3,
      scoreThreshold: 0.1,
      filter: { version: 'v1' },
    })
  })

  it('keeps the previous results while the next query loads', async () => {
    // The next query's answer takes 300 ms, so "while it loads" does not hang on how many ticks
    // an engine needs to publish a result (TanStack batches on a timer, the drop-in's does not).
    let delayMs = 0
    const { wrapper } = await createTestSetup({
      wrapFetch: (next) => async (input, init) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
        return next(input, init)
      },
    })
    const { result, rerender } = renderHook(({ query }) => useDocsSearch(query), {
      wrapper,
      initialProps: { query: 'install' },
    })
    await until(() => result.current.isSuccess)
    const previous = result.current.results
    expect(previous.length).toBeGreaterThan(0)
    delayMs = 300
    rerender({ query: 'widget theme' })
    expect(result.current.results).toBe(previous)
    await advance(150)
    expect(result.current.results).toBe(previous)
    expect(result.current.isPlaceholderData).toBe(true)
    await until(() => !result.current.isPlaceholderData)
    expect(result.current.results).not.toBe(previous)
  })

  it('aborts the request in flight, and a slow stale response never shows', async () => {
    const signals: AbortSignal[] = []
    let delayNext = false
    let calls = 0
    const { wrapper, client } = await createTestSetup({
      wrapFetch: (next) => async (input, init) => {
        calls++
        if (init?.signal) signals.push(init.signal)
        // The first search answers late and ignores its signal, as a slow proxy might.
        if (delayNext) {
          delayNext = false
          await new Promise((resolve) => setTimeout(resolve, 1_000))
        }
        return next(input, { ...init, signal: null })
      },
    })
    const expected = await client.search(domain, { query: 'dev server' })
    const stale = await client.search(domain, { query: 'install' })
    expect(stale[0]?.path).not.toBe(expected[0]?.path)
    calls = 0
    signals.length = 0
    delayNext = true
    const rendered: SearchResult[][] = []
    const { result, rerender } = renderHook(
      ({ query }) => {
        const search = useDocsSearch(query)
        rendered.push(search.results)
        return search
      },
      { wrapper, initialProps: { query: 'install' } },
    )
    await advance(200)
    expect(calls).toBe(1)
    rerender({ query: 'dev server' })
    await until(() => result.current.isSuccess && result.current.searchedQuery === 'dev server')
    expect(calls).toBe(2)
    expect(signals[0]?.aborted).toBe(true)
    expect(signals[1]?.aborted).toBe(false)
    await advance(2_000)
    expect(result.current.results).toEqual(expected)
    expect(
      rendered.some((results) => results.length > 0 && results[0]?.path === stale[0]?.path),
    ).toBe(false)
  })

  it('reports errors as DocsApiErrors and does not retry a 401', async () => {
    const { wrapper, requestsTo } = await createTestSetup({
      client: { assistantKey: 'mint_dsc_wrong' },
    })
    const { result } = renderHook(() => useDocsSearch('install', { debounceMs: 0 }), { wrapper })
    await until(() => result.current.isError)
    expect(result.current.error).toMatchObject({ kind: 'unauthorized', status: 401 })
    await advance(5_000)
    expect(requestsTo('/search/')).toHaveLength(1)
  })
  it('a 429 with a long Retry-After surfaces at once as rate-limited, without retrying', async () => {
    const { wrapper, requestsTo } = await createTestSetup({
      // One second into the hour window, so Retry-After is the rest of the hour.
      server: { rateLimits: { perOrgPerHour: 1 }, now: () => Date.UTC(2026, 0, 1, 0, 0, 1) },
    })
    const { result, rerender } = renderHook(
      ({ query }) => useDocsSearch(query, { debounceMs: 0 }),
      { wrapper, initialProps: { query: 'install' } },
    )
    await until(() => result.current.results.length > 0)
    rerender({ query: 'dev server' })
    await until(() => result.current.isError, 10, 100)
    expect(result.current.error).toMatchObject({ kind: 'rate-limited', status: 429 })
    expect(result.current.error?.retryAfterMs).toBeGreaterThan(10_000)
    await advance(30_000)
    expect(requestsTo('/search/')).toHaveLength(2)
  })
})
