import { backoffDelay, resolveRetryOptions, sleep } from './retry'

describe('backoffDelay', () => {
  const retry = resolveRetryOptions({
    minDelayMs: 100,
    maxDelayMs: 1000,
    maxRetryAfterMs: 5000,
    maxTotalDelayMs: 10_000,
  })

  it('grows exponentially with jitter between half and the full step, capped', () => {
    expect(backoffDelay(0, retry, undefined, () => 0)).toBe(50)
    expect(backoffDelay(0, retry, undefined, () => 1)).toBe(100)
    expect(backoffDelay(2, retry, undefined, () => 1)).toBe(400)
    expect(backoffDelay(10, retry, undefined, () => 1)).toBe(1000)
  })

  it('never waits less than Retry-After, and gives up beyond maxRetryAfterMs', () => {
    expect(backoffDelay(0, retry, 3000, () => 0)).toBe(3000)
    expect(backoffDelay(0, retry, 6000)).toBeUndefined()
  })

  it('stops retrying once the waits of one call would pass maxTotalDelayMs', () => {
    const budget = resolveRetryOptions({ maxTotalDelayMs: 1500 })
    expect(backoffDelay(0, budget, 1000, Math.random, 0)).toBe(1000)
    // A second Retry-After of 1 s would make 2 s of waiting: the error surfaces instead.
    expect(backoffDelay(1, budget, 1000, Math.random, 1000)).toBeUndefined()
    expect(backoffDelay(1, budget, undefined, () => 1, 900)).toBe(600)
  })

  it('has documented defaults and can be disabled', () => {
    expect(resolveRetryOptions(undefined)).toEqual({
      retries: 2,
      minDelayMs: 300,
      maxDelayMs: 5000,
      maxRetryAfterMs: 10_000,
      maxTotalDelayMs: 1200,
    })
    expect(resolveRetryOptions(false).retries).toBe(0)
  })
})

describe('sleep', () => {
  it('rejects with aborted when the signal fires', async () => {
    const controller = new AbortController()
    const pending = sleep(10_000, controller.signal)
    controller.abort()
    await expect(pending).rejects.toMatchObject({ kind: 'aborted' })
  })
})
