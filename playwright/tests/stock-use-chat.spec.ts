/**
 * A stock AI SDK v4 client, unchanged, against the dev server CLI: `useChat` from
 * `@ai-sdk/react` v1 posting to the bare `/v1/assistant/{domain}/message` path (the api-dsc host
 * form third-party code still calls). No DocChat code runs in the page: the answer, the sources
 * from the `search` tool invocation, the suggestions and a follow-up all come from the stock hook.
 */
import { fileURLToPath } from 'node:url'
import { expect, type Page, type Response, test } from '@playwright/test'
import { type AppSite, bundleApp, serveApps } from './support/bundled-app'

const apiBaseUrl = process.env.DOCCHAT_E2E_API_BASE_URL!
const assistantPath = '/v1/assistant/docchat/message'
const fixture = fileURLToPath(new URL('../fixtures/stock-use-chat/app.tsx', import.meta.url))

let site: AppSite

test.beforeAll(async () => {
  site = await serveApps(
    { app: await bundleApp(fixture) },
    { title: 'Stock useChat', pick: () => 'app' },
  )
})

test.afterAll(async () => {
  await site?.close()
})

const assistantMessages = (page: Page) =>
  page.getByRole('list', { name: 'Conversation' }).locator('> li[data-role="assistant"]')

async function ask(page: Page, question: string): Promise<Response> {
  const response = page.waitForResponse(
    (r) => r.url() === `${apiBaseUrl}${assistantPath}` && r.request().method() === 'POST',
  )
  await page.getByLabel('Question').fill(question)
  await page.getByRole('button', { name: 'Ask' }).click()
  const answered = await response
  await expect(page.getByTestId('status')).toHaveText('ready')
  return answered
}

test('stock useChat on bare /v1: answer, sources, suggestions and a follow-up', async ({
  page,
  request,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(site.url)

  const first = await ask(page, 'How do I install the widget?')
  expect(first.status()).toBe(200)
  expect(first.statusText()).toBe('OK')
  const firstThread = await first.headerValue('x-thread-id')
  expect(firstThread).toBeTruthy()

  const answer = assistantMessages(page).first()
  await expect(answer.locator('.text')).toContainText(/install/i)
  await expect(answer.locator('.text')).not.toContainText("couldn't find")
  const sources = answer.getByRole('list', { name: 'Sources' }).getByRole('link')
  await expect(sources.first()).toBeVisible()
  expect(await sources.count()).toBeGreaterThan(1)
  expect(await sources.first().getAttribute('href')).toMatch(/^\//)
  const suggestions = answer.getByRole('list', { name: 'Suggestions' }).getByRole('link')
  await expect(suggestions.first()).toBeVisible()
  expect(await suggestions.first().getAttribute('href')).toMatch(/^\/[\w/-]*$/)

  // The follow-up: the stock hook sends the whole conversation back, and never a threadId.
  const second = await ask(page, 'How do I change its colors?')
  expect(second.status()).toBe(200)
  const secondThread = await second.headerValue('x-thread-id')
  expect(secondThread).toBeTruthy()
  expect(secondThread).not.toBe(firstThread)
  await expect(assistantMessages(page)).toHaveCount(2)
  const followUp = assistantMessages(page).nth(1)
  await expect(followUp.locator('.text')).toContainText(/\w{3,}/)
  await expect(
    followUp.getByRole('list', { name: 'Sources' }).getByRole('link').first(),
  ).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)

  const recorded = await request.get(`${apiBaseUrl}/_dev/requests?path=${assistantPath}`)
  const bodies = ((await recorded.json()) as { body: Record<string, unknown> }[]).map((r) => r.body)
  const sent = [...bodies]
    .reverse()
    .find(
      (body) =>
        (body.messages as { content: string }[]).at(-1)?.content === 'How do I change its colors?',
    )!
  expect(sent.threadId).toBeUndefined()
  expect(sent).toMatchObject({ fp: 'anonymous', retrievalPageSize: 5 })
  const history = sent.messages as { role: string; parts: { type: string }[] }[]
  expect(history.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
  // The earlier answer comes back with its tool result: the server reads history from it.
  expect(history[1]!.parts.some((part) => part.type === 'tool-invocation')).toBe(true)
  expect(errors).toEqual([])
})
