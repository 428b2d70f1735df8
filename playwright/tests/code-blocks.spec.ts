import { expect, type Locator, type Page, test } from '@playwright/test'
import { widgetReady } from './support/widget'

// The docs site's code blocks: a header bar holding the title, the site's Copy button and the
// widget's Ask AI button. Both buttons sit inside the bar (never across its edge), are at least
// 24×24, reachable with Tab and visibly focused.

const content = (page: Page) => page.locator('article[data-docchat-content]')

interface Box {
  x: number
  y: number
  width: number
  height: number
}

const box = async (locator: Locator): Promise<Box> => {
  const found = await locator.boundingBox()
  expect(found).not.toBeNull()
  return found as Box
}

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
]) {
  test.describe(`Code blocks on ${device.name}`, () => {
    test.use({ viewport: device.viewport, isMobile: device.isMobile, hasTouch: device.hasTouch })

    test('Copy and Ask AI sit inside the header bar, at least 24×24', async ({ page }) => {
      await page.goto('/quickstart')
      await widgetReady(page)
      const blocks = content(page).locator('figure.code-block')
      const count = await blocks.count()
      expect(count).toBeGreaterThanOrEqual(5)
      // The drop-in adds its Ask AI buttons once its capture part has loaded.
      await expect(blocks.locator('.docchat-code-ask-ai')).toHaveCount(count)
      for (let index = 0; index < count; index++) {
        const block = blocks.nth(index)
        await block.scrollIntoViewIfNeeded()
        const figure = await box(block)
        const title = await box(block.locator('figcaption'))
        const pre = await box(block.locator('pre'))
        const copy = block.getByRole('button', { name: /^Copy( \w+)? code$/ })
        const askAi = block.getByRole('button', { name: /^Ask AI about this/ })
        for (const [name, button] of [
          ['Copy', await box(copy)],
          ['Ask AI', await box(askAi)],
        ] as const) {
          const where = `block ${index + 1}: ${name}`
          expect(button.width, where).toBeGreaterThanOrEqual(24)
          expect(button.height, where).toBeGreaterThanOrEqual(24)
          // Inside the bar: below the figure's top edge, above the code, within its sides.
          expect(button.y, where).toBeGreaterThanOrEqual(figure.y)
          expect(button.y + button.height, where).toBeLessThanOrEqual(pre.y + 0.5)
          expect(button.x, where).toBeGreaterThanOrEqual(title.x + title.width - 0.5)
          expect(button.x + button.width, where).toBeLessThanOrEqual(figure.x + figure.width)
        }
        // Side by side, Copy first, not overlapping.
        expect((await box(copy)).x + (await box(copy)).width).toBeLessThanOrEqual(
          (await box(askAi)).x,
        )
      }
    })
  })
}

test('Copy puts the code on the clipboard, says "Copied" and announces it', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.goto('/quickstart')
  const block = content(page).locator('figure.code-block').first()
  const copy = block.getByRole('button', { name: 'Copy bash code' })
  await copy.click()
  await expect(block.getByRole('button', { name: 'Copied' })).toHaveText('Copied')
  await expect(page.locator('[data-site-announcer]')).toHaveText('Code copied to the clipboard')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'npx @docchat/dev-server --docs mydocs=./docs --port 8787',
  )
  // Back to "Copy" after a moment, ready for the next press.
  await expect(block.getByRole('button', { name: 'Copy bash code' })).toHaveText('Copy', {
    timeout: 5_000,
  })
})

test('Copy and Ask AI are reached with Tab, in the order they are shown, with a visible focus ring', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.goto('/quickstart')
  await widgetReady(page)
  const block = content(page).locator('figure.code-block').first()
  await expect(block.locator('.docchat-code-ask-ai')).toBeVisible()
  // Start from the block's title (not focusable): the next Tab stops are the bar's buttons.
  await block.locator('figcaption').click()
  await page.keyboard.press('Tab')
  const copy = block.getByRole('button', { name: 'Copy bash code' })
  await expect(copy).toBeFocused()
  const ring = await copy.evaluate((element) => {
    const style = getComputedStyle(element)
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) }
  })
  expect(ring.style).toBe('solid')
  expect(ring.width).toBeGreaterThanOrEqual(2)
  await page.keyboard.press('Tab')
  const askAi = block.getByRole('button', { name: /^Ask AI about this/ })
  await expect(askAi).toBeFocused()
  expect(await askAi.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid')
  await page.keyboard.press('Tab')
  await expect(block.locator('pre')).toBeFocused()
  // Enter on Copy copies.
  await copy.focus()
  await page.keyboard.press('Enter')
  await expect(block.getByRole('button', { name: 'Copied' })).toBeVisible()
})
