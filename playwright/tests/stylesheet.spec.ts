import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from '@playwright/test'
import { apiBaseUrl } from './support/widget'

// React users import `@docchat/widget/styles.css` (dist/styles.css). It once shipped with its
// @import lines unresolved, so components rendered half-styled. This renders the published
// components (dist, not source) with only that stylesheet, in Chromium, and checks each part.
const widgetDir = join(dirname(fileURLToPath(import.meta.url)), '../../packages/widget')
const stylesheet = join(widgetDir, 'dist/styles.css')
const partials = ['tokens', 'base', 'trigger', 'panel', 'assistant', 'markdown', 'search', 'status']

async function bundleComponents(): Promise<string> {
  // The entry lives in the widget's (ignored) dist folder so its imports resolve like a consumer's:
  // `./index.js` is the built package and React comes from the widget's own node_modules.
  const entryDir = join(widgetDir, 'dist/.stylesheet-check')
  mkdirSync(entryDir, { recursive: true })
  const entry = join(entryDir, 'entry.js')
  writeFileSync(
    entry,
    `import { createElement as h } from 'react'
import { createRoot } from 'react-dom/client'
import { createDocsClientLite } from '@docchat/core'
import { DocChatWidget, SearchModal, UpdateStatusBadge } from '../index.js'
const client = createDocsClientLite({ assistantKey: 'mint_dsc_e2e', baseUrl: ${JSON.stringify(apiBaseUrl)} })
const connection = { client, domain: 'docchat' }
createRoot(document.getElementById('assistant')).render(h(DocChatWidget, { ...connection, defaultOpen: true }))
createRoot(document.getElementById('search')).render(h(SearchModal, { ...connection, defaultOpen: true }))
createRoot(document.getElementById('status')).render(h(UpdateStatusBadge, { ...connection, statusId: 'seed-update' }))
`,
  )
  const { build } = await import('vite')
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: widgetDir,
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: false,
      lib: { entry, formats: ['iife'], name: 'StylesheetCheck', fileName: () => 'check.js' },
    },
  })
  const outputs = Array.isArray(output) ? output : [output]
  for (const result of outputs) {
    if (!('output' in result)) continue
    for (const chunk of result.output) if (chunk.type === 'chunk') return chunk.code
  }
  throw new Error('no bundle produced')
}

test('the published stylesheet is complete: no @import left, every partial inlined', () => {
  const css = readFileSync(stylesheet, 'utf8')
  expect(css).not.toMatch(/@import\b/)
  for (const name of partials) {
    const source = readFileSync(join(widgetDir, `src/styles/${name}.css`), 'utf8')
    // The first rule of each partial must be in the shipped file.
    const firstRule = /^[^\n/*@][^{\n]*\{/m.exec(source)?.[0]
    expect(firstRule, `${name}.css has a rule`).toBeTruthy()
    expect(css, `${name}.css inlined`).toContain(firstRule!)
  }
})

test('the React components render styled with only @docchat/widget/styles.css', async ({
  page,
}) => {
  const [script, css] = await Promise.all([bundleComponents(), readFileSync(stylesheet, 'utf8')])
  const failedRequests: string[] = []
  page.on('requestfailed', (request) => failedRequests.push(request.url()))
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  await page.setContent(
    `<!doctype html><html><head><style>${css}</style></head><body><div id="assistant"></div><div id="search"></div><div id="status"></div></body></html>`,
  )
  await page.addScriptTag({ content: script })
  await page.waitForTimeout(500)
  expect(pageErrors).toEqual([])

  const assistant = page.getByRole('dialog', { name: 'Assistant' })
  await expect(assistant).toBeVisible()
  expect(pageErrors).toEqual([])
  const search = page.getByRole('dialog', { name: 'Search' })
  await expect(search).toBeVisible()

  const style = (selector: string, property: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el, prop) => getComputedStyle(el).getPropertyValue(prop), property)

  // tokens.css + base.css: the design tokens resolve on the root.
  expect((await style('.docchat-root', '--docchat-primary-color')).trim()).not.toBe('')
  // panel.css: the panel is a positioned surface with a background and rounded corners.
  expect(await style('.docchat-panel', 'position')).toBe('fixed')
  expect(await style('.docchat-panel', 'background-color')).not.toBe('rgba(0, 0, 0, 0)')
  // assistant.css: the composer's input is laid out as designed (not the UA default).
  expect(await style('.docchat-composer', 'display')).not.toBe('block')
  // search.css: the search input has no UA border.
  expect(await style('.docchat-search-input', 'border-top-style')).toBe('none')
  // status.css: the badge is styled.
  expect(await style('.docchat-badge', 'display')).not.toBe('inline')
  expect(failedRequests.filter((url) => url.endsWith('.css'))).toEqual([])
})
