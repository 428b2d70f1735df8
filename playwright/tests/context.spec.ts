import { expect, type Page, test } from '@playwright/test'
import {
  answerComplete,
  ask,
  assistantDialog,
  bodyOf,
  receivedByDevServer,
  widgetReady,
} from './support/widget'

const content = (page: Page) => page.locator('article[data-docchat-content]')
const chips = (page: Page) => assistantDialog(page).getByRole('list', { name: 'Attached context' })

test.describe('Context', () => {
  test('selecting a paragraph → "Ask AI" → chip → the question carries a textSelection item', async ({
    page,
    request,
  }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    const paragraph = content(page)
      .getByRole('paragraph')
      .filter({ hasText: 'This guide takes you from nothing' })
    // A triple click selects the paragraph, as a reader would.
    await paragraph.click({ clickCount: 3 })
    const selected = (await page.evaluate(() => window.getSelection()?.toString() ?? '')).trim()
    expect(selected).toContain('This guide takes you from nothing')

    const askAi = page.getByRole('button', { name: 'Ask AI', exact: true })
    await expect(askAi).toBeVisible()
    await askAi.click()

    await expect(assistantDialog(page)).toBeVisible()
    const chip = chips(page).getByRole('listitem')
    await expect(chip).toHaveCount(1)
    await expect(chip).toContainText('Selection')
    await expect(chip.getByRole('button', { name: /^Remove/ })).toBeVisible()

    const sent = await ask(page, 'What do I need for this?')
    const body = bodyOf(sent)
    expect(body.context).toHaveLength(1)
    const [item] = body.context!
    expect(item!.type).toBe('textSelection')
    expect(item!.value).toContain('This guide takes you from nothing to a working')
    const received = await receivedByDevServer(request, 'What do I need for this?')
    expect(received.context).toEqual(body.context)
    await answerComplete(page)
    // Context goes with one question: the chip is gone afterwards.
    await expect(chips(page).getByRole('listitem')).toHaveCount(0)
  })

  test("a code block's Ask AI button adds a code item with its elementId", async ({
    page,
    request,
  }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    const block = content(page).locator('pre').first()
    await expect(block).toHaveAttribute('id', 'code-1')
    await block.hover()
    const askAboutCode = page
      .getByRole('button', { name: /^Ask AI about this (bash )?code/ })
      .first()
    await expect(askAboutCode).toBeVisible()
    await askAboutCode.click()

    await expect(assistantDialog(page)).toBeVisible()
    const chip = chips(page).getByRole('listitem')
    await expect(chip).toHaveCount(1)
    await expect(chip).toContainText('Code')

    const sent = await ask(page, 'What does this command do?')
    const [item] = bodyOf(sent).context ?? []
    expect(item).toMatchObject({
      type: 'code',
      elementId: 'code-1',
      value: 'npx @docchat/dev-server --docs mydocs=./docs --port 8787',
    })
    const received = await receivedByDevServer(request, 'What does this command do?')
    expect(received.context).toEqual(bodyOf(sent).context)
    await answerComplete(page)
  })

  test('a chip can be removed before sending', async ({ page }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    await content(page).locator('pre').first().hover()
    await page
      .getByRole('button', { name: /^Ask AI about this (bash )?code/ })
      .first()
      .click()
    await expect(assistantDialog(page)).toBeVisible()
    const chip = chips(page).getByRole('listitem')
    await expect(chip).toHaveCount(1)
    await chip.getByRole('button', { name: /^Remove/ }).click()
    await expect(chip).toHaveCount(0)
    const request = await ask(page, 'What is DocChat?')
    expect(bodyOf(request).context ?? []).toHaveLength(0)
  })
})
