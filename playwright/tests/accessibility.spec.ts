import { expect, test } from '@playwright/test'
import {
  answerComplete,
  answers,
  ask,
  askOnQuickstart,
  assistantDialog,
  openAssistant,
  openSearch,
  questionBox,
  searchDialog,
  widgetReady,
  widgetTrigger,
} from './support/widget'
import { expectNoSeriousViolations } from './support/axe'

test.describe('Accessibility', () => {
  test('axe: search open with results', async ({ page }, testInfo) => {
    await page.goto('/quickstart')
    await openSearch(page)
    await searchDialog(page).getByRole('combobox').pressSequentially('fault injection')
    await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
    await searchDialog(page).getByRole('combobox').press('ArrowDown')
    await expectNoSeriousViolations(page, 'search with results', { testInfo, wholePage: true })
  })

  test('axe: assistant empty, then with an answer', async ({ page }, testInfo) => {
    await page.goto('/quickstart')
    await openAssistant(page)
    await expectNoSeriousViolations(page, 'assistant empty', { testInfo })
    await ask(page, 'How do I proxy the assistant key?')
    await answerComplete(page)
    await expectNoSeriousViolations(page, 'assistant with an answer', { testInfo, wholePage: true })
  })

  test('axe: error state', async ({ page }, testInfo) => {
    await askOnQuickstart(page, 'How do I proxy the assistant key?', 'status=503')
    await expect(assistantDialog(page).getByRole('alert')).toBeVisible()
    await expectNoSeriousViolations(page, 'assistant error', { testInfo })
  })

  test('axe: dark theme, assistant with an answer', async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await page.goto('/quickstart')
    await openAssistant(page)
    await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'dark')
    await ask(page, 'Which CSS variables can I set?')
    await answerComplete(page)
    await expectNoSeriousViolations(page, 'dark assistant with an answer', { testInfo })
  })

  test('keyboard only: trigger → ask → feedback → Esc → search → open a page', async ({ page }) => {
    await page.goto('/quickstart')
    await widgetReady(page)
    const inWidget = () =>
      page.evaluate(() => document.activeElement?.tagName.toLowerCase() === 'docchat-widget')

    // The floating trigger is the last stop in the tab order: Shift+Tab from the top reaches it.
    await page.keyboard.press('Shift+Tab')
    await expect(widgetTrigger(page)).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(assistantDialog(page)).toBeVisible()
    await expect(questionBox(page)).toBeFocused()

    await page.keyboard.type('How do I proxy the assistant key?')
    await page.keyboard.press('Enter')
    const answer = await answerComplete(page)

    // Shift+Tab back from the composer into the answer's actions and press "Helpful".
    const helpful = answer.getByRole('button', { name: 'Helpful', exact: true })
    for (let i = 0; i < 30 && !(await helpful.evaluate((b) => b.matches(':focus'))); i++) {
      await page.keyboard.press('Shift+Tab')
      expect(await inWidget()).toBe(true)
    }
    await expect(helpful).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(helpful).toHaveAttribute('aria-pressed', 'true')
    await expect(assistantDialog(page).getByText('Thanks for the feedback')).toBeVisible()

    // A modal panel traps focus; the default floating panel is non-modal, so Tab may leave it.
    if ((await assistantDialog(page).getAttribute('aria-modal')) === 'true') {
      for (let i = 0; i < 40; i++) {
        await page.keyboard.press('Tab')
        expect(await inWidget()).toBe(true)
      }
    }

    // Esc closes it and focus returns to the trigger.
    await page.keyboard.press('Escape')
    await expect(assistantDialog(page)).toBeHidden()
    await expect(widgetTrigger(page)).toBeFocused()

    // Search by keyboard and open a result.
    await page.keyboard.press('ControlOrMeta+k')
    const input = searchDialog(page).getByRole('combobox')
    await expect(input).toBeFocused()
    await page.keyboard.type('fault injection')
    const result = searchDialog(page)
      .getByRole('group', { name: 'Testing with the dev server' })
      .getByRole('option')
      .first()
    await expect(result).toBeVisible()
    const id = await result.getAttribute('id')
    for (let i = 0; i < 5 && (await input.getAttribute('aria-activedescendant')) !== id; i++) {
      await page.keyboard.press('ArrowDown')
    }
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/dev-server\/testing(\.html)?#fault-injection$/)
    // The conversation survived the navigation.
    await openAssistant(page)
    await expect(answers(page)).toHaveCount(1)
  })
})
