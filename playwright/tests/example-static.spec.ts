/**
 * apps/example-static: the page as written (no build step), served by its own zero-dependency
 * server.mjs, whose proxy adds the key and forwards to the e2e dev server. The drop-in comes from
 * its versioned CDN URL with its SRI hash, answered from packages/drop-in.
 */
import { expect, test } from '@playwright/test'
import {
  appDir,
  askWidgetAndFollowUp,
  examplePort,
  type RunningApp,
  serveDropInFromCdn,
  startApp,
} from './support/example-app'
import { apiBaseUrl } from './support/widget'

test.describe.configure({ mode: 'serial' })

let app: RunningApp

test.beforeAll(async () => {
  const port = String(examplePort.static)
  app = await startApp('node', ['server.mjs'], {
    cwd: appDir('example-static'),
    url: `http://127.0.0.1:${port}/`,
    env: { PORT: port, DOCCHAT_API_URL: apiBaseUrl, DOCCHAT_ASSISTANT_KEY: 'mint_dsc_dev_local' },
  })
})

test.afterAll(async () => {
  await app?.close()
})

test('<docchat-widget> from the CDN: ask, answer with sources, follow-up in the thread', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const served = await serveDropInFromCdn(page)
  await page.goto(app.url)
  await askWidgetAndFollowUp(page, { root: page.locator('docchat-widget') })
  // The loader, then the panel next to it on the CDN.
  expect(served.slice(0, 2)).toEqual(['docchat.js', 'docchat-panel.js'])
  expect(errors).toEqual([])
})

test('a drop-in whose bytes differ from the SRI hash never runs', async ({ page }) => {
  const blocked: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') blocked.push(message.text())
  })
  await page.route('https://cdn.jsdelivr.net/npm/**', (route) =>
    route.fulfill({
      status: 200,
      headers: {
        'content-type': 'application/javascript',
        'access-control-allow-origin': '*',
      },
      body: 'window.tampered = true',
    }),
  )
  await page.goto(app.url)
  await expect.poll(() => blocked.join('\n')).toMatch(/integrity/i)
  expect(await page.evaluate(() => 'tampered' in window)).toBe(false)
  await expect(page.getByRole('button', { name: /^Ask AI/ })).toHaveCount(0)
})

test("a panel chunk whose bytes differ from the import map's hash never runs", async ({ page }) => {
  const logged: string[] = []
  page.on('console', (message) => logged.push(message.text()))
  const served = await serveDropInFromCdn(page)
  // Registered after: it answers first, for the panel only.
  await page.route('https://cdn.jsdelivr.net/npm/@docchat/drop-in@*/docchat-panel.js', (route) =>
    route.fulfill({
      status: 200,
      headers: {
        'content-type': 'application/javascript',
        'access-control-allow-origin': '*',
      },
      body: 'window.tampered = true; export {}',
    }),
  )
  await page.goto(app.url)
  await page
    .getByRole('button', { name: /^Ask AI/ })
    .first()
    .click()
  await expect.poll(() => logged.join('\n')).toMatch(/integrity/i)
  expect(await page.evaluate(() => 'tampered' in window)).toBe(false)
  expect(served).toContain('docchat.js')
  await expect(page.getByRole('textbox', { name: 'Ask a question…' })).toHaveCount(0)
})
