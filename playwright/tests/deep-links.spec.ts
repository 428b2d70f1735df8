import { expect, test } from '@playwright/test'
import {
  answerComplete,
  assistantDialog,
  bodyOf,
  cspProblems,
  cspSiteUrl,
  isAssistantRequest,
  searchDialog,
} from './support/widget'

const question = 'How do I install the widget?'

test.describe('Deep links', () => {
  test('?assistant= opens the assistant and asks once; a reload does not ask again', async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      if (isAssistantRequest(request)) asked.push(bodyOf(request).messages.at(-1)?.content ?? '')
    })
    await page.goto(`/quickstart?ref=mail&assistant=${encodeURIComponent(question)}`)
    await expect(assistantDialog(page)).toBeVisible()
    await answerComplete(page)
    expect(asked).toEqual([question])
    // Taken out of the address bar with replaceState: other parameters stay.
    expect(new URL(page.url()).search).toBe('?ref=mail')

    await page.reload()
    await page.evaluate(() => window.DocChat?.ready)
    await page.waitForTimeout(500)
    expect(asked).toEqual([question])
  })

  test('a link is text, never markup', async ({ page }) => {
    const hostile = '<img src=x onerror="window.__pwned=1">'
    await page.goto(`/quickstart?assistant=${encodeURIComponent(hostile)}`)
    await expect(assistantDialog(page).getByText(hostile)).toBeVisible()
    await answerComplete(page)
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined()
  })

  test('the share action copies a link that asks the question again', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto(`/quickstart?assistant=${encodeURIComponent(question)}`)
    const answer = await answerComplete(page)
    await answer.getByRole('button', { name: 'Copy link to this question' }).click()
    await expect(answer.getByRole('button', { name: 'Link copied' })).toBeVisible()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    const url = new URL(link)
    expect(url.pathname).toBe('/quickstart')
    expect(url.searchParams.get('assistant')).toBe(question)

    const other = await context.newPage()
    const sent = other.waitForRequest(isAssistantRequest)
    await other.goto(link)
    expect(bodyOf(await sent).messages.at(-1)?.content).toBe(question)
    await expect(assistantDialog(other)).toBeVisible()
  })

  test('#docchat-search= opens search with the query typed in', async ({ page }) => {
    await page.goto('/quickstart#docchat-search=theming')
    await expect(searchDialog(page)).toBeVisible()
    await expect(searchDialog(page).getByRole('combobox')).toHaveValue('theming')
    await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
    expect(new URL(page.url()).hash).toBe('')
  })

  test('on the declarative element, under the strict CSP with zero violations', async ({
    page,
  }) => {
    const violations = cspProblems(page)
    // The fixture's element keeps the default name, so ?assistant= asks there.
    await page.goto(
      `${cspSiteUrl}/e2e/custom-element.html?assistant=${encodeURIComponent(question)}`,
    )
    await expect(assistantDialog(page)).toBeVisible()
    await answerComplete(page)
    expect(new URL(page.url()).search).toBe('')
    expect(violations).toEqual([])
  })
})
