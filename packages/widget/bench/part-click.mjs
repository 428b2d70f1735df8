// First open of the panel's parts over a slow network: History and search are chunks of their own
// (optional parts, src/embed/panel-parts.ts) fetched when the pointer reaches their button. In
// Chromium over the same 4G link as first-click.mjs (60 ms RTT, 9 Mbit/s), with the drop-in as
// built in dist-embed/ served gzipped:
// - History and search from the assistant's header: open the panel, then click the button right
//   away (no head start) or after the pointer rests on it for 150 ms; click → view painted.
// - ⌘K one second after load (the panel preloaded when the page went idle, search not yet):
//   keydown → search painted.
// Fresh context per run (cold cache), 7 runs each.
//
//   node bench/part-click.mjs      (after `pnpm build`)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchChromium, slowNetworkPage } from './support/chromium.mjs'
import { serveOnLoopback } from './support/loopback.mjs'
const embed = join(import.meta.dirname, '../dist-embed')
const files = Object.fromEntries(
  readdirSync(embed)
    .filter((f) => f.endsWith('.js'))
    .map((f) => [`/${f}`, gzipSync(readFileSync(join(embed, f)), { level: 9 })]),
)
const hostPage = (origin) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Docs</title></head><body><main><h1>Docs</h1><p>Text</p></main><script src="/docchat.js" data-domain="bench" data-api-base-url="${origin}" data-assistant-key="mint_dsc_bench"></script></body></html>`
const { server, origin } = await serveOnLoopback((req, res, origin) => {
  if (req.url === '/') {
    res.writeHead(200, { 'Content-Type': 'text/html' })
    res.end(hostPage(origin))
  } else if (files[req.url]) {
    res.writeHead(200, { 'Content-Type': 'text/javascript', 'Content-Encoding': 'gzip' })
    res.end(files[req.url])
  } else return false
})
const browser = await launchChromium()
async function openPage() {
  const { context, page } = await slowNetworkPage(browser)
  await page.goto(origin)
  return { context, page }
}

/** Resolves with the time from the next `eventType` to the first frame after `selector` shows. */
const watchPaint = (page, eventType, selector) =>
  page.evaluate(
    ([eventType, selector]) => {
      window.__painted = new Promise((resolve) => {
        addEventListener(
          eventType,
          (event) => {
            const start = event.timeStamp
            const root = document.querySelector('docchat-widget').shadowRoot
            const check = () =>
              root.querySelector(selector)
                ? requestAnimationFrame(() =>
                    requestAnimationFrame(() => resolve(performance.now() - start)),
                  )
                : requestAnimationFrame(check)
            check()
          },
          { capture: true, once: true },
        )
      })
    },
    [eventType, selector],
  )

async function fromHeader(name, selector, dwell) {
  const { context, page } = await openPage()
  await page
    .locator('docchat-widget')
    .getByRole('button', { name: /^Ask AI/ })
    .click()
  const button = page.getByRole('dialog', { name: 'Assistant' }).getByRole('button', { name })
  await button.waitFor()
  await page.waitForTimeout(300)
  await watchPaint(page, 'click', selector)
  if (dwell) {
    await button.hover()
    await page.waitForTimeout(dwell)
  }
  await button.click()
  const ms = await page.evaluate(() => window.__painted)
  await context.close()
  return ms
}

async function firstSearchShortcut() {
  const { context, page } = await openPage()
  await page.waitForTimeout(1000)
  await watchPaint(page, 'keydown', '.docchat-search-input')
  await page.keyboard.press('Control+k')
  const ms = await page.evaluate(() => window.__painted)
  await context.close()
  return ms
}

async function report(label, measure) {
  const list = []
  for (let i = 0; i < 7; i++) list.push(await measure())
  list.sort((a, b) => a - b)
  console.log(`${label}: median ${Math.round(list[3])} ms, max ${Math.round(list[6])} ms`)
}

console.log('First open of the panel’s parts over 4G (60 ms RTT, 9 Mbit/s), 7 runs each')
for (const dwell of [0, 150]) {
  await report(`History click → view painted, pointer dwell ${dwell} ms`, () =>
    fromHeader('Recent conversations', '.docchat-history', dwell),
  )
}
for (const dwell of [0, 150]) {
  await report(`Search button (in the assistant) → search painted, pointer dwell ${dwell} ms`, () =>
    fromHeader('Search', '.docchat-search-input', dwell),
  )
}
await report(
  '⌘K 1 s after load (panel preloaded, search not) → search painted',
  firstSearchShortcut,
)
await browser.close()
server.close()
