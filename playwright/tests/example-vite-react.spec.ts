/**
 * apps/example-vite-react as built by `pnpm -r build` (vite build), served by `vite preview`,
 * whose proxy adds the key and forwards to the e2e dev server: the widget page, and the custom UI
 * on `useAssistantChat` that renders answers with `<Markdown>`.
 */
import { expect, test } from '@playwright/test'
import {
  appDir,
  askWidgetAndFollowUp,
  exampleDocsBaseUrl,
  examplePort,
  type RunningApp,
  startApp,
} from './support/example-app'
import { apiBaseUrl } from './support/widget'

test.describe.configure({ mode: 'serial' })

let app: RunningApp

test.beforeAll(async () => {
  const port = String(examplePort.viteReact)
  app = await startApp(
    'pnpm',
    ['exec', 'vite', 'preview', '--port', port, '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: appDir('example-vite-react'),
      url: `http://127.0.0.1:${port}/`,
      env: { DOCCHAT_API_URL: apiBaseUrl },
    },
  )
})

test.afterAll(async () => {
  await app?.close()
})

test('the widget: ask, streamed answer with sources and inline citations under the provider’s docsBaseUrl, follow-up in the thread', async ({
  page,
}) => {
  // Issue 22: <DocChatWidget> inside <DocChatProvider docsBaseUrl> rendered the inline citations
  // `[1](/page)` relative (its scope took docsBaseUrl only from its own props): href "/quickstart#…".
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(app.url)
  await askWidgetAndFollowUp(page)
  expect(errors).toEqual([])
})

test('the custom UI renders Markdown, not raw text, with sources and pages to read next', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${app.url}custom.html`)
  const question = page.getByRole('textbox', { name: 'Question' })
  const answers = page.getByRole('article', { name: 'Answer' })

  const sent = page.waitForResponse((response) =>
    response.url().endsWith('/assistant/docchat/message'),
  )
  await question.fill('How do I install DocChat?')
  await page.getByRole('button', { name: 'Ask' }).click()
  const first = await sent
  const threadId = await first.headerValue('x-thread-id')
  expect(threadId).toBeTruthy()
  const answer = answers.first()
  await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
  await expect(answer).toContainText(/install/i)
  // Markdown rendered: citations are links under docsBaseUrl, code is a code block, and no
  // Markdown syntax or the ```suggestions block is shown as text.
  await expect(answer.getByRole('link', { name: /^\d+$/ }).first()).toHaveAttribute(
    'href',
    new RegExp(`^${exampleDocsBaseUrl}/`),
  )
  await expect(answer.locator('pre code').first()).toBeVisible()
  // The prose (code blocks aside, whose code may show anything) has no Markdown syntax left.
  const prose = await answer.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement
    for (const code of copy.querySelectorAll('pre')) code.remove()
    return copy.textContent ?? ''
  })
  expect(prose.length).toBeGreaterThan(20)
  expect(prose).not.toMatch(/\]\(\/|\*\*|```|\)\[\//)
  const sources = answer.getByRole('navigation', { name: 'Sources' }).getByRole('link')
  await expect(sources.first()).toHaveAttribute('href', new RegExp(`^${exampleDocsBaseUrl}/`))
  const next = answer.getByRole('navigation', { name: 'Read next' }).getByRole('link')
  await expect(next.first()).toHaveAttribute('href', new RegExp(`^${exampleDocsBaseUrl}/`))

  const followUp = page.waitForRequest((request) =>
    request.url().endsWith('/assistant/docchat/message'),
  )
  await question.fill('How do I change its colors?')
  await page.getByRole('button', { name: 'Ask' }).click()
  expect(((await followUp).postDataJSON() as { threadId?: string }).threadId).toBe(threadId)
  await expect(answers).toHaveCount(2)
  await expect(page.getByRole('button', { name: 'Ask' })).toBeVisible()
  await expect(page.getByRole('alert')).toHaveCount(0)
  expect(errors).toEqual([])
})
