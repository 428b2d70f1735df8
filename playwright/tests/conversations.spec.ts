import { readFile } from 'node:fs/promises'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { answerComplete, ask, assistantDialog, conversation, openAssistant } from './support/widget'
import { expectNoSeriousViolations } from './support/axe'

// Recent conversations and their export, on the built drop-in in Chromium against the dev server.

const install = 'How do I install the widget?'
const devServer = 'How do I run the dev server?'
const shots = process.env.DOCCHAT_E2E_SCREENSHOTS_DIR

const historyButton = (page: Page): Locator =>
  assistantDialog(page).getByRole('button', { name: 'Recent conversations' })
const history = (page: Page): Locator =>
  assistantDialog(page).getByRole('region', { name: 'Recent conversations' })
const item = (page: Page, title: string): Locator =>
  history(page).getByRole('listitem').filter({ hasText: title }).getByRole('button').first()

async function askAndWait(page: Page, question: string) {
  await ask(page, question)
  await answerComplete(page)
}

/** Two conversations: the install one, then (after New conversation) the dev server one. */
async function twoConversations(page: Page) {
  await page.goto('/quickstart')
  await openAssistant(page)
  await askAndWait(page, install)
  await assistantDialog(page).getByRole('button', { name: 'New conversation' }).click()
  await expect(conversation(page).getByText(install)).toHaveCount(0)
  await askAndWait(page, devServer)
}

async function screenshot(page: Page, name: string) {
  if (!shots) return
  await page.screenshot({ path: `${shots}/${name}.png`, animations: 'disabled', caret: 'hide' })
}

