import { expect, type Page, test } from '@playwright/test'
import {
  answerComplete,
  assistantDialog,
  cspProblems,
  cspSiteUrl,
  isAssistantRequest,
} from './support/widget'

const pagePath = '/e2e/custom-element.html'
const element = (page: Page) => page.locator('docchat-widget#docchat')
const trigger = (page: Page) => element(page).getByRole('button', { name: /^Docs AI/ })

/** Collects the element's DOM events on the document (they bubble and are composed). */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const seen: Array<{ type: string; detail: { type: string; view?: string } }> = []
    ;(window as unknown as { __docchatEvents: typeof seen }).__docchatEvents = seen
    for (const type of ['docchat-open', 'docchat-close', 'docchat-ask', 'docchat-error']) {
      document.addEventListener(type, (event) =>
        seen.push({ type, detail: (event as CustomEvent).detail }),
      )
    }
  })
}
const eventsOf = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __docchatEvents: Array<{ type: string }> }).__docchatEvents,
  )

test.describe('<docchat-widget> from plain HTML', () => {
  test('starts from its attributes, emits DOM events, and removal is destroy()', async ({
    page,
  }) => {
    await page.goto(pagePath)
    await expect(trigger(page)).toBeVisible()
    await expect(element(page)).toHaveAttribute('data-theme', 'dark')
    // The authored element is the host: init did not add a second one.
    await expect(page.locator('docchat-widget')).toHaveCount(1)
    await recordEvents(page)

    const sent = page.waitForRequest(isAssistantRequest)
    await trigger(page).click()
    await expect(assistantDialog(page)).toBeVisible()
    await expect(assistantDialog(page)).toHaveAttribute('data-variant', 'sidebar')
    await assistantDialog(page)
      .getByRole('button', { name: 'How do I install the widget?' })
      .click()
    await sent
    await answerComplete(page)
    await page.keyboard.press('Escape')
    await expect(assistantDialog(page)).toBeHidden()
    expect((await eventsOf(page)).map((event) => event.type)).toEqual([
      'docchat-open',
      'docchat-ask',
      'docchat-close',
    ])

    // Attributes stay live.
    await element(page).evaluate((node) => node.setAttribute('theme', 'light'))
    await expect(element(page)).toHaveAttribute('data-theme', 'light')

    // Removing it tears the widget down (its shortcut goes too); adding it back starts it again.
    const detached = await element(page).evaluate((node) => {
      node.remove()
      ;(window as unknown as { __detached: Element }).__detached = node
      return true
    })
    expect(detached).toBe(true)
    await page.waitForFunction(
      () =>
        (window as unknown as { __detached: Element }).__detached.shadowRoot?.childElementCount ===
        0,
    )
    await page.keyboard.press('ControlOrMeta+i')
    await expect(assistantDialog(page)).toHaveCount(0)
    await page.evaluate(() =>
      document
        .querySelector('main')!
        .append((window as unknown as { __detached: Element }).__detached),
    )
    await expect(trigger(page)).toBeVisible()
    await page.keyboard.press('ControlOrMeta+i')
    await expect(assistantDialog(page)).toBeVisible()
  })

  test('works under the strict Content-Security-Policy with zero violations', async ({ page }) => {
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.effectiveDirective} ${event.blockedURI}`)
      })
    })
    const violations = cspProblems(page, /CSP violation|Content.Security.Policy|Refused to/i)
    const response = await page.goto(`${cspSiteUrl}${pagePath}`)
    expect((await response?.headerValue('content-security-policy')) ?? '').toContain(
      "style-src 'self'",
    )
    await trigger(page).click()
    await assistantDialog(page)
      .getByRole('button', { name: 'How do I install the widget?' })
      .click()
    await answerComplete(page)
    // Themed through the host's custom properties (CSSOM, not a style attribute in markup).
    await expect(assistantDialog(page)).toBeVisible()
    expect(violations).toEqual([])
  })
})
