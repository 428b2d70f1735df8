import { describe, expect, it } from 'vitest'
import { expectLinearTime, measureGrowth } from './linear-time'

describe('expectLinearTime', () => {
  it('passes linear work and fails quadratic work', () => {
    const linear = expectLinearTime(
      (n) => `a${' '.repeat(n)}b`,
      (text) => text.split(' ').length,
    )
    expect(linear.ratio).toBeLessThanOrEqual(32)
    // A trailing-space strip with a regex that restarts at every space: quadratic.
    const quadratic = measureGrowth(
      (n) => `a${' '.repeat(n)}!`,
      (text) => /\s+$/.test(text),
    )
    // Above the loosest bound a suite sets (48, for parsers whose output is a node per few characters).
    expect(quadratic.ratio).toBeGreaterThan(48)
    expect(() =>
      expectLinearTime(
        (n) => `a${' '.repeat(n)}!`,
        (text) => /\s+$/.test(text),
      ),
    ).toThrow(/time grew/)
  })
})
