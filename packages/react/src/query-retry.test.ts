import { DocsApiError } from '@docchat/core'
import { docsQueryRetryDelay, shouldRetryDocsQuery } from './query-retry'

function rateLimited(retryAfterMs: number): DocsApiError {
  return new DocsApiError('Too many requests', { kind: 'rate-limited', status: 429, retryAfterMs })
}

describe('query retry', () => {
  it('retries a 429 whose Retry-After is at most 10 s, waiting that long', () => {
    expect(shouldRetryDocsQuery(0, rateLimited(3_000))).toBe(true)
    expect(docsQueryRetryDelay(0, rateLimited(3_000))).toBe(3_000)
    expect(shouldRetryDocsQuery(0, rateLimited(10_000))).toBe(true)
  })

  it('does not retry a 429 whose Retry-After is longer, and never waits more than 10 s', () => {
    expect(shouldRetryDocsQuery(0, rateLimited(10_001))).toBe(false)
    expect(shouldRetryDocsQuery(0, rateLimited(3_600_000))).toBe(false)
    expect(docsQueryRetryDelay(0, rateLimited(3_600_000))).toBe(10_000)
  })
})
