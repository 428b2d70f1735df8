/**
 * The example apps under apps/, driven as a reader meets them: each is served the way its README
 * says (its own server or `vite preview`, on a port of its own), talks to the e2e dev server, and
 * the drop-in comes from its CDN URL, answered here from packages/drop-in (the browser never
 * leaves loopback, and checks the page's SRI hash against those bytes).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Locator, type Page, type Request } from '@playwright/test'
import { apiBaseUrl } from './widget'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))
export const appDir = (name: string) => join(repoRoot, 'apps', name)

/** The examples' ports: DOCCHAT_E2E_EXAMPLES_PORT and the next few (one per app). */
const basePort = Number(process.env.DOCCHAT_E2E_EXAMPLES_PORT ?? 4392)
export const examplePort = {
  viteReact: basePort,
  aiSdkV5: basePort + 1,
  static: basePort + 2,
  vitepress: basePort + 3,
  nextjs: basePort + 4,
  packedNextjs: basePort + 5,
} as const

/** Where the examples' docs live (`docsBaseUrl`): citations and sources must link there. */
export const exampleDocsBaseUrl = 'http://127.0.0.1:4321'
/** The dev server the examples are configured for; the e2e one runs elsewhere. */
const exampleApiUrl = 'http://127.0.0.1:8787'

export interface RunningApp {
  url: string
  close(): Promise<void>
}

/**
 * Starts an app's server (`command` in `cwd`) and resolves once `url` answers. Its output is kept
 * and shown if it never does; `close` stops the whole process group.
 */
export async function startApp(
  command: string,
  args: string[],
  {
    cwd,
    url,
    env = {},
    timeoutMs = 60_000,
  }: { cwd: string; url: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<RunningApp> {
  const child: ChildProcess = spawn(command, args, {
    cwd,
    env: { ...process.env, NO_COLOR: '1', NEXT_TELEMETRY_DISABLED: '1', ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-4_000)
  })
  child.stderr?.on('data', (chunk) => {
    output = (output + chunk).slice(-4_000)
  })
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // the group is gone already
    }
  }
  const close = async () => {
    if (child.exitCode !== null || child.pid === undefined) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    signal('SIGTERM')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
    if (child.exitCode === null) signal('SIGKILL')
  }
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited:\n${output}`)
    try {
      const response = await fetch(url)
      await response.body?.cancel()
      if (response.status < 500) return { url, close }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close()
      throw new Error(`${command} ${args.join(' ')} did not answer at ${url}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const dropInDir = join(repoRoot, 'packages/drop-in')
const dropInVersion = (
  JSON.parse(readFileSync(join(dropInDir, 'package.json'), 'utf8')) as { version: string }
).version

/**
 * Answers `https://cdn.jsdelivr.net/npm/@docchat/drop-in@<version>/<file>` from the built
 * package, as jsdelivr does (CORS open, so `integrity` and the panel's module import work). Any
 * other version or file is a 404, so a page naming a version that is not this one fails.
 */
export async function serveDropInFromCdn(page: Page): Promise<string[]> {
  const served: string[] = []
  await page.route('https://cdn.jsdelivr.net/npm/**', async (route) => {
    const match = /^\/npm\/@docchat\/drop-in@([^/]+)\/(docchat[\w-]*\.js)$/.exec(
      new URL(route.request().url()).pathname,
    )
    const file = match && match[1] === dropInVersion ? join(dropInDir, match[2]!) : undefined
    if (!file || !existsSync(file)) {
      await route.fulfill({ status: 404, body: 'Not found' })
      return
    }
    served.push(match![2]!)
    await route.fulfill({
      status: 200,
      headers: {
        'content-type': 'application/javascript; charset=utf-8',
        'access-control-allow-origin': '*',
      },
      body: readFileSync(file),
    })
  })
  return served
}

/** Sends requests for the examples' dev server (127.0.0.1:8787) to the e2e dev server instead. */
export async function routeToE2eApi(page: Page): Promise<void> {
  await page.route(`${exampleApiUrl}/**`, async (route) => {
    const url = new URL(route.request().url())
    await route.continue({ url: `${apiBaseUrl}${url.pathname}${url.search}` })
  })
}

const isAssistantRequest = (request: Request) =>
  request.method() === 'POST' &&
  new URL(request.url()).pathname.endsWith('/v1/assistant/docchat/message')

/**
 * The widget's flow, the same whichever way it was added (React component, drop-in, custom
 * element): open it with its trigger, ask, see the streamed answer with citations and sources
 * linking under `docsBaseUrl`, the disclaimer that depends on `X-DocChat-Answer-Mode`, then a
 * follow-up that continues the thread.
 */
export async function askWidgetAndFollowUp(page: Page, { root }: { root?: Locator } = {}) {
  const scope = root ?? page.locator('body')
  await scope
    .getByRole('button', { name: /^Ask AI/ })
    .first()
    .click()
  const dialog = page.getByRole('dialog', { name: 'Assistant' })
  await expect(dialog).toBeVisible()
  const input = dialog.getByRole('textbox', { name: 'Ask a question…' })
  const log = dialog.getByRole('log', { name: 'Assistant' })
  const answers = log.getByRole('article', { name: 'Assistant' })

  const firstRequest = page.waitForRequest(isAssistantRequest)
  await input.fill('How do I install DocChat?')
  await input.press('Enter')
  const first = await (await firstRequest).response()
  expect(first?.status()).toBe(200)
  const threadId = await first!.headerValue('x-thread-id')
  expect(threadId).toBeTruthy()
  const answer = answers.first()
  await expect(answer).toHaveAttribute('data-state', 'complete', { timeout: 15_000 })
  await expect(answer).toContainText(/install/i)
  const sources = answer.getByRole('list', { name: 'Sources' }).getByRole('link')
  await expect(sources.first()).toBeVisible()
  for (const href of await sources.evaluateAll((links) =>
    links.map((a) => a.getAttribute('href')),
  )) {
    expect(href).toMatch(new RegExp(`^${exampleDocsBaseUrl}/`))
  }
  const citationLinks = answer.getByRole('link', { name: /^Source \d+: / })
  await expect(citationLinks.first()).toBeVisible()
  await expect(citationLinks.first()).toHaveAttribute('href', new RegExp(`^${exampleDocsBaseUrl}/`))
  // The answer mode came through: the dev server answers without a model.
  await expect(dialog.getByText('Answers are extracted from the docs, no AI model.')).toBeVisible()

  const secondRequest = page.waitForRequest(isAssistantRequest)
  await input.fill('How do I change its colors?')
  await input.press('Enter')
  const second = await secondRequest
  expect((second.postDataJSON() as { threadId?: string }).threadId).toBe(threadId)
  await expect(answers).toHaveCount(2)
  await expect(answers.nth(1)).toHaveAttribute('data-state', 'complete', { timeout: 15_000 })
  await expect(answers.nth(1)).toContainText(/\w{3,}/)
  await expect(dialog.getByRole('alert')).toHaveCount(0)
}
