import { expect, type Locator, type Page, test } from '@playwright/test'
import { hostileUrls, unsafeHrefReason } from '../../packages/core/src/test/hostile-urls'
import {
  answerComplete,
  answers,
  apiBaseUrl,
  ask,
  assistantDialog,
  assistantPath,
  isAssistantRequest,
  openAssistant,
  openSearch,
  searchDialog,
  searchPath,
  widgetReady,
} from './support/widget'

// Every hostile URL form of the shared table reaches the built drop-in as API data: as source
// parts, as markdown links and a suggestions block in the answer (model output), and as search
// result paths. The real dev server answers; `page.route` swaps in the hostile parts, the way a
// compromised API or a prompt injection through docs content would.

const oneLine = hostileUrls.filter((url) => !/[\n\r\u2028]/.test(url))
const SAFE_PATH = '/quickstart'
// Distinct safe targets: an answer that cites a listed source may list only the cited ones, and
// suggestions skip pages already listed.
const SAFE_LINK = '/guides/safe-link'
const SAFE_SUGGESTION = '/guides/safe-suggestion'
const SAFE_SOURCE = '/guides/safe-source'
const RECENT_KEY = 'docchat:recent-searches'

/** Markdown link destinations in angle brackets escape their own `\`, `<` and `>`. */
const destination = (url: string) => `<${url.replace(/[\\<>]/g, '\\$&')}>`

function hostileAnswerText(): string {
  return [
    `\n\nHostile links follow; [a safe one](${SAFE_LINK}) comes first.`,
    ...oneLine.map((url, i) => `- [Link ${i}](${destination(url)})`),
    '',
    '```suggestions',
    `(Safe suggestion)[${SAFE_SUGGESTION}]`,
    ...oneLine.filter((url) => url.trim()).map((url, i) => `(Suggestion ${i})[${url}]`),
    '```',
  ].join('\n')
}

/**
 * The dev server's own v4 stream (thread, tool calls, steps, finish) with its text replaced by the
 * hostile answer, and hostile source parts spliced in.
 */
function withHostileParts(stream: string): string {
  const lines = stream
    .trimEnd()
    .split('\n')
    .filter((line) => !line.startsWith('0:'))
  const sources = [
    ...hostileUrls.map((url, i) => ({ sourceType: 'url', id: `h${i}`, url, title: `Source ${i}` })),
    { sourceType: 'url', id: 'safe', url: SAFE_SOURCE, title: 'Safe source' },
  ].map((source) => `h:${JSON.stringify(source)}`)
  const start = lines.findIndex((line) => line.startsWith('f:'))
  lines.splice(start + 1, 0, ...sources)
  // The text goes into the last step.
  const lastStepEnd = lines.map((line) => line.startsWith('e:')).lastIndexOf(true)
  lines.splice(lastStepEnd, 0, `0:${JSON.stringify(hostileAnswerText())}`)
  return `${lines.join('\n')}\n`
}

interface Watch {
  navigations: string[]
  popups: number
  dialogs: number
}

/** Records what would show that a link ran or navigated: main-frame navigations, popups, dialogs. */
function watch(page: Page): Watch {
  const seen: Watch = { navigations: [], popups: 0, dialogs: 0 }
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) seen.navigations.push(frame.url())
  })
  page.on('popup', () => seen.popups++)
  page.on('dialog', (dialog) => {
    seen.dialogs++
    void dialog.dismiss()
  })
  return seen
}

async function expectNothingRan(page: Page, seen: Watch, url: string) {
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBe(
    undefined,
  )
  expect(seen.navigations).toEqual([])
  expect(seen.popups).toBe(0)
  expect(seen.dialogs).toBe(0)
  expect(page.url()).toBe(url)
}

