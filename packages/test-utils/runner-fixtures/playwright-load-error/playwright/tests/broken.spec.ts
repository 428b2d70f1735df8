// A spec that fails to load: Playwright reports 0 tests and an error outside any test.
import { expect, test } from '@playwright/test'
import { helper } from './no-such-helper'

test('never runs', () => {
  expect(helper).toBeDefined()
})
