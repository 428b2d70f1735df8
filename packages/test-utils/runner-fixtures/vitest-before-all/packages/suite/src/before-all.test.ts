// A server that fails to start: Vitest marks the file's tests skipped, not failed.
import { beforeAll, describe, expect, it } from 'vitest'

describe('a suite whose setup throws', () => {
  beforeAll(() => {
    throw new Error('the test server did not start')
  })
  it('would have passed', () => {
    expect(1).toBe(1)
  })
})
