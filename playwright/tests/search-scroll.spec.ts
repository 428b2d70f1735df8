import { expect, type Locator, type Page, test } from '@playwright/test'
import { openSearch, searchDialog, searchPath, widgetReady } from './support/widget'

// "stream" matches more results than the dialog can show: the list must scroll for readers using
// a wheel, a finger or the keyboard, while the input (and the key hints) stay where they are.
const query = 'stream'

async function searchWithManyResults(page: Page) {
  const dialog = searchDialog(page)
  const searched = page.waitForResponse(
    (r) => new URL(r.url()).pathname === searchPath && r.request().method() === 'POST',
  )
  await dialog.getByRole('combobox').pressSequentially(query)
  await searched
  const options = dialog.getByRole('option')
  await expect(options.nth(9)).toBeAttached()
  return { dialog, options, body: dialog.locator('.docchat-search-body') }
}

const scrollTop = (locator: Locator) => locator.evaluate((element) => element.scrollTop)

/** The option's href target (its value is `path#anchor`) as a URL pattern. */
async function targetOf(option: Locator): Promise<RegExp> {
  const value = await option.getAttribute('data-value')
  const [path, anchor] = (value ?? '').split('#')
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`${escaped(path!)}(\\.html)?${anchor ? `#${escaped(anchor)}` : ''}$`)
}

