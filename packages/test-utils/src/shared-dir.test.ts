import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MissingSharedFixtureError, missingShared, sharedDir, sharedPath } from './shared-dir'

describe('the shared folder', () => {
  it('is ../shared beside the repository unless DOCCHAT_SHARED_DIR says otherwise', () => {
    if (process.env.DOCCHAT_SHARED_DIR) expect(sharedDir).toContain(process.env.DOCCHAT_SHARED_DIR)
    else expect(sharedDir.endsWith('/shared')).toBe(true)
  })

  it('gives the path of a fixture that exists and names one that does not', () => {
    expect(sharedPath('spec/openapi.json')).toBe(join(sharedDir, 'spec/openapi.json'))
    expect(missingShared('spec/openapi.json', 'spec/nope.json')).toEqual(['spec/nope.json'])
    expect(() => sharedPath('corpora/no-such-corpus')).toThrow(MissingSharedFixtureError)
    expect(() => sharedPath('corpora/no-such-corpus')).toThrow(
      /missing shared fixture: corpora\/no-such-corpus \(looked in .*DOCCHAT_SHARED_DIR/,
    )
  })
})
