import { pollDelay } from './poll'
import { isAgentJobFinished, isUpdateFinished } from './terminal-states'

describe('terminal states', () => {
  it('an agent job is finished once haulted, unless its reason is still processing', () => {
    expect(isAgentJobFinished(undefined)).toBe(false)
    expect(isAgentJobFinished({ haulted: false, haultReason: 'processing' })).toBe(false)
    expect(isAgentJobFinished({ haulted: true, haultReason: 'processing' })).toBe(false)
    for (const haultReason of ['completed', 'error', 'interrupted', 'github_missconfigured']) {
      expect(isAgentJobFinished({ haulted: true, haultReason })).toBe(true)
    }
    expect(isAgentJobFinished({ haulted: true })).toBe(true)
  })

  it('an update is finished on success or failure only', () => {
    expect(isUpdateFinished({ status: 'queued' })).toBe(false)
    expect(isUpdateFinished({ status: 'in_progress' })).toBe(false)
    expect(isUpdateFinished({ status: 'success' })).toBe(true)
    expect(isUpdateFinished({ status: 'failure' })).toBe(true)
  })
})

describe('pollDelay', () => {
  it('starts at the interval, grows ×1.5 per unchanged poll, and is capped', () => {
    expect(pollDelay(0)).toBe(2000)
    expect(pollDelay(1)).toBe(3000)
    expect(pollDelay(20)).toBe(15_000)
    expect(pollDelay(2, { intervalMs: 100, maxIntervalMs: 200, backoff: 2 })).toBe(200)
  })
})
