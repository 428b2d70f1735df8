/**
 * AI SDK v5+ apps on DocChat: the documented example (the real `useChat` of `@ai-sdk/react` 2.x
 * and 3.x over core's `createDocsChatTransport`) bundled with esbuild and run in Chromium against
 * the dev server CLI, on both endpoints: v1 (data stream, converted) and v2 (UI message stream over
 * SSE, passed through). Answer, sources, thread continuity, stop, and a failing and a broken stream.
 */
import { fileURLToPath } from 'node:url'
import { expect, type Page, type Response, test } from '@playwright/test'
import { type AppSite, bundleApp, serveApps } from './support/bundled-app'

const apiBaseUrl = process.env.DOCCHAT_E2E_API_BASE_URL!
const fixture = fileURLToPath(new URL('../fixtures/ai-sdk-v5-transport/app.tsx', import.meta.url))

const bindings = {
  '@ai-sdk/react 2.x': '@ai-sdk/react-v2',
  '@ai-sdk/react 3.x': '@ai-sdk/react-v3',
} as const
type Binding = keyof typeof bindings

let site: AppSite

test.beforeAll(async () => {
  // The example imports `@ai-sdk/react` (2.x); the 3.x bundle swaps in the other binding.
  const [v2, v3] = await Promise.all([
    bundleApp(fixture),
    bundleApp(fixture, { '@ai-sdk/react': '@ai-sdk/react-v3' }),
  ])
  site = await serveApps(
    { v2: v2!, v3: v3! },
    {
      title: 'AI SDK v5+ useChat',
      pick: (url) => (url.searchParams.get('binding') === 'v3' ? 'v3' : 'v2'),
    },
  )
})

test.afterAll(async () => {
  await site?.close()
})

const open = async (page: Page, binding: Binding, protocol: 'v1' | 'v2', fault?: string) => {
  const query = new URLSearchParams({ binding: bindings[binding].slice(-2), protocol })
  if (fault) query.set('fault', fault)
  await page.goto(`${site.url}?${query}`)
}

const assistantMessages = (page: Page) =>
  page.getByRole('list', { name: 'Conversation' }).locator('> li[data-role="assistant"]')

/** The client's base URL decides the path prefix; what matters is the endpoint's version. */
const isEndpoint = (protocol: 'v1' | 'v2') => (response: Response) =>
  response.url().startsWith(apiBaseUrl) &&
  response.url().endsWith(`/${protocol}/assistant/docchat/message`) &&
  response.request().method() === 'POST'

async function ask(page: Page, question: string) {
  await page.getByLabel('Question').fill(question)
  await page.getByRole('button', { name: 'Ask' }).click()
}

for (const binding of Object.keys(bindings) as Binding[]) {
  for (const protocol of ['v1', 'v2'] as const) {
    test(`${binding}, protocol ${protocol}: answer, sources and a follow-up in the same thread`, async ({
      page,
      request,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await open(page, binding, protocol)

      const firstResponse = page.waitForResponse(isEndpoint(protocol))
      await ask(page, 'How do I install the widget?')
      const first = await firstResponse
      expect(first.status()).toBe(200)
      if (protocol === 'v2')
        expect(await first.headerValue('content-type')).toMatch(/text\/event-stream/)
      const threadId = await first.headerValue('x-thread-id')
      expect(threadId).toBeTruthy()
      await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()

      const answer = assistantMessages(page).first()
      await expect(answer).toContainText(/install/i)
      const sources = answer.getByRole('list', { name: 'Sources' }).getByRole('link')
      await expect(sources.first()).toBeVisible()
      expect(await sources.first().getAttribute('href')).toMatch(/^(\/|https?:)/)

      const secondResponse = page.waitForResponse(isEndpoint(protocol))
      await ask(page, 'How do I change its colors?')
      const second = await secondResponse
      expect(await second.headerValue('x-thread-id')).toBe(threadId)
      await expect(assistantMessages(page)).toHaveCount(2)
      await expect(assistantMessages(page).nth(1)).toContainText(/\w{3,}/)
      await expect(page.getByRole('alert')).toHaveCount(0)

      const path = new URL(first.url()).pathname
      const recorded = await request.get(`${apiBaseUrl}/_dev/requests?path=${path}`)
      const bodies = ((await recorded.json()) as { body: Record<string, unknown> }[]).map(
        (r) => r.body,
      )
      const followUp = bodies.filter((body) => body.threadId === threadId)
      expect(followUp.length).toBeGreaterThan(0)
      expect(followUp.at(-1)).toMatchObject({ threadId, threadKey: expect.any(String) })
      expect(errors).toEqual([])
    })
  }

  test(`${binding}, protocol v2: Stop ends a slow answer where it is, with no error`, async ({
    page,
  }) => {
    await open(page, binding, 'v2', 'token-rate=4')
    await ask(page, 'How do I install the widget?')
    const answer = assistantMessages(page).first()
    await expect(answer).toContainText(/\w+/)
    await page.getByRole('button', { name: 'Stop' }).click()
    await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
    const stopped = await answer.textContent()
    await page.waitForTimeout(1_000)
    expect(await answer.textContent()).toBe(stopped)
    await expect(page.getByRole('alert')).toHaveCount(0)
  })

  for (const fault of ['status=503', 'error-part', 'malformed-line']) {
    test(`${binding}, protocol v2: ${fault} ends in an error the app can show`, async ({
      page,
    }) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await open(page, binding, 'v2', fault)
      await ask(page, 'How do I install the widget?')
      await expect(page.getByRole('alert')).toBeVisible()
      await expect(page.getByRole('alert')).not.toBeEmpty()
      await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
      expect(errors).toEqual([])
    })
  }
}