/** Every `href`/`src`/`action` in the widget, as the browser holds them. */
async function expectOnlySafeLinks(scope: Locator) {
  const values = await scope
    .locator('[href], [src], [action], [formaction]')
    .evaluateAll((elements) =>
      elements.flatMap((element) =>
        ['href', 'src', 'action', 'formaction']
          .map((name) => element.getAttribute(name))
          .filter((value): value is string => value !== null),
      ),
    )
  for (const value of values) expect(unsafeHrefReason(value), value).toBeNull()
}

/** Clicks, then focuses and presses Enter on, every inert link (the hostile ones). */
async function activateEach(items: Locator) {
  const count = await items.count()
  for (let index = 0; index < count; index++) {
    const item = items.nth(index)
    // `force` skips the wait for two stable animation frames; the click is still a real one at
    // the item's position, after scrolling it into view.
    await item.click({ force: true, noWaitAfter: true })
    await item.press('Enter', { noWaitAfter: true })
  }
  return count
}

async function routeHostileAnswer(page: Page) {
  await page.route(
    (url) => url.origin === new URL(apiBaseUrl).origin && url.pathname === assistantPath,
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback()
      // The real dev server answers (thread headers included); its body gets the hostile parts.
      const response = await route.fetch()
      await route.fulfill({ response, body: withHostileParts(await response.text()) })
    },
  )
}

async function checkAnswer(page: Page, seen: Watch, url: string) {
  const answer = answers(page).last()
  // The safe links of the answer are links, resolved as usual: the checks below can fail.
  await expect(answer.getByRole('link', { name: 'a safe one' })).toHaveAttribute('href', SAFE_LINK)
  await expect(answer.getByRole('link', { name: 'Safe suggestion' })).toHaveAttribute(
    'href',
    SAFE_SUGGESTION,
  )
  await expect(answer.getByRole('link', { name: 'Safe source' })).toHaveAttribute(
    'href',
    SAFE_SOURCE,
  )
  // Every hostile one is plain text: each source and suggestion, and every markdown link.
  await expect(answer.locator('.docchat-source[data-inert-link]')).toHaveCount(hostileUrls.length)
  await expect(answer.locator('.docchat-suggestion[data-inert-link]')).toHaveCount(
    oneLine.filter((u) => u.trim()).length,
  )
  await expect(answer.getByText('Link 0', { exact: true })).toBeVisible()
  await expectOnlySafeLinks(page.locator('docchat-widget'))

  const activated = await activateEach(answer.locator('[data-inert-link]'))
  expect(activated).toBeGreaterThanOrEqual(hostileUrls.length + 200)
  await expectNothingRan(page, seen, url)
}

// Well over a thousand real clicks and key presses: a trace of them all would take longer to
// record than the test itself (about 1 min without, 2.5 min with).
test.use({ trace: 'off' })

