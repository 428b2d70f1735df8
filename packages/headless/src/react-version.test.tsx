import { version } from 'react'
import { version as domVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'

describe('React under test', () => {
  it('is the version this config targets (19 by default, 18 under vitest.react18.config.ts)', () => {
    expect(version.split('.')[0]).toBe(process.env.DOCCHAT_EXPECTED_REACT ?? '19')
    expect(domVersion).toBe(version)
  })
})