test.describe('Search results scroll', () => {
  test('the mouse wheel scrolls the results; result 9 becomes visible and clickable', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/quickstart')
    await openSearch(page)
    const { dialog, options, body } = await searchWithManyResults(page)
    const input = dialog.getByRole('combobox')
    const footer = dialog.locator('.docchat-search-footer')
    const far = options.nth(9)
    await expect(far).not.toBeInViewport()

    const before = await scrollTop(body)
    const box = (await body.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    for (let step = 0; step < 6 && !(await isFullyInView(far)); step++) {
      await page.mouse.wheel(0, 300)
    }
    await expect.poll(() => scrollTop(body)).toBeGreaterThan(before)
    await expect(far).toBeInViewport({ ratio: 1 })
    // Only the list moved.
    await expect(input).toBeInViewport({ ratio: 1 })
    await expect(footer).toBeInViewport({ ratio: 1 })

    const target = await targetOf(far)
    await far.click()
    await expect(page).toHaveURL(target)
  })

  test('keyboard arrowing keeps the active result, the input and the key hints in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/quickstart')
    await openSearch(page)
    const { dialog, options, body } = await searchWithManyResults(page)
    const input = dialog.getByRole('combobox')
    const footer = dialog.locator('.docchat-search-footer')
    const count = await options.count()
    for (let step = 0; step < count; step++) {
      await input.press('ArrowDown')
      const active = dialog.locator('[role="option"][aria-selected="true"]')
      await expect(active).toHaveCount(1)
      await expect(active).toBeInViewport({ ratio: 1 })
      await expect(input).toBeInViewport({ ratio: 1 })
      await expect(footer).toBeInViewport({ ratio: 1 })
    }
    expect(await scrollTop(body)).toBeGreaterThan(0)
    // The dialog itself never scrolls: its top (the input bar) stays put.
    expect(await dialog.evaluate((element) => element.scrollTop)).toBe(0)
  })

  test('before any arrow key, the option Enter runs looks active and shows the Enter key', async ({
    page,
  }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    const { dialog } = await searchWithManyResults(page)
    const askAi = dialog.getByRole('option', { name: /Ask AI about “stream”/ })
    const enterKey = askAi.locator('.docchat-enter-key')
    // Before any arrow key: "Ask AI" looks active and shows the Enter key.
    await expect(askAi).toHaveAttribute('data-default', '')
    await expect(enterKey).toBeVisible()
    const highlighted = await askAi.evaluate((el) => getComputedStyle(el).backgroundColor)
    const plain = await dialog
      .getByRole('option')
      .nth(1)
      .evaluate((el) => getComputedStyle(el).backgroundColor)
    expect(highlighted).not.toBe(plain)
    // Once the reader navigates elsewhere, the default look goes with the active option.
    const input = dialog.getByRole('combobox')
    await input.press('ArrowDown')
    await input.press('ArrowDown')
    await expect(enterKey).toBeHidden()
    await input.press('ArrowUp')
    await expect(askAi).toHaveAttribute('aria-selected', 'true')
    await expect(enterKey).toBeVisible()
  })

  test('before typing: suggestions, and recent searches beside them once there are some', async ({
    page,
  }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    const dialog = searchDialog(page)
    // The demo configures starter questions and suggested pages (apps/docs/site/demo-settings.json).
    await expect(dialog.getByRole('group', { name: 'Try asking' }).getByRole('option')).toHaveCount(
      3,
    )
    const pages = dialog.getByRole('group', { name: 'Suggested pages' })
    await expect(pages.getByRole('option', { name: 'Theming' })).toBeVisible()

    const { options } = await searchWithManyResults(page)
    const chosen = options.nth(1)
    const title = (await chosen.locator('.docchat-result-title').textContent())!.trim()
    const target = await targetOf(chosen)
    await chosen.click()
    await expect(page).toHaveURL(target)

    await openSearch(page)
    const recent = searchDialog(page).getByRole('group', { name: 'Recent searches' })
    await expect(recent.getByRole('option', { name: title })).toBeVisible()
    // Issue 23: starters and suggested pages stay beside the recents, recents first.
    const groups = searchDialog(page).getByRole('group')
    await expect(groups.first()).toHaveAccessibleName('Recent searches')
    await expect(searchDialog(page).getByRole('group', { name: 'Suggested pages' })).toBeVisible()
    await expect(searchDialog(page).getByRole('group', { name: 'Try asking' })).toBeVisible()
  })

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

    test('a finger swipe scrolls the results and a tap opens one', async ({ page }) => {
      await page.goto('/quickstart')
      await widgetReady(page)
      await page.getByRole('button', { name: 'Search the docs' }).first().tap()
      await expect(searchDialog(page)).toBeVisible()
      const { dialog, options, body } = await searchWithManyResults(page)
      const input = dialog.getByRole('combobox')
      const far = options.nth(9)
      await expect(far).not.toBeInViewport()

      // A finger drag as Chromium receives it from a touchscreen: touch events, then its own
      // touch scrolling (the page's scroll lock must let it through inside the dialog).
      const box = (await body.boundingBox())!
      const client = await page.context().newCDPSession(page)
      const before = await scrollTop(body)
      const x = Math.round(box.x + box.width / 2)
      for (let swipe = 0; swipe < 4 && !(await isFullyInView(far)); swipe++) {
        const start = Math.round(box.y + box.height * 0.8)
        await client.send('Input.dispatchTouchEvent', {
          type: 'touchStart',
          touchPoints: [{ x, y: start }],
        })
        for (let move = 1; move <= 12; move++) {
          await client.send('Input.dispatchTouchEvent', {
            type: 'touchMove',
            touchPoints: [{ x, y: start - move * 30 }],
          })
        }
        await client.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      }
      expect(await scrollTop(body)).toBeGreaterThan(before)
      await expect(far).toBeInViewport({ ratio: 1 })
      await expect(input).toBeInViewport({ ratio: 1 })

      const target = await targetOf(far)
      await far.tap()
      await expect(page).toHaveURL(target)
    })
  })
})

async function isFullyInView(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect()
          resolve((entry?.intersectionRatio ?? 0) >= 0.99)
        })
        observer.observe(element)
      }),
  )
}

test.describe('Search over a scrolled page', () => {
  test('the scroll lock leaves the sticky header and sidebar where they were (issue 23)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/quickstart')
    await widgetReady(page)
    await page.evaluate(() => window.scrollTo(0, 900))
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600)
    const tops = () =>
      page.evaluate(() =>
        ['.site-header', '.sidebar'].map((selector) => {
          const element = document.querySelector(selector)
          return element ? Math.round(element.getBoundingClientRect().top) : null
        }),
      )
    const before = await tops()
    expect(before).toEqual([0, expect.any(Number)])
    const scrollY = await page.evaluate(() => window.scrollY)
    await openSearch(page)
    expect(await tops()).toEqual(before)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)
    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toBeHidden()
    expect(await tops()).toEqual(before)
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollY)
  })
})