test.describe('Recent conversations', () => {
  test('switch by mouse and keyboard, delete with undo, and a reload keeps the list', async ({
    page,
  }) => {
    await twoConversations(page)

    // Mouse: open the history, pick the first conversation.
    await historyButton(page).click()
    await expect(history(page).getByRole('listitem')).toHaveCount(2)
    await expect(item(page, devServer)).toHaveAttribute('aria-current', 'true')
    await expect(item(page, devServer)).toBeFocused()
    await item(page, install).click()
    await expect(history(page)).toBeHidden()
    await expect(conversation(page).getByText(install)).toBeVisible()
    await expect(conversation(page).getByText(devServer)).toHaveCount(0)
    await expect(conversation(page).getByRole('article')).toHaveCount(1)

    // Keyboard: Enter on the button, arrows to the other one, Enter; Escape only leaves the list.
    await historyButton(page).focus()
    await page.keyboard.press('Enter')
    await expect(item(page, install)).toBeFocused()
    await page.keyboard.press('Home')
    await expect(item(page, devServer)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(conversation(page).getByText(devServer)).toBeVisible()
    await expect(conversation(page).getByText(install)).toHaveCount(0)
    await page.keyboard.press('Shift+Tab')
    await historyButton(page).press('Enter')
    await page.keyboard.press('Escape')
    await expect(history(page)).toBeHidden()
    await expect(assistantDialog(page)).toBeVisible()
    await expect(historyButton(page)).toBeFocused()

    // A reload lists both and shows the conversation that was on screen.
    await page.reload()
    await openAssistant(page)
    await expect(conversation(page).getByText(devServer)).toBeVisible()
    await historyButton(page).click()
    await expect(history(page).getByRole('listitem')).toHaveCount(2)

    // Delete the other one; Undo puts it back; delete it again and reload.
    await history(page)
      .getByRole('button', { name: `Delete “${install}”` })
      .click()
    await expect(history(page).getByRole('listitem')).toHaveCount(1)
    await expect(history(page).getByRole('status')).toHaveText('Conversation deleted.')
    await expect(history(page).getByRole('button', { name: 'Undo' })).toBeFocused()
    await history(page).getByRole('button', { name: 'Undo' }).click()
    await expect(history(page).getByRole('listitem')).toHaveCount(2)
    await history(page)
      .getByRole('button', { name: `Delete “${install}”` })
      .click()
    await page.reload()
    await openAssistant(page)
    await historyButton(page).click()
    await expect(history(page).getByRole('listitem')).toHaveCount(1)
    await expect(item(page, devServer)).toBeVisible()
  })

  test('copy as Markdown and download .md: question, answer and source links', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/quickstart')
    await openAssistant(page)
    await askAndWait(page, install)
    // The answer's longest paragraph: a heading-like first line is mostly markup in Markdown.
    const paragraphs = await conversation(page)
      .getByRole('article')
      .locator('.docchat-markdown p')
      .allTextContents()
    const answerText = paragraphs.reduce((a, b) => (b.length > a.length ? b : a), '')

    await historyButton(page).click()
    await history(page).getByRole('button', { name: 'Copy as Markdown' }).click()
    await expect(history(page).getByRole('status')).toHaveText('Conversation copied as Markdown.')
    const markdown = await page.evaluate(() => navigator.clipboard.readText())
    expect(markdown.startsWith(`# ${install}\n`)).toBe(true)
    expect(markdown).toContain(`> ${install}`)
    // The DOM shows inline code without its backticks, bold without asterisks, citations as numbers.
    const shown = markdown.replace(/`|\*\*/g, '').replace(/\[(\d+)\]\([^)\s]*\)/g, '$1')
    expect(answerText.length).toBeGreaterThan(40)
    expect(shown).toContain(answerText.slice(0, 40))
    expect(markdown).toMatch(/\*\*Sources\*\*\n\n1\. \[[^\]]+\]\((https?:\/\/|\/)[^)\s]+\)/)

    const downloaded = page.waitForEvent('download')
    await history(page).getByRole('button', { name: 'Download .md' }).click()
    const download = await downloaded
    expect(download.suggestedFilename()).toBe('how-do-i-install-the-widget.md')
    expect(await readFile((await download.path()) ?? '', 'utf8')).toBe(markdown)
    await expect(history(page).getByRole('status')).toHaveText('Conversation downloaded.')
  })

  test('axe finds nothing serious, targets are 24×24; screenshots on desktop and in RTL', async ({
    page,
  }, testInfo) => {
    await twoConversations(page)
    await historyButton(page).click()
    await expect(history(page).getByRole('listitem')).toHaveCount(2)
    await screenshot(page, 'history-desktop')
    await expectNoSeriousViolations(page, 'history', { testInfo })

    // Every control of the view is at least 24×24 (WCAG 2.2 target size).
    for (const button of await history(page).getByRole('button').all()) {
      const box = await button.boundingBox()
      expect(box?.width).toBeGreaterThanOrEqual(24)
      expect(box?.height).toBeGreaterThanOrEqual(24)
    }

    await page.keyboard.press('Escape')
    await expect(history(page)).toBeHidden()
    await page.evaluate(async () => (await window.DocChat?.ready)?.update({ dir: 'rtl' }))
    await expect
      .poll(() => assistantDialog(page).evaluate((element) => getComputedStyle(element).direction))
      .toBe('rtl')
    await historyButton(page).click()
    await expect(history(page)).toBeVisible()
    // RTL: the list stays inside the panel, delete buttons on the inline end (the left).
    const panel = await assistantDialog(page).boundingBox()
    const row = await history(page).getByRole('listitem').first().boundingBox()
    const remove = await history(page)
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Delete/ })
      .boundingBox()
    expect(row && panel && row.x >= panel.x && row.x + row.width <= panel.x + panel.width).toBe(
      true,
    )
    expect(remove && row && remove.x < row.x + row.width / 2).toBe(true)
    await screenshot(page, 'history-rtl')
  })
})

test('in dark mode the history is dark and axe (contrast too) finds nothing serious', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' })
  await twoConversations(page)
  await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'dark')
  await historyButton(page).click()
  await expect(history(page).getByRole('listitem')).toHaveCount(2)
  await screenshot(page, 'history-dark')
  const background = await assistantDialog(page).evaluate(
    (d) => getComputedStyle(d).backgroundColor,
  )
  const [r, g, b] = background.match(/\d+/g)!.map(Number)
  expect((r! + g! + b!) / 3).toBeLessThan(80)
  await expectNoSeriousViolations(page, 'dark history')
})

test.describe('Recent conversations on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('a tap switches conversations', async ({ page }) => {
    await twoConversations(page)
    await historyButton(page).tap()
    await expect(history(page).getByRole('listitem')).toHaveCount(2)
    await screenshot(page, 'history-phone')
    await item(page, install).tap()
    await expect(conversation(page).getByText(install)).toBeVisible()
    await expect(conversation(page).getByText(devServer)).toHaveCount(0)
    // The panel fits the screen with the history open.
    await historyButton(page).tap()
    const box = await history(page).boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true)
  })
})
