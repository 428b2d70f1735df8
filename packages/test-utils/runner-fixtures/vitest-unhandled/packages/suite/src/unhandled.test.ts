// Every test passes, but an error escapes after the test that caused it finished.
import { expect, it } from 'vitest'

it('passes, and leaves a rejection behind', () => {
  setTimeout(() => Promise.reject(new Error('an unhandled rejection after the test')), 0)
  expect(1).toBe(1)
})

it('waits long enough for it to surface', async () => {
  await new Promise((resolve) => setTimeout(resolve, 50))
  expect(2).toBe(2)
})
