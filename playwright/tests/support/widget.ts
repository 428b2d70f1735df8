import {
  type APIRequestContext,
  type ConsoleMessage,
  expect,
  type Locator,
  type Page,
  type Request,
} from '@playwright/test'

/** Where the e2e dev server listens (set by playwright.config.ts). */
export const apiBaseUrl = process.env.DOCCHAT_E2E_API_BASE_URL ?? 'http://127.0.0.1:8790'
/** The same docs site served with a strict Content-Security-Policy. */
export const cspSiteUrl = process.env.DOCCHAT_E2E_CSP_SITE_URL ?? 'http://127.0.0.1:4391'

/** The texts of the console messages `keep` picks, collected from now on. */
export function consoleMessages(page: Page, keep: (message: ConsoleMessage) => boolean): string[] {
  const kept: string[] = []
  page.on('console', (message) => {
    if (keep(message)) kept.push(message.text())
  })
  return kept
}

/** What the page reports of Content-Security-Policy violations, and the errors it throws. */
export function cspProblems(
  page: Page,
  reported = /Content.Security.Policy|Refused to/i,
): string[] {
  const problems = consoleMessages(page, (message) => reported.test(message.text()))
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

export const assistantPath = '/discovery/v1/assistant/docchat/message'
export const searchPath = '/discovery/v1/search/docchat'

export const assistantDialog = (page: Page): Locator =>
  page.getByRole('dialog', { name: 'Assistant' })
export const searchDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Search' })
export const questionBox = (page: Page): Locator =>
  assistantDialog(page).getByRole('textbox', { name: 'Ask a question…' })
export const conversation = (page: Page): Locator =>
  assistantDialog(page).getByRole('log', { name: 'Assistant' })
/** The assistant's answers, oldest first. */
export const answers = (page: Page): Locator =>
  conversation(page).getByRole('article', { name: 'Assistant' })
/** The floating trigger the drop-in draws in its shadow root. */
export const widgetTrigger = (page: Page): Locator =>
  page.locator('docchat-widget').getByRole('button', { name: /^Ask AI/ })

/** Waits until the drop-in has initialised from its script tag (its shortcuts listen then). */
export async function widgetReady(page: Page): Promise<void> {
  await expect(page.locator('docchat-widget')).toBeAttached()
  await page.evaluate(() => window.DocChat?.ready)
}

export async function openAssistant(page: Page): Promise<void> {
  await widgetReady(page)
  // After a reload the assistant may already be open again (it remembers, per tab): ⌘I would close it.
  if (await assistantDialog(page).isVisible()) return
  await page.keyboard.press('ControlOrMeta+i')
  await expect(assistantDialog(page)).toBeVisible()
}

export async function openSearch(page: Page): Promise<void> {
  await widgetReady(page)
  await page.keyboard.press('ControlOrMeta+k')
  await expect(searchDialog(page)).toBeVisible()
}

/**
 * Closes search with Escape, pressing again while it stays open (with a query, the first Escape
 * may only clear it). search.spec.ts checks how many presses it takes.
 */
export async function closeSearch(page: Page): Promise<void> {
  for (let press = 0; press < 3 && (await searchDialog(page).isVisible()); press++) {
    await page.keyboard.press('Escape')
  }
  await expect(searchDialog(page)).toBeHidden()
}

export const isAssistantRequest = (request: Request): boolean =>
  request.method() === 'POST' && new URL(request.url()).pathname === assistantPath

/** Types a question in the open assistant, sends it and returns the request the browser made. */
export async function ask(page: Page, question: string): Promise<Request> {
  const sent = page.waitForRequest(isAssistantRequest)
  await questionBox(page).fill(question)
  await questionBox(page).press('Enter')
  return sent
}

/**
 * Waits until the last answer has finished streaming and is rendered: the drop-in's Markdown
 * renderer is a chunk of its own, and when it arrives after the answer the answer grows and its
 * actions move (a click in between lands where the Copy button was).
 */
export async function answerComplete(page: Page): Promise<Locator> {
  const last = answers(page).last()
  await expect(last).toHaveAttribute('data-state', 'complete', { timeout: 15_000 })
  await expect(conversation(page)).not.toHaveAttribute('aria-busy', 'true')
  await expect(last.locator('.docchat-markdown-pending')).toHaveCount(0)
  return last
}

/**
 * Adds the dev server's `x-docchat-fault` header to the widget's API calls. The request still
 * goes to the real dev server, which does the work and injects the fault itself.
 */
export async function injectFault(
  page: Page,
  spec: string,
  options: { path?: string; times?: number } = {},
): Promise<void> {
  const path = options.path ?? assistantPath
  let left = options.times ?? Number.POSITIVE_INFINITY
  await page.route(
    (url) => url.origin === new URL(apiBaseUrl).origin && url.pathname === path,
    async (route) => {
      // Only the POST itself counts (not a CORS preflight); after `times` faults, plain requests.
      if (route.request().method() !== 'POST' || left <= 0) return route.fallback()
      left--
      await route.continue({ headers: { ...route.request().headers(), 'x-docchat-fault': spec } })
    },
  )
}

/**
 * The start of most conversation tests: the quickstart page, the assistant opened, `question`
 * asked; with `fault`, the assistant's calls carry it (`injectFault`). Returns the request.
 */
export async function askOnQuickstart(
  page: Page,
  question: string,
  fault?: string,
  faultOptions?: Parameters<typeof injectFault>[2],
): Promise<Request> {
  if (fault) await injectFault(page, fault, faultOptions)
  await page.goto('/quickstart')
  await openAssistant(page)
  return ask(page, question)
}

export interface AssistantRequestBody {
  fp?: string
  threadId?: string | null
  threadKey?: string
  currentPath?: string
  context?: Array<{ type: string; value: string; elementId?: string; path?: string }>
  messages: Array<{ role: string; content: string }>
}

export const bodyOf = (request: Request): AssistantRequestBody =>
  request.postDataJSON() as AssistantRequestBody

/** The visible text of an element (textContent, never null). */
export async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent()) ?? ''
}

interface RecordedRequest {
  method: string
  path: string
  headers: Record<string, string>
  body: unknown
}

/**
 * The assistant request the dev server itself received for a question (its CLI runs with
 * `--record`, which lists received requests at GET /_dev/requests). Tests run in parallel against
 * one server, so the question text picks the request out.
 */
export async function receivedByDevServer(
  request: APIRequestContext,
  question: string,
): Promise<AssistantRequestBody> {
  let found: AssistantRequestBody | undefined
  await expect
    .poll(async () => {
      const response = await request.get(`${apiBaseUrl}/_dev/requests?path=${assistantPath}`)
      const recorded = (await response.json()) as RecordedRequest[]
      found = recorded
        .map((r) => r.body as AssistantRequestBody)
        .reverse()
        .find((body) => body?.messages?.at(-1)?.content === question)
      return found !== undefined
    })
    .toBe(true)
  return found!
}
