/**
 * The check that a package's tests run on the React its vitest project targets (19, or 18.3 for
 * the second project, `DOCCHAT_EXPECTED_REACT`). The package passes its own react and react-dom
 * in: imported here, they would resolve from this package instead of through its config.
 */
import { describe, expect, it } from 'vitest'

export interface ReactUnderTest {
  /** `react`'s `version`. */
  version: string
  /** `react-dom`'s `version`. */
  domVersion: string
  /** `renderToString(createElement('b', null, 'x'))` with that react-dom. */
  renderBold: () => string
}

export function describeReactUnderTest({ version, domVersion, renderBold }: ReactUnderTest): void {
  describe('React under test', () => {
    it('is the version this config targets, for react and react-dom alike', () => {
      const expected = process.env.DOCCHAT_EXPECTED_REACT ?? '19'
      expect(version.split('.')[0]).toBe(expected)
      expect(domVersion).toBe(version)
      expect(renderBold()).toBe('<b>x</b>')
    })
  })
}
