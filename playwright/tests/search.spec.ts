import { expect, test } from '@playwright/test'
import {
  answerComplete,
  assistantDialog,
  bodyOf,
  injectFault,
  isAssistantRequest,
  openSearch,
  searchDialog,
  searchPath,
  textOf,
  widgetReady,
} from './support/widget'

test.describe('Search', () => {
  test('⌘/Ctrl+K opens search; typing shows grouped, highlighted results', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    const dialog = searchDialog(page)
    const input = dialog.getByRole('combobox', { name: 'Search the docs' })
    await expect(input).toBeFocused()

    const searched = page.waitForResponse(
      (r) => new URL(r.url()).pathname === searchPath && r.request().method() === 'POST',
    )
    await input.pressSequentially('fault injection')
    const response = await searched
    expect(response.status()).toBe(200)

    const listbox = dialog.getByRole('listbox')
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    // Results come grouped by page, each group named after its page.
    const group = listbox.getByRole('group', { name: 'Testing with the dev server' })
    await expect(group).toBeVisible()
    expect(await listbox.getByRole('group').count()).toBeGreaterThan(1)
    const option = group.getByRole('option').first()
    await expect(option).toContainText('Fault injection')
    // Matching words are highlighted.
    await expect(option.locator('mark').first()).toHaveText(/fault/i)
    // A one-click hand-off to the assistant is offered.
    await expect(
      listbox.getByRole('option', { name: /Ask AI about “fault injection”/ }),
    ).toBeVisible()
  })

  test('arrow keys move through results and Enter opens the page', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    const input = searchDialog(page).getByRole('combobox')
    await input.pressSequentially('fault injection')
    const firstPageResult = searchDialog(page)
      .getByRole('group', { name: 'Testing with the dev server' })
      .getByRole('option')
      .first()
    await expect(firstPageResult).toBeVisible()

    // Walk down until the first page result is the active descendant (the "Ask AI" hand-off may
    // come first), checking aria-activedescendant follows the selection.
    const target = await firstPageResult.getAttribute('id')
    for (let step = 0; step < 5; step++) {
      if ((await input.getAttribute('aria-activedescendant')) === target) break
      await input.press('ArrowDown')
    }
    await expect(input).toHaveAttribute('aria-activedescendant', target!)
    await expect(firstPageResult).toHaveAttribute('aria-selected', 'true')
    await input.press('ArrowUp')
    await expect(firstPageResult).toHaveAttribute('aria-selected', 'false')
    await input.press('ArrowDown')
    await expect(firstPageResult).toHaveAttribute('aria-selected', 'true')

    await input.press('Enter')
    await expect(page).toHaveURL(/\/dev-server\/testing(\.html)?#fault-injection$/)
    await expect(page.getByRole('heading', { name: 'Fault injection' })).toBeVisible()
  })

  test('Esc closes search and focus returns to where it was', async ({ page }) => {
    await page.goto('/quickstart')
    await widgetReady(page)

    // Opened from the header button: focus returns to the button.
    const headerButton = page.getByRole('button', { name: 'Search the docs' })
    await headerButton.click()
    await expect(searchDialog(page)).toBeVisible()
    await expect(searchDialog(page).getByRole('combobox')).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toBeHidden()
    await expect(headerButton).toBeFocused()

    // Opened with the shortcut from a focused link: focus returns to the link.
    const link = page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', {
      name: 'Theming',
    })
    await link.focus()
    await page.keyboard.press('ControlOrMeta+k')
    await expect(searchDialog(page)).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(searchDialog(page)).toBeHidden()
    await expect(link).toBeFocused()
  })

  test('with results showing, one Esc closes search', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    await searchDialog(page).getByRole('combobox').pressSequentially('theming')
    await expect(searchDialog(page).getByRole('option').nth(1)).toBeVisible()
    await page.keyboard.press('Escape')
    // A search modal closes on Escape, as DocSearch, Mintlify and kapa do; it must not take
    // one press to clear the query, another to close the list and a third to close the dialog.
    await expect(searchDialog(page)).toBeHidden()
  })

  test('shortcuts never fire while the reader types in a host page input', async ({ page }) => {
    await page.goto('/e2e/host-with-widget.html')
    await widgetReady(page)
    const input = page.getByRole('textbox', { name: 'Your name' })
    await input.click()
    await page.keyboard.press('ControlOrMeta+k')
    await page.keyboard.press('ControlOrMeta+i')
    await expect(input).toBeFocused()
    await expect(searchDialog(page)).toHaveCount(0)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    // Outside the input the same shortcut works.
    await input.blur()
    await page.keyboard.press('ControlOrMeta+k')
    await expect(searchDialog(page)).toBeVisible()
  })

  test('"Ask AI about <query>" hands the query to the assistant', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    await searchDialog(page).getByRole('combobox').pressSequentially('proxy the assistant key')
    const handOff = searchDialog(page).getByRole('option', {
      name: /Ask AI about “proxy the assistant key”/,
    })
    const asked = page.waitForRequest(isAssistantRequest)
    await handOff.click()
    const body = bodyOf(await asked)
    expect(body.messages.at(-1)?.content).toBe('proxy the assistant key')
    await expect(searchDialog(page)).toBeHidden()
    await expect(assistantDialog(page)).toBeVisible()
    await answerComplete(page)
  })

  test('recent searches are offered when search opens again', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    const input = searchDialog(page).getByRole('combobox')
    await input.pressSequentially('theming')
    const result = searchDialog(page).getByRole('option').nth(1)
    await expect(result).toBeVisible()
    await result.click()
    await page.waitForURL(/\/widget\/theming/)
    // The section the result opened, by its heading on the page.
    const anchor = new URL(page.url()).hash
    const heading = anchor ? await textOf(page.locator(anchor)) : 'Theming'
    await openSearch(page)
    const recent = searchDialog(page).getByRole('group', { name: 'Recent searches' })
    await expect(recent).toBeVisible()
    await expect(recent.getByRole('option').first()).toContainText(heading.trim())
  })

  test('a failing search says so, and the next query recovers', async ({ page }) => {
    await injectFault(page, 'status=503', { path: searchPath })
    await page.goto('/quickstart')
    await openSearch(page)
    const input = searchDialog(page).getByRole('combobox')
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === searchPath)
    await input.fill('theming')
    expect((await failed).status()).toBe(503)
    await expect(searchDialog(page).getByRole('alert')).toBeVisible()
    await expect(searchDialog(page).getByRole('group')).toHaveCount(0)
    // The outage ends; the next query gets results and the error goes.
    await page.unrouteAll({ behavior: 'wait' })
    await input.pressSequentially(' colors')
    await expect(searchDialog(page).getByRole('group').first()).toBeVisible()
    await expect(searchDialog(page).getByRole('alert')).toHaveCount(0)
  })

  test('a query with no match says so', async ({ page }) => {
    await page.goto('/quickstart')
    await openSearch(page)
    await searchDialog(page).getByRole('combobox').pressSequentially('zzqxvw')
    await expect(searchDialog(page).getByText('No results for “zzqxvw”')).toBeVisible()
  })
})
