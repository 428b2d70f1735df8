import { expect, type Page, test } from '@playwright/test'
import { assistantDialog, consoleMessages } from './support/widget'

// Issue 20, finding 1: `<docchat-widget panel-url="…">` imported whatever it named, with no click
// (the idle preload), in the page's origin. Markup never decides which code runs: the panel
// loads from next to docchat.js, whatever the element's attributes say.

const pagePath = '/e2e/panel-url.html'
const evilPanel = 'https://evil.example/docchat-panel.js'
const pwned = (page: Page) => page.evaluate(() => (window as { __pwned?: unknown }).__pwned ?? null)

test.describe('panel-url in markup', () => {
  test('runs nothing it names, in markup or set later, and the panel loads next to the loader', async ({
    page,
  }) => {
    const warnings = consoleMessages(page, (message) => message.type() === 'warning')
    // A cross-origin "panel" that would mark the page if it ever ran. The browser's resolver
    // reaches loopback only, so the route answers for the host.
    const evilRequests: string[] = []
    await page.route('https://evil.example/**', (route) => {
      evilRequests.push(route.request().url())
      return route.fulfill({
        contentType: 'text/javascript',
        headers: { 'access-control-allow-origin': '*' },
        body: 'window.__pwned = 2; export function mountPanel() { throw new Error("pwned") }',
      })
    })
    const panelLoads: string[] = []
    page.on('request', (request) => {
      if (/docchat-panel\.js$/.test(new URL(request.url()).pathname)) panelLoads.push(request.url())
    })

    await page.goto(pagePath)
    const authored = page.locator('docchat-widget#docchat')
    await expect(authored.getByRole('button', { name: /^Docs AI/ })).toBeVisible()
    // The idle preload (no click) is what imported the named URL before: wait for it to happen.
    await expect.poll(async () => panelLoads.length > 0 || (await pwned(page)) !== null).toBe(true)
    expect(await pwned(page)).toBeNull()

    // An element created later by a script, its attributes set one by one.
    await page.evaluate((panel) => {
      const element = document.createElement('docchat-widget')
      element.id = 'later'
      for (const [name, value] of Object.entries({
        domain: 'docchat',
        'api-base-url': document.querySelector('#docchat')!.getAttribute('api-base-url')!,
        'assistant-key': 'mint_dsc_dev_local',
        trigger: 'false',
        'panel-url': panel,
      }))
        element.setAttribute(name, value)
      document.querySelector('main')!.append(element)
    }, evilPanel)
    await page.evaluate(async () => {
      const later = document.querySelector('#later') as HTMLElement & { ready: Promise<unknown> }
      await later.ready
    })
    // `trigger="false"`: no second button on the page.
    await expect(page.locator('docchat-widget#later').getByRole('button')).toHaveCount(0)
    // And changed on the running element.
    await authored.evaluate((node) =>
      node.setAttribute('panel-url', 'https://evil.example/docchat-panel.js?again'),
    )

    // The reader opens the authored one: the real panel, from next to docchat.js.
    await authored.getByRole('button', { name: /^Docs AI/ }).click()
    await expect(assistantDialog(page)).toBeVisible()

    const origin = new URL(page.url()).origin
    expect(panelLoads.length).toBeGreaterThan(0)
    for (const url of panelLoads) expect(url).toBe(`${origin}/docchat/docchat-panel.js`)
    expect(evilRequests).toEqual([])
    expect(await pwned(page)).toBeNull()
    expect(warnings.filter((text) => text.includes('"panel-url"'))).toHaveLength(1)
  })
})

// The loader's own tag, as markup can fake or move it: a named <img> shadows
// `document.currentScript` (Document is [LegacyOverrideBuiltIns]) with another host's URL and
// `data-*`, and a <base href> parsed after a deferred loader's tag makes its `src` read as another
// host's. Both made the idle preload import https://evil.example/…/docchat-panel.js, no click.
for (const [name, pagePath] of [
  ['an <img name="currentScript"> after the loader tag', '/e2e/clobbered-loader.html'],
  ['a <base href> after the deferred loader tag', '/e2e/late-base.html'],
] as const) {
  test(`${name} does not move the panel`, async ({ page }) => {
    const evilRequests: string[] = []
    await page.route('https://evil.example/**', (route) => {
      evilRequests.push(route.request().url())
      return route.fulfill({
        contentType: 'text/javascript',
        headers: { 'access-control-allow-origin': '*' },
        body: 'window.__pwned = 2; export function mountPanel() { throw new Error("pwned") }',
      })
    })
    const panelLoads: string[] = []
    page.on('request', (request) => {
      if (/docchat-panel\.js$/.test(new URL(request.url()).pathname)) panelLoads.push(request.url())
    })
    await page.goto(pagePath)
    const authored = page.locator('docchat-widget#docchat')
    await expect(authored.getByRole('button', { name: /^Docs AI/ })).toBeVisible()
    // The idle preload needs no click: wait until some panel was requested.
    await expect.poll(() => panelLoads.length).toBeGreaterThan(0)
    const origin = new URL(page.url()).origin
    expect(panelLoads[0]).toBe(`${origin}/docchat/docchat-panel.js`)
    await authored.getByRole('button', { name: /^Docs AI/ }).click()
    await expect(assistantDialog(page)).toBeVisible()

    for (const url of panelLoads) expect(url).toBe(`${origin}/docchat/docchat-panel.js`)
    // The image itself may be fetched; no script and no API call goes to that host.
    expect(evilRequests.filter((url) => !url.endsWith('/x/docchat.js'))).toEqual([])
    expect(await pwned(page)).toBeNull()
    // The named image's data-* started no second widget.
    await expect(page.locator('docchat-widget')).toHaveCount(1)
  })
}
