/**
 * apps/example-vitepress as built by `pnpm -r build` (vitepress build), served by `vitepress
 * preview`: the drop-in from its CDN URL in the site's head (answered from packages/drop-in), the
 * local dev server's URL in the page sent on to the e2e dev server, and Ask AI on code blocks.
 */
import { expect, type Page, test } from '@playwright/test'
import {
  appDir,
  askWidgetAndFollowUp,
  exampleDocsBaseUrl,
  examplePort,
  type RunningApp,
  serveDropInFromCdn,
  startApp,
  routeToE2eApi,
} from './support/example-app'

test.describe.configure({ mode: 'serial' })

let app: RunningApp

test.beforeAll(async () => {
  const port = String(examplePort.vitepress)
  app = await startApp('pnpm', ['exec', 'vitepress', 'preview', 'docs', '--port', port], {
    cwd: appDir('example-vitepress'),
    url: `http://localhost:${port}/`,
  })
})

test.afterAll(async () => {
  await app?.close()
})

async function openGuide(page: Page) {
  await serveDropInFromCdn(page)
  await routeToE2eApi(page)
  await page.goto(`${app.url}guide`)
  await expect(page.locator('docchat-widget')).toBeAttached()
  await page.evaluate(() => window.DocChat?.ready)
}

test('the drop-in in the head: ask, answer with sources, follow-up in the thread', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await openGuide(page)
  await askWidgetAndFollowUp(page, { root: page.locator('docchat-widget') })
  expect(errors).toEqual([])
})

test("a code block's Ask AI button attaches the code to the question", async ({ page }) => {
  await openGuide(page)
  const block = page.locator('.vp-doc div[class*="language-"]').first()
  await block.hover()
  const askAboutCode = page.getByRole('button', { name: /^Ask AI about this (bash )?code/ }).first()
  await expect(askAboutCode).toBeVisible()
  await askAboutCode.click()
  const dialog = page.getByRole('dialog', { name: 'Assistant' })
  await expect(dialog).toBeVisible()
  const chip = dialog.getByRole('list', { name: 'Attached context' }).getByRole('listitem')
  await expect(chip).toHaveCount(1)
  await expect(chip).toContainText('Code')

  const input = dialog.getByRole('textbox', { name: 'Ask a question…' })
  const sent = page.waitForRequest((r) => r.url().endsWith('/v1/assistant/docchat/message'))
  await input.fill('What does this command do?')
  await input.press('Enter')
  const body = (await sent).postDataJSON() as { context?: { type: string; value: string }[] }
  expect(body.context).toEqual([
    expect.objectContaining({ type: 'code', value: 'npm install acme' }),
  ])
  const answer = dialog.getByRole('article', { name: 'Assistant' }).first()
  await expect(answer).toHaveAttribute('data-state', 'complete', { timeout: 15_000 })
  await expect(
    answer.getByRole('list', { name: 'Sources' }).getByRole('link').first(),
  ).toHaveAttribute('href', new RegExp(`^${exampleDocsBaseUrl}/`))
})

test("the code blocks' Ask AI buttons have default styles the site can override", async ({
  page,
}) => {
  // Issue 22: these buttons (class `docchat-code-ask-ai`, in the page's DOM, outside the shadow
  // root) had no styles: on VitePress each rendered as bare "Ask AI" text in the flow of the
  // block, above the code (position static, transparent, no border: VitePress's button reset).
  await openGuide(page)
  await page.locator('.vp-doc div[class*="language-"]').first().hover()
  const button = page.getByRole('button', { name: /^Ask AI about this (bash )?code/ }).first()
  await expect(button).toBeVisible()
  const style = await button.evaluate((element) => {
    const computed = getComputedStyle(element)
    return {
      position: computed.position,
      background: computed.backgroundColor,
      border: computed.borderTopStyle,
    }
  })
  // Over the block, not pushing the code down; and drawn as a button.
  expect(style.position).not.toBe('static')
  expect(style.background !== 'rgba(0, 0, 0, 0)' || style.border !== 'none').toBe(true)
})
