import { expect, test } from '@playwright/test'
import { searchDialog, widgetReady } from './support/widget'

// The widget's own `dir: 'rtl'` (not just the host page's): surfaces must stay on screen and
// centred. A direction-specific translate once pushed search off a phone's screen in RTL.
for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(`RTL on ${name}`, () => {
    test.use({ viewport, hasTouch: name === 'phone' })

    test('search opens on screen, centred, and its results are readable', async ({ page }) => {
      await page.goto('/quickstart')
      await widgetReady(page)
      await page.evaluate(async () => (await window.DocChat?.ready)?.update({ dir: 'rtl' }))
      await page.keyboard.press('ControlOrMeta+k')
      const dialog = searchDialog(page)
      await expect(dialog).toBeVisible()
      await page.keyboard.type('stream')
      await expect(dialog.getByRole('option').nth(1)).toBeVisible()
      const box = (await dialog.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5)
      const left = box.x
      const right = viewport.width - (box.x + box.width)
      expect(Math.abs(left - right)).toBeLessThan(2)
      const option = (await dialog.getByRole('option').nth(1).boundingBox())!
      expect(option.x).toBeGreaterThanOrEqual(0)
      expect(option.x + option.width).toBeLessThanOrEqual(viewport.width + 0.5)
    })
  })
}
