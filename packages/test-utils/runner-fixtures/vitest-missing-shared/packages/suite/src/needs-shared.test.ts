// Reads a shared fixture that is not on this machine: the run must fail and name it.
import { describeWithShared } from '../../../../../src/shared-dir'
import { expect, it } from 'vitest'

describeWithShared('the OpenAPI check', ['spec/no-such-openapi.json'], () => {
  it('reads the spec', () => {
    expect(true).toBe(true)
  })
})
