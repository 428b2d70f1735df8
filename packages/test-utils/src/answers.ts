/** What every layer's tests expect of an answer cut before its finish part. */
import { DocsApiError, isCutAnswer } from '@docchat/core'
import { expect } from 'vitest'

/**
 * The end-of-stream rule's error, as every path (`collect()`, both React engines, the v5+
 * transport on v1 and v2) must report an answer cut before its finish part: core's one
 * `cutAnswerError()`, a typed, retryable `network` failure, never a finish.
 */
export function expectCutAnswer(error: unknown): void {
  expect(DocsApiError.isInstance(error)).toBe(true)
  expect(error).toMatchObject({
    name: 'DocsApiError',
    kind: 'network',
    retryable: true,
    message: 'The answer stream ended before it finished.',
  })
  expect(isCutAnswer(error)).toBe(true)
}
