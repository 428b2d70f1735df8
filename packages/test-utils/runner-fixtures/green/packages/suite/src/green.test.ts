// A green run: two passing tests and one skipped one, counted as such.
import { expect, it } from 'vitest'

it('passes', () => {
  expect(1 + 1).toBe(2)
})
it('passes too', () => {
  expect('a'.repeat(2)).toBe('aa')
})
it.skip('is skipped', () => {
  expect(true).toBe(false)
})
