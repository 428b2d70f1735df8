import { expect, type Page, test } from '@playwright/test'
import { expectNoSeriousViolations } from './support/axe'
import {
  answerComplete,
  ask,
  assistantDialog,
  consoleMessages,
  cspSiteUrl,
  openAssistant,
  searchDialog,
  widgetReady,
} from './support/widget'

// What the built drop-in fetches (Chromium): a reader who asks a question loads the first file
// and the panel only; search, History, attachments and "Ask AI" on the page are chunks fetched
// when a reader reaches for them or the site turns them on
// (packages/widget/src/embed/panel-parts.ts), each adopting its stylesheet under a strict CSP.

const historyChunks = ['docchat-conversation-history-view.js', 'docchat-history-styles.js']
const attachmentChunks = ['docchat-attachments-part.js', 'docchat-attachments-styles.js']
const contextChunk = 'docchat-context-capture-part.js'
const searchChunks = ['docchat-search-view.js', 'docchat-search-styles.js']

/** Every drop-in script file the page requests, by file name, in order. */
function recordScripts(page: Page): string[] {
  const files: string[] = []
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname.match(/\/docchat\/(docchat[^/]*\.js)$/)?.[1]
    if (file) files.push(file)
  })
  return files
}

/** CSP violations reported on the page's console. */
function recordViolations(page: Page): string[] {
  return consoleMessages(page, (message) =>
    /Content.Security.Policy|Refused to/i.test(message.text()),
  )
}

const historyButton = (page: Page) =>
  assistantDialog(page).getByRole('button', { name: 'Recent conversations' })

test('asking needs the first file and the panel only; History fetches its chunks, styled under CSP', async ({
  page,
}) => {
  const violations = recordViolations(page)
  const scripts = recordScripts(page)
  // A host page with the plain script tag: no context selector, no attachments.
  await page.goto(`${cspSiteUrl}/e2e/plain-host.html`)
  await openAssistant(page)
  await ask(page, 'How do I install the widget?')
  const answer = await answerComplete(page)
  // The answer shows code: the highlighter came with it. Before it, the two files asking needs,
  // then the answers' renderer (with the parser it imports), fetched as the question was typed.
  await expect(answer.locator('pre code [class^="token-"]').first()).toBeVisible()
  expect(scripts).toEqual([
    'docchat.js',
    'docchat-panel.js',
    'docchat-answer-markdown.js',
    'docchat-markdown-parser.js',
    'docchat-highlight-code.js',
  ])

  // Pointing at History is the head start: its chunks come before the click.
  const fetched = Promise.all(
    historyChunks.map((file) => page.waitForResponse((r) => r.url().endsWith(`/${file}`))),
  )
  await historyButton(page).hover()
  await fetched
  await historyButton(page).click()
  const view = assistantDialog(page).getByRole('region', { name: 'Recent conversations' })
  await expect(view).toBeVisible()
  // Focus moves into the view (the current conversation), as when the view was in the panel.
  await expect(view.getByRole('button', { name: /^How do I install the widget\?/ })).toBeFocused()
  // Its stylesheet was adopted in the shadow root: the list is a flex column.
  await expect(view.getByRole('list')).toHaveCSS('display', 'flex')
  expect(scripts.filter((file) => historyChunks.includes(file)).sort()).toEqual(
    [...historyChunks].sort(),
  )
  // Attachments are off and there is no context selector: their chunks never came.
  expect(scripts.filter((file) => [...attachmentChunks, contextChunk].includes(file))).toEqual([])
  expect(violations).toEqual([])
})

test('with attachments on, their chunks load and the paperclip is styled', async ({ page }) => {
  const scripts = recordScripts(page)
  await page.goto('/quickstart')
  await widgetReady(page)
  await page.evaluate(async () => (await window.DocChat?.ready)?.update({ attachments: true }))
  await openAssistant(page)
  const attach = assistantDialog(page).getByRole('button', { name: 'Attach images or PDFs' })
  await expect(attach).toBeVisible()
  expect(scripts.filter((file) => attachmentChunks.includes(file)).sort()).toEqual(
    [...attachmentChunks].sort(),
  )
  // History was never reached for.
  expect(scripts.filter((file) => historyChunks.includes(file))).toEqual([])
  // attachments.css came with its chunk: the paperclip sits closer to the composer's edge.
  await expect(attach).toHaveCSS('margin-left', '-6px')
})

