import { DocsApiError } from '@docchat/core'
import { docsQueryRetryDelay, shouldRetryDocsQuery } from './query-retry'

function rateLimited(retryAfterMs: number): DocsApiError {
  return new DocsApiError('Too many requests', { kind: 'rate-limited', status: 429, retryAfterMs })
}

describe('query retry for your own queries (the client default policy)', () => {
  it('retries a 429 whose Retry-After fits the wait budget, waiting that long', () => {
    expect(shouldRetryDocsQuery(0, rateLimited(1_000))).toBe(true)
    expect(docsQueryRetryDelay(0, rateLimited(1_000))).toBe(1_000)
  })

  it('does not retry a 429 whose Retry-After is longer, nor past the retry count', () => {
    expect(shouldRetryDocsQuery(0, rateLimited(3_000))).toBe(false)
    expect(shouldRetryDocsQuery(0, rateLimited(3_600_000))).toBe(false)
    expect(docsQueryRetryDelay(0, rateLimited(3_600_000))).toBe(10_000)
    expect(shouldRetryDocsQuery(2, rateLimited(0))).toBe(false)
  })

  it('never retries what another try would repeat', () => {
    const unauthorized = new DocsApiError('no', { kind: 'unauthorized', status: 401 })
    expect(shouldRetryDocsQuery(0, unauthorized)).toBe(false)
    expect(shouldRetryDocsQuery(0, new DocsApiError('gone', { kind: 'aborted' }))).toBe(false)
  })
})
