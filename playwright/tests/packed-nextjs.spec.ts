/**
 * A fresh Next.js app built from the packed tarballs, not the workspace: what an npm user gets.
 * Packs @docchat/core, react, headless and widget (`pnpm pack`, so `workspace:` ranges become
 * versions), installs them with next/react into a temporary folder outside the repository
 * (`npm install --prefer-offline`), copies apps/example-nextjs's app/, next.config.ts (the
 * `create-next-app` 16 defaults: `cacheComponents: true`) and tsconfig.json, runs `next build`
 * and `next start`, and asks in Chromium through the app's proxy route.
 *
 * Issue 22: `next build` used to fail here as in example-nextjs.spec.ts ("Functions cannot be
 * passed directly to Client Components"); the page now passes serializable props only.
 * Run time: see the closing note of issue 22 (about 3–4 min on 2 cores: 4 packs, npm install of
 * next + the tarballs with a warm npm cache, next build, next start).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from '@playwright/test'
import {
  appDir,
  askWidgetAndFollowUp,
  examplePort,
  type RunningApp,
  repoRoot,
  startApp,
} from './support/example-app'
import { apiBaseUrl } from './support/widget'

test.describe.configure({ mode: 'serial' })

const packages = ['core', 'react', 'headless', 'widget']
let workDir: string
let app: RunningApp

test.beforeAll(async () => {
  test.setTimeout(15 * 60_000)
  workDir = mkdtempSync(join(tmpdir(), 'docchat-packed-next-'))
  const tarballs = join(workDir, 'tarballs')
  const project = join(workDir, 'app')
  const run = (command: string, args: string[], cwd: string) =>
    execFileSync(command, args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CI: '1' },
      maxBuffer: 64 * 1024 * 1024,
    })
  for (const name of packages) {
    run('pnpm', ['pack', '--pack-destination', tarballs], join(repoRoot, 'packages', name))
  }
  const tarball = (name: string) =>
    `file:${join(tarballs, readdirSync(tarballs).find((file) => file.startsWith(`docchat-${name}-`))!)}`
  const docchat = Object.fromEntries(packages.map((name) => [`@docchat/${name}`, tarball(name)]))
  cpSync(join(appDir('example-nextjs'), 'app'), join(project, 'app'), { recursive: true })
  for (const file of ['next.config.ts', 'tsconfig.json']) {
    cpSync(join(appDir('example-nextjs'), file), join(project, file))
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify(
      {
        name: 'packed-next-app',
        private: true,
        type: 'module',
        dependencies: { ...docchat, next: '16.4.6', react: '19.3.1', 'react-dom': '19.3.1' },
        devDependencies: {
          '@types/node': '20.19.43',
          '@types/react': '19.3.0',
          '@types/react-dom': '19.3.0',
          typescript: '5.9.3',
        },
        // The tarballs depend on each other by version (0.1.0): use these, not the registry's.
        overrides: docchat,
      },
      null,
      2,
    ),
  )
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], project)
  run('npx', ['next', 'build'], project)
  const port = String(examplePort.packedNextjs)
  app = await startApp('npx', ['next', 'start', '--port', port, '--hostname', '127.0.0.1'], {
    cwd: project,
    url: `http://127.0.0.1:${port}/`,
    env: { DOCCHAT_API_URL: apiBaseUrl, DOCCHAT_ASSISTANT_KEY: 'mint_dsc_dev_local' },
  })
})

test.afterAll(async () => {
  await app?.close()
  if (workDir) rmSync(workDir, { recursive: true, force: true })
})

test('the packed kit in a fresh Next.js app: ask, answer with sources, follow-up', async ({
  page,
}) => {
  await page.goto(app.url)
  await askWidgetAndFollowUp(page)
})
