import { expect, type Page, test, type TestInfo } from '@playwright/test'
import {
  answerComplete,
  ask,
  assistantDialog,
  closeSearch,
  openAssistant,
  openSearch,
  searchDialog,
  widgetReady,
} from './support/widget'

/** Saves a full-viewport screenshot in the test's output folder and attaches it to the report. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`)
  // Caret and animations off: the same state looks the same every run.
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' })
  await testInfo.attach(name, { path, contentType: 'image/png' })
}

async function searchAndAsk(page: Page, testInfo: TestInfo, prefix: string) {
  await openSearch(page)
  await searchDialog(page).getByRole('combobox').pressSequentially('fault injection')
  await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
  await shoot(page, testInfo, `${prefix}-search-results`)
  await closeSearch(page)
  await openAssistant(page)
  await shoot(page, testInfo, `${prefix}-assistant-empty`)
  await ask(page, 'How do I proxy the assistant key?')
  await answerComplete(page)
  await shoot(page, testInfo, `${prefix}-assistant-answer`)
}

test.describe('Screenshots', () => {
  test('light', async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/quickstart')
    await widgetReady(page)
    await shoot(page, testInfo, 'light-page-with-trigger')
    await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'light')
    await searchAndAsk(page, testInfo, 'light')
    // Docked by the reader: a sidebar with the page reflowed beside it.
    await assistantDialog(page).getByRole('button', { name: 'Dock to the side' }).click()
    await expect(assistantDialog(page)).toHaveAttribute('data-variant', 'sidebar')
    await shoot(page, testInfo, 'light-assistant-docked')
  })

  test('dark', async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/quickstart')
    await widgetReady(page)
    await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'dark')
    await searchAndAsk(page, testInfo, 'dark')
    // Dark really is dark: the panel's background is a dark colour.
    const background = await assistantDialog(page).evaluate(
      (d) => getComputedStyle(d).backgroundColor,
    )
    const [r, g, b] = background.match(/\d+/g)!.map(Number)
    expect((r! + g! + b!) / 3).toBeLessThan(80)
  })

  test('mobile', async ({ browser }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    })
    const page = await context.newPage()
    await page.goto('/quickstart')
    await widgetReady(page)
    await shoot(page, testInfo, 'mobile-page-with-trigger')
    await searchAndAsk(page, testInfo, 'mobile')
    // On a phone the assistant takes the whole screen.
    const box = await assistantDialog(page).boundingBox()
    expect(box).not.toBeNull()
    expect(box!.width).toBeGreaterThanOrEqual(388)
    expect(box!.height).toBeGreaterThanOrEqual(600)
    await context.close()
  })
})
