import { renderHook, waitFor } from '@testing-library/react'
import { createTestSetup } from './test/docchat-test-setup'
import { useDocsSearch } from './use-docs-search'

/**
 * What a reader of a failing search lives through, with the client's default retry policy and the
 * dev server failing every search: how many requests go out and how long until the error shows.
 * Real timers: the waits are the point.
 */
async function failingSearch(fault: string) {
  // Over real HTTP, with the client's default retry policy (the test setup turns it off).
  const { wrapper, server, requestsTo, close } = await createTestSetup({
    fault,
    http: true,
    client: { retry: {} },
  })
  onTestFinished(close)
  const { result } = renderHook(() => useDocsSearch('install', { debounceMs: 0 }), { wrapper })
  await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 12_000, interval: 5 })
  // From the moment the search reached the server (the dev server's clock is Date.now) until
  // the error is on screen; jsdom's first render is not the reader's wait.
  const times = requestsTo('/search/').map((request) => request.time)
  const elapsedMs = Date.now() - times[0]!
  // Nothing more goes out once the error shows.
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  return { result, server, elapsedMs, times, requests: requestsTo('/search/').length }
}

describe('a failing search', () => {
  it('503: the error shows within 1.5 s, after at most 3 requests', async () => {
    const { result, elapsedMs, requests } = await failingSearch('status=503')
    console.info(`503 search: ${requests} requests, error after ${Math.round(elapsedMs)} ms`)
    expect(result.current.error).toMatchObject({ kind: 'server', status: 503 })
    expect(requests).toBeGreaterThanOrEqual(2)
    expect(requests).toBeLessThanOrEqual(3)
    expect(elapsedMs).toBeLessThan(1_500)
  })

  it('429: Retry-After is honoured between requests, and the error shows within 1.5 s', async () => {
    const { result, elapsedMs, requests, times } = await failingSearch('status=429')
    console.info(`429 search: ${requests} requests, error after ${Math.round(elapsedMs)} ms`)
    expect(result.current.error).toMatchObject({ kind: 'rate-limited', status: 429 })
    expect(result.current.error?.retryAfterMs).toBe(1_000)
    expect(requests).toBeLessThanOrEqual(3)
    // The dev server asks for `Retry-After: 1`: no request follows another sooner than that.
    for (let index = 1; index < times.length; index++) {
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(990)
    }
    expect(elapsedMs).toBeLessThan(1_500)
  })
})
