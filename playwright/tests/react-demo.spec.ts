import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { expect, type Response, test } from '@playwright/test'
import { apiBaseUrl } from './support/widget'

// The React demo pages (react.html, status.html) are a Vite build of apps/docs/react-demo that
// the e2e site leaves out. This spec builds the whole site with it, serves it under the strict
// CSP, and loads the pages as a reader would: every chunk they ask for must be there.
const here = dirname(fileURLToPath(import.meta.url))
const outDir = join(here, '../dist/react-demo-site')
// Plain ES modules of the docs app (no type declarations): imported by URL at run time.
const siteModule = (name: string) =>
  pathToFileURL(join(here, `../../apps/docs/site/${name}.mjs`)).href

interface RunningSite {
  url: string
  server: { cspReports: unknown[] }
  close(): Promise<void>
}

test.describe.configure({ mode: 'serial' })

let site: RunningSite

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const { buildSite } = await import(siteModule('build'))
  const { startSiteServer } = await import(siteModule('serve'))
  const built = await buildSite({ outDir, apiBaseUrl, react: true })
  expect(built.react).toBe('built')
  site = await startSiteServer({ root: outDir, port: 0, apiBaseUrl, strictCsp: true })
})

test.afterAll(async () => {
  await site?.close()
})

/** Every response from the site's own origin, as the page loads and is used. */
function sameOrigin(page: import('@playwright/test').Page) {
  const responses: Response[] = []
  const failed: string[] = []
  page.on('response', (response) => {
    if (response.url().startsWith(site.url)) responses.push(response)
  })
  page.on('requestfailed', (request) => {
    if (request.url().startsWith(site.url)) failed.push(request.url())
  })
  return { responses, failed }
}

test('React demo: every chunk it requests answers 200, and selection and code-block Ask AI appear', async ({
  page,
}) => {
  const { responses, failed } = sameOrigin(page)
  await page.goto(`${site.url}/react.html`)
  const demo = page.locator('#demo-root')
  await expect(demo.getByRole('heading', { name: 'Try the components' })).toBeVisible()

  // The code block's Ask AI: rendered by the lazily loaded context-capture part.
  const codeAskAi = demo.getByRole('button', { name: 'Ask AI about this tsx code' })
  await expect(codeAskAi).toBeVisible()
  // Selecting text shows the selection's Ask AI (the same lazy part).
  await demo
    .getByRole('paragraph')
    .filter({ hasText: 'Select any text here' })
    .click({ clickCount: 3 })
  await expect(page.getByRole('button', { name: 'Ask AI', exact: true })).toBeVisible()
  // Search and the assistant load their own chunks.
  await demo.getByRole('button', { name: 'Open search (⌘K)' }).click()
  await expect(page.getByRole('dialog', { name: 'Search' })).toBeVisible()
  await page.keyboard.press('Escape')
  await codeAskAi.click()
  await expect(page.getByRole('dialog', { name: 'Assistant' })).toBeVisible()
  await page.waitForLoadState('networkidle')

  const chunks = responses.filter((r) => new URL(r.url()).pathname.endsWith('.js'))
  // The entry and the lazily imported parts (context capture, at least) were fetched…
  expect(chunks.length).toBeGreaterThanOrEqual(3)
  expect(chunks.map((r) => r.url())).toContainEqual(
    expect.stringMatching(/\/react-demo\/assets\/context-capture-part-[\w-]+\.js$/),
  )
  // …from the demo's own folder, and every one was there.
  const bad = responses
    .filter((r) => r.status() !== 200 && r.status() !== 304)
    .map((r) => `${r.status()} ${r.url()}`)
  expect(bad).toEqual([])
  expect(failed).toEqual([])
  for (const chunk of chunks) {
    const { pathname } = new URL(chunk.url())
    if (pathname.startsWith('/react-demo/')) continue
    // Only the site's own script may live elsewhere.
    expect(pathname).toBe('/site.js')
  }
  expect(site.server.cspReports).toEqual([])
})

test('status page: every chunk it requests answers 200', async ({ page }) => {
  const { responses, failed } = sameOrigin(page)
  await page.goto(`${site.url}/status.html`)
  await expect(page.locator('#demo-root').getByRole('button').first()).toBeVisible()
  await page.waitForLoadState('networkidle')
  const scripts = responses.filter((r) => new URL(r.url()).pathname.startsWith('/react-demo/'))
  expect(scripts.length).toBeGreaterThanOrEqual(2)
  expect(responses.filter((r) => r.status() >= 400).map((r) => r.url())).toEqual([])
  expect(failed).toEqual([])
})
