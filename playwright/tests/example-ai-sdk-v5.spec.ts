/**
 * apps/example-ai-sdk-v5 as built by `pnpm -r build` (vite build), served by `vite preview`,
 * whose proxy adds the key and forwards to the e2e dev server: AI SDK 5's `useChat` over core's
 * transport, with the sources from the search tool and the suggested pages, no raw block.
 * (ai-sdk-v5-transport.spec.ts drives the same component on both endpoints, both bindings and
 * faults.)
 */
import { expect, test } from '@playwright/test'
import {
  appDir,
  exampleDocsBaseUrl,
  examplePort,
  type RunningApp,
  startApp,
} from './support/example-app'
import { apiBaseUrl } from './support/widget'

test.describe.configure({ mode: 'serial' })

let app: RunningApp

test.beforeAll(async () => {
  const port = String(examplePort.aiSdkV5)
  app = await startApp(
    'pnpm',
    ['exec', 'vite', 'preview', '--port', port, '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: appDir('example-ai-sdk-v5'),
      url: `http://127.0.0.1:${port}/`,
      env: { DOCCHAT_API_URL: apiBaseUrl },
    },
  )
})

test.afterAll(async () => {
  await app?.close()
})

test('useChat with the transport: answer, sources, pages to read next, follow-up in the thread', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(app.url)
  const answers = page
    .getByRole('list', { name: 'Conversation' })
    .locator('> li[data-role="assistant"]')
  const ask = async (question: string) => {
    const response = page.waitForResponse((r) => r.url().endsWith('/v1/assistant/docchat/message'))
    await page.getByLabel('Question').fill(question)
    await page.getByRole('button', { name: 'Ask' }).click()
    return response
  }

  const first = await ask('How do I install DocChat?')
  const threadId = await first.headerValue('x-thread-id')
  expect(threadId).toBeTruthy()
  await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
  const answer = answers.first()
  await expect(answer).toContainText(/install/i)
  await expect(answer).not.toContainText(/```\s*suggestions/)
  for (const list of ['Sources', 'Read next']) {
    const links = answer.getByRole('list', { name: list }).getByRole('link')
    await expect(links.first()).toHaveAttribute('href', new RegExp(`^${exampleDocsBaseUrl}/`))
  }

  const followUp = page.waitForRequest((r) => r.url().endsWith('/v1/assistant/docchat/message'))
  await ask('How do I change its colors?')
  expect(((await followUp).postDataJSON() as { threadId?: string }).threadId).toBe(threadId)
  await expect(answers).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
  await expect(answers.nth(1)).toContainText(/\w{3,}/)
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(errors).toEqual([])
})
