/**
 * apps/example-nextjs, as a new user writes it from the docs: Server Component pages, the widget,
 * and the route handler that proxies the assistant with the key on the server. Built with the
 * config `create-next-app` 16 writes by default (`cacheComponents: true`), served by `next start`
 * with the route forwarding to the e2e dev server.
 *
 * Issue 22: `next build` used to fail here (Next 16.4.6, Turbopack): with `client={createDocsClient(…)}`
 * in the page, "Functions cannot be passed directly to Client Components"; with a 'use client'
 * wrapper, "Math.random() in a Client Component" under `cacheComponents` (`useChat` without an id).
 * Now the page passes serializable props only (domain, proxyUrl) and the hook gives `useChat` a
 * stable id, so the app builds in `pnpm -r build` like the other examples.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@playwright/test'
import {
  appDir,
  askWidgetAndFollowUp,
  examplePort,
  type RunningApp,
  startApp,
} from './support/example-app'
import { apiBaseUrl } from './support/widget'

test.describe.configure({ mode: 'serial' })

let app: RunningApp

test.beforeAll(async () => {
  const dir = appDir('example-nextjs')
  if (!existsSync(join(dir, '.next/BUILD_ID'))) {
    throw new Error(
      'apps/example-nextjs is not built: `pnpm --filter @docchat/example-nextjs build`',
    )
  }
  const port = String(examplePort.nextjs)
  app = await startApp(
    'pnpm',
    ['exec', 'next', 'start', '--port', port, '--hostname', '127.0.0.1'],
    {
      cwd: dir,
      url: `http://127.0.0.1:${port}/`,
      env: { DOCCHAT_API_URL: apiBaseUrl, DOCCHAT_ASSISTANT_KEY: 'mint_dsc_dev_local' },
    },
  )
})

test.afterAll(async () => {
  await app?.close()
})

test('a Server Component page with the widget: ask, answer with sources, follow-up through the route', async ({
  page,
}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  // A server/client mismatch (an unstable id) makes React log and re-render the tree on the client.
  page.on('console', (message) => {
    if (message.type() === 'error' && /hydrat/i.test(message.text())) errors.push(message.text())
  })
  await page.goto(app.url)
  await askWidgetAndFollowUp(page)
  test.expect(errors).toEqual([])
})