test('with a context selector (the docs site), "Ask AI" on the page loads with the panel', async ({
  page,
}) => {
  const scripts = recordScripts(page)
  await page.goto('/quickstart')
  await openAssistant(page)
  await expect.poll(() => scripts).toContain(contextChunk)
  expect(scripts.slice(0, 2)).toEqual(['docchat.js', 'docchat-panel.js'])
  expect(scripts.filter((file) => [...historyChunks, ...attachmentChunks].includes(file))).toEqual(
    [],
  )
  // Its buttons work: a code block's Ask AI attaches the code.
  await page.keyboard.press('Escape')
  const code = page.locator('[data-docchat-content] pre').first()
  await code.hover()
  await page
    .getByRole('button', { name: /^Ask AI about this/ })
    .first()
    .click()
  await expect(assistantDialog(page).getByRole('list', { name: 'Attached context' })).toBeVisible()
})

test('⌘K before the panel has loaded fetches search alongside it; keys typed meanwhile reach the search box, styled under CSP', async ({
  page,
}) => {
  const violations = recordViolations(page)
  const scripts = recordScripts(page)
  // The panel is held back until search's chunk has been asked for: they load side by side.
  let releasePanel!: () => void
  const panelHeld = new Promise<void>((resolve) => {
    releasePanel = resolve
  })
  await page.route('**/docchat/docchat-panel.js', async (route) => {
    await panelHeld
    await route.continue()
  })
  await page.goto(`${cspSiteUrl}/e2e/plain-host.html`)
  await widgetReady(page)
  const searchRequested = page.waitForRequest((r) => r.url().endsWith('/docchat-search-view.js'))
  await page.keyboard.press('ControlOrMeta+k')
  await searchRequested
  await page.keyboard.type('install')
  releasePanel()

  const dialog = searchDialog(page)
  await expect(dialog.getByRole('combobox')).toHaveValue('install')
  await expect(dialog.getByRole('combobox')).toBeFocused()
  await expect(dialog.getByRole('option').first()).toBeVisible()
  // The frame's rules are the panel's, the rest came with the chunk.
  await expect(dialog).toHaveCSS('position', 'fixed')
  await expect(dialog.locator('.docchat-search-bar')).toHaveCSS('display', 'flex')
  expect(scripts.filter((file) => searchChunks.includes(file)).sort()).toEqual(
    [...searchChunks].sort(),
  )
  expect(violations).toEqual([])
})

test('asking never fetches search; pointing at the search button is its head start', async ({
  page,
}) => {
  const scripts = recordScripts(page)
  await page.goto(`${cspSiteUrl}/e2e/plain-host.html`)
  await openAssistant(page)
  await ask(page, 'How do I install the widget?')
  await answerComplete(page)
  expect(scripts.filter((file) => searchChunks.includes(file))).toEqual([])

  const button = assistantDialog(page).getByRole('button', { name: 'Search' })
  const fetched = page.waitForResponse((r) => r.url().endsWith('/docchat-search-view.js'))
  await button.hover()
  await fetched
  await button.click()
  await expect(searchDialog(page).getByRole('combobox')).toBeFocused()
  await expect(assistantDialog(page)).toBeHidden()
})

test('offline when search is first wanted: plain words and Retry, in light and dark; Retry brings it', async ({
  page,
}, testInfo) => {
  await page.route('**/docchat/docchat-search-view.js', (route) =>
    route.abort('internetdisconnected'),
  )
  await page.goto(`${cspSiteUrl}/e2e/plain-host.html`)
  await openAssistant(page)
  await assistantDialog(page).getByRole('button', { name: 'Search' }).click()

  const dialog = searchDialog(page)
  await expect(dialog.getByRole('alert')).toHaveText(
    'Search isn’t available right now. Try again in a moment.',
  )
  const retry = dialog.getByRole('button', { name: 'Retry' })
  await expect(retry).toBeFocused()
  // The frame and the message are the panel's rules: styled although search's never came.
  await expect(dialog).toHaveCSS('position', 'fixed')
  await expect(dialog.locator('.docchat-search-unavailable')).toHaveCSS('display', 'flex')
  const box = await retry.boundingBox()
  expect(box!.width).toBeGreaterThanOrEqual(24)
  expect(box!.height).toBeGreaterThanOrEqual(24)
  await expectNoSeriousViolations(page, 'search unavailable (light)', { testInfo })
  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoSeriousViolations(page, 'search unavailable (dark)', { testInfo })

  await page.unroute('**/docchat/docchat-search-view.js')
  await retry.click()
  const input = dialog.getByRole('combobox')
  await expect(input).toBeFocused()
  await page.keyboard.type('install')
  await expect(dialog.getByRole('option').first()).toBeVisible()
})