test.describe('Hostile URLs from API data', () => {
  test.setTimeout(240_000)

  test('sources, citations and suggestions render inert, click and Enter run nothing, also after a reload', async ({
    page,
  }) => {
    await routeHostileAnswer(page)
    await page.goto(SAFE_PATH)
    const url = page.url()
    const seen = watch(page)
    await openAssistant(page)
    await ask(page, 'How do I install the widget?')
    await answerComplete(page)
    let questions = 0
    page.on('request', (request) => {
      if (isAssistantRequest(request)) questions++
    })
    await checkAnswer(page, seen, url)
    // Enter on text sent no question (focus stays where it was, in an empty question box).
    expect(questions).toBe(0)

    // The stored conversation comes back with the same links: still inert.
    await page.reload()
    seen.navigations.length = 0
    await openAssistant(page)
    await expect(answers(page)).toHaveCount(1)
    await checkAnswer(page, seen, url)
    expect(questions).toBe(0)
    await expect(assistantDialog(page)).toBeVisible()
  })

  test('search results with hostile paths are followed neither on click nor on Enter, and never become recent searches', async ({
    page,
  }) => {
    await page.route(
      (url) => url.origin === new URL(apiBaseUrl).origin && url.pathname === searchPath,
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback()
        const response = await route.fetch()
        const [real] = (await response.json()) as Array<{ metadata: Record<string, unknown> }>
        const results = hostileUrls.map((path, i) => ({
          ...real,
          path,
          metadata: {
            ...real?.metadata,
            title: `Result ${i}`,
            section: `Result ${i}`,
            anchor: undefined,
          },
        }))
        await route.fulfill({ response, json: results })
      },
    )
    await page.goto(SAFE_PATH)
    const url = page.url()
    const seen = watch(page)
    await openSearch(page)
    const dialog = searchDialog(page)
    const input = dialog.getByRole('combobox', { name: 'Search the docs' })
    await input.pressSequentially('widget')
    const results = dialog.getByRole('option', { name: /^Result \d+/ })
    await expect(results).toHaveCount(hostileUrls.length)

    // Click each result (search stays open: nothing was followed)…
    for (let index = 0; index < hostileUrls.length; index++) {
      await results.nth(index).click({ noWaitAfter: true })
      await expect(dialog).toBeVisible()
    }
    // …and reach each with the arrow keys and press Enter on it.
    await input.focus()
    const ids = await results.evaluateAll((options) => options.map((option) => option.id))
    for (const id of ids) {
      for (
        let step = 0;
        step < 3 && (await input.getAttribute('aria-activedescendant')) !== id;
        step++
      )
        await input.press('ArrowDown')
      await expect(input).toHaveAttribute('aria-activedescendant', id)
      await input.press('Enter')
    }
    await expectOnlySafeLinks(page.locator('docchat-widget'))
    await expectNothingRan(page, seen, url)
    const stored = await page.evaluate((key) => localStorage.getItem(key), RECENT_KEY)
    expect(JSON.parse(stored ?? '[]')).toEqual([])

    // Recent searches saved with hostile links (by an older version, or planted) are dropped
    // after a reload; a safe one next to them stays, and is followed as before.
    await page.evaluate(
      ({ key, urls, safe }) =>
        localStorage.setItem(
          key,
          JSON.stringify([
            ...urls.map((href, i) => ({ id: `h${i}`, label: `Planted ${i}`, href })),
            { id: 'safe', label: 'Planted safe', href: safe },
          ]),
        ),
      { key: RECENT_KEY, urls: [...hostileUrls], safe: SAFE_PATH },
    )
    await page.reload()
    seen.navigations.length = 0
    await openSearch(page)
    const recent = searchDialog(page)
      .getByRole('group', { name: 'Recent searches' })
      .getByRole('option')
    await expect(recent).toHaveCount(1)
    await expect(recent).toHaveText('Planted safe')
    await expectNothingRan(page, seen, url)
    await recent.click()
    await expect(page).toHaveURL(new RegExp(`${SAFE_PATH}$`))
  })

  test('the drop-in resolves docs links under docsBaseUrl, keeping its base path', async ({
    page,
  }) => {
    await routeHostileAnswer(page)
    await page.goto(SAFE_PATH)
    await widgetReady(page)
    const origin = new URL(page.url()).origin
    await page.evaluate(
      (docsBaseUrl) => window.DocChat?.ready.then((chat) => chat?.update({ docsBaseUrl })),
      `${origin}/docs`,
    )
    await openAssistant(page)
    await ask(page, 'How do I install the widget?')
    const answer = await answerComplete(page)
    // Answer links, suggestions and the sources list agree.
    for (const [name, path] of [
      ['a safe one', SAFE_LINK],
      ['Safe suggestion', SAFE_SUGGESTION],
      ['Safe source', SAFE_SOURCE],
    ] as const) {
      await expect(answer.getByRole('link', { name })).toHaveAttribute(
        'href',
        `${origin}/docs${path}`,
      )
    }
    await expectOnlySafeLinks(page.locator('docchat-widget'))
  })
})
