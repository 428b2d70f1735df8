import { expect, type Page, test } from '@playwright/test'
import {
  answerComplete,
  ask,
  assistantDialog,
  openSearch,
  searchDialog,
  widgetReady,
} from './support/widget'

// WCAG 2.2 (2.5.8 Target Size, minimum): every control a reader points at or taps is at least
// 24×24 CSS px. Links inside a sentence are exempt by the rule's inline exception; citation chips
// are not (they are controls set between sentences, and readers tap them).

interface Target {
  what: string
  width: number
  height: number
}

/** Every visible interactive element of the widget (through its shadow root) with its box. */
async function undersizedTargets(page: Page): Promise<Target[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'textarea',
      'select',
      'summary',
      '[role="option"]',
      '[role="tab"]',
      '[role="button"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',')
    const found: Array<{ what: string; width: number; height: number }> = []
    const visit = (root: Document | ShadowRoot) => {
      for (const element of root.querySelectorAll<HTMLElement>(selector)) {
        const box = element.getBoundingClientRect()
        const style = getComputedStyle(element)
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue
        // The inline exception: a plain link in running text (not a citation chip).
        const inline =
          element.tagName === 'A' &&
          !element.classList.contains('docchat-citation') &&
          element.closest('p, li, td') !== null &&
          style.display === 'inline'
        if (inline) continue
        if (box.width + 0.01 < 24 || box.height + 0.01 < 24) {
          const name = element.getAttribute('aria-label') || element.textContent || ''
          found.push({
            what: `${element.tagName.toLowerCase()}.${element.className} "${name.trim().slice(0, 40)}"`,
            width: Math.round(box.width * 10) / 10,
            height: Math.round(box.height * 10) / 10,
          })
        }
      }
      for (const element of root.querySelectorAll('*')) {
        if (element.shadowRoot) visit(element.shadowRoot)
      }
    }
    const host = document.querySelector('docchat-widget')
    visit(host?.shadowRoot ?? document)
    // DocChat's controls that live in the page: code blocks' Ask AI and the selection button.
    for (const element of document.querySelectorAll<HTMLElement>(
      '.docchat-code-ask-ai, .docchat-selection-ask-ai',
    )) {
      const box = element.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      if (box.width + 0.01 < 24 || box.height + 0.01 < 24) {
        found.push({
          what: `page ${element.tagName.toLowerCase()}.${element.className}`,
          width: Math.round(box.width * 10) / 10,
          height: Math.round(box.height * 10) / 10,
        })
      }
    }
    return found
  })
}

async function countTargets(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.querySelector('docchat-widget')?.shadowRoot
    return root ? root.querySelectorAll('button, a[href], [role="option"], textarea').length : 0
  })
}

for (const device of [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
]) {
  test.describe(`Target size on ${device.name}`, () => {
    test.use({ viewport: device.viewport, hasTouch: device.hasTouch, isMobile: device.isMobile })

    test('search: every option and button is at least 24×24', async ({ page }) => {
      await page.goto('/quickstart')
      await openSearch(page)
      // Suggestions before typing.
      await expect(searchDialog(page).getByRole('option').first()).toBeVisible()
      expect(await undersizedTargets(page)).toEqual([])
      await searchDialog(page).getByRole('combobox').pressSequentially('stream')
      await expect(searchDialog(page).getByRole('option').nth(5)).toBeAttached()
      expect(await undersizedTargets(page)).toEqual([])
    })

    test('assistant: starters, citations, copy, feedback and context chips are at least 24×24', async ({
      page,
    }) => {
      await page.goto('/quickstart')
      await widgetReady(page)
      // A code block's Ask AI attaches context: the composer shows a chip with a remove button.
      await page
        .getByRole('button', { name: /Ask AI about this .* code/ })
        .first()
        .click()
      await expect(assistantDialog(page)).toBeVisible()
      expect(await undersizedTargets(page)).toEqual([])

      await ask(page, 'How do I proxy the assistant key?')
      const answer = await answerComplete(page)
      await expect(answer.locator('.docchat-citation').first()).toBeVisible()
      expect(await countTargets(page)).toBeGreaterThan(5)
      expect(await undersizedTargets(page)).toEqual([])
    })
  })
}
