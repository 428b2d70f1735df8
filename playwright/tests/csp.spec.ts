import { expect, test } from '@playwright/test'
import {
  answerComplete,
  ask,
  assistantDialog,
  closeSearch,
  cspProblems,
  cspSiteUrl,
  openAssistant,
  openSearch,
  searchDialog,
} from './support/widget'

interface Violation {
  directive: string
  blocked: string
  source: string
  sample: string
}

declare global {
  interface Window {
    __cspViolations?: Violation[]
  }
}

test.describe('Strict Content-Security-Policy', () => {
  test('the widget runs with zero CSP violations', async ({ page }) => {
    // Recorded from the first moment, before any page script runs.
    await page.addInitScript(() => {
      window.__cspViolations = []
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations!.push({
          directive: event.effectiveDirective,
          blocked: event.blockedURI,
          source: `${event.sourceFile}:${event.lineNumber}`,
          sample: event.sample,
        })
      })
    })
    const consoleErrors = cspProblems(page)

    const marker = `csp-${Date.now()}`
    const response = await page.goto(`${cspSiteUrl}/quickstart?${marker}`)
    const csp = (await response?.headerValue('content-security-policy')) ?? ''
    // The policy really is strict: enforced, no inline code, no eval.
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("style-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).not.toContain('unsafe-eval')

    // Search: loader, lazy panel chunk, styles, results with highlights.
    await openSearch(page)
    await searchDialog(page).getByRole('combobox').pressSequentially('theming')
    await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
    await expect(searchDialog(page).locator('mark').first()).toBeVisible()
    await closeSearch(page)

    // Ask: streaming, markdown, a highlighted code block, sources.
    await openAssistant(page)
    await ask(page, 'How do I proxy the assistant key?')
    const answer = await answerComplete(page)
    await expect(answer.getByRole('list', { name: 'Sources' })).toBeVisible()
    // Styled, not just present: constructable stylesheets applied under the policy.
    await expect(assistantDialog(page)).toHaveCSS('position', 'fixed')

    // Theme switch: the loader restyles its host at runtime.
    await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'light')
    await page.getByRole('button', { name: 'Switch between light and dark theme' }).click()
    await expect(page.locator('docchat-widget')).toHaveAttribute('data-theme', 'dark')

    expect(await page.evaluate(() => window.__cspViolations)).toEqual([])
    expect(consoleErrors).toEqual([])
    // Nor did the browser report any to the site's report-uri for this page.
    const reports = (await (await page.request.get(`${cspSiteUrl}/__csp-reports`)).json()) as Array<
      Record<string, Record<string, string>>
    >
    const mine = reports.filter((r) => JSON.stringify(r).includes(marker))
    expect(mine).toEqual([])

    // Control: the listener does see a violation when there is one (an inline style attribute).
    await page.evaluate(() => {
      document.body.insertAdjacentHTML('beforeend', '<p style="color: red">inline</p>')
    })
    await expect.poll(() => page.evaluate(() => window.__cspViolations?.length)).toBeGreaterThan(0)
  })
})
