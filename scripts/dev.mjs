#!/usr/bin/env node
// `npm run dev`: builds the packages and the docs site, starts the DocChat dev server (the API,
// over apps/docs) and the docs site, prints where to go, and stops both on Ctrl+C.
//
// Env: DOCCHAT_PORT (API, 8787), DOCCHAT_SITE_PORT (site, 4321), DOCCHAT_SKIP_BUILD=1 (reuse the
// last build), DOCCHAT_STRICT_CSP=0 (serve the site without its strict Content-Security-Policy).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const host = '127.0.0.1'
const apiPort = Number(process.env.DOCCHAT_PORT || 8787)
const sitePort = Number(process.env.DOCCHAT_SITE_PORT || 4321)
const apiBaseUrl = `http://${host}:${apiPort}`
const strictCsp = process.env.DOCCHAT_STRICT_CSP !== '0'
const cli = join(root, 'packages/dev-server/bin/docchat-dev-server.js')
const cliBuild = join(root, 'packages/dev-server/dist/cli.js')

function fail(message) {
  console.error(`\n✖ ${message}`)
  process.exit(1)
}

// 1. Build. Packages first (tsup; the widget also builds its drop-in script), then the site with
// the API URL baked into its pages.
if (process.env.DOCCHAT_SKIP_BUILD !== '1') {
  console.log('▶ Building the packages (pnpm -r --filter ./packages/* build)…')
  const build = spawnSync(
    'pnpm',
    ['-r', '--workspace-concurrency=2', '--filter', './packages/*', 'build'],
    { cwd: root, stdio: 'inherit' },
  )
  if (build.status !== 0) {
    console.warn('\n⚠ Some packages failed to build; starting with what was built.')
  }
}
if (!existsSync(cliBuild)) {
  fail(
    'The dev server CLI is not built: packages/dev-server/dist/cli.js is missing.\n' +
      '  Build it with `pnpm --filter @docchat/dev-server build` (its src/cli.ts must exist), then run `npm run dev` again.',
  )
}

const { buildSite } = await import('../apps/docs/site/build.mjs')
const { startSiteServer } = await import('../apps/docs/site/serve.mjs')
console.log('▶ Building the docs site…')
const site = await buildSite({ apiBaseUrl, log: (line) => console.warn(`  ${line}`) })
console.log(
  `  ${site.pages.length} pages (widget: ${site.embed ? 'embedded' : 'not built'}, React demo: ${site.react})`,
)

// 2. The API: the dev server's CLI over this repository's docs.
console.log(`▶ Starting the dev server on ${apiBaseUrl}…`)
const api = spawn(
  process.execPath,
  [cli, '--docs', `docchat=${join(root, 'apps/docs')}`, '--port', String(apiPort), '--host', host],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
)
let apiOutput = ''
const relay = (stream, target) =>
  stream.on('data', (chunk) => {
    apiOutput += chunk
    if (ready) target.write(chunk)
  })
let ready = false
relay(api.stdout, process.stdout)
relay(api.stderr, process.stderr)

const apiExited = new Promise((resolve) =>
  api.once('exit', (code, signal) => resolve({ code, signal })),
)

// Ready when the CLI prints its banner (an HTTP probe could be answered by another program that
// already holds the port, while the CLI fails with EADDRINUSE).
function waitForApi(timeoutMs = 30_000) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs)
    const check = () => {
      if (!/listening on/i.test(apiOutput)) return
      clearTimeout(timer)
      resolve(true)
    }
    api.stdout.on('data', check)
    apiExited.then(() => {
      clearTimeout(timer)
      resolve(/listening on/i.test(apiOutput) && api.exitCode === null)
    })
    check()
  })
}

if (!(await waitForApi())) {
  api.kill('SIGTERM')
  fail(
    `The dev server did not start on ${apiBaseUrl}.` +
      (apiOutput.trim() ? `\n  Its output:\n${apiOutput.replace(/^/gm, '    ')}` : '') +
      (/EADDRINUSE/.test(apiOutput)
        ? `\n  Port ${apiPort} is taken: set DOCCHAT_PORT to another port.`
        : ''),
  )
}
ready = true

// 3. The docs site (with the /api/admin proxy for the status page).
let siteServer
try {
  siteServer = await startSiteServer({
    port: sitePort,
    host,
    apiBaseUrl,
    strictCsp,
    onCspReport: (report) => {
      const body = report['csp-report'] ?? report
      console.warn(
        `⚠ CSP violation: ${body['violated-directive'] ?? body.effectiveDirective} blocked ${body['blocked-uri'] ?? body.blockedURL} on ${body['document-uri'] ?? body.documentURL}`,
      )
    },
  })
} catch (error) {
  api.kill('SIGTERM')
  fail(
    error?.code === 'EADDRINUSE'
      ? `Port ${sitePort} is taken: set DOCCHAT_SITE_PORT to another port.`
      : `The docs site server failed to start: ${error?.message ?? error}`,
  )
}

const url = siteServer.url
// Whether a model writes the answers is the first thing to know about them: say so, and how to
// switch (the dev server's CLI reads the same variables).
const answers = process.env.OPENAI_API_KEY
  ? `from a model (${process.env.DOCCHAT_MODEL || 'gpt-4o-mini'}${process.env.OPENAI_BASE_URL ? ` at ${process.env.OPENAI_BASE_URL}` : ''}); unset OPENAI_API_KEY for extractive answers`
  : 'extractive: sentences and code copied from the docs, no language model involved,\n' +
    "               streamed at a model's pace. Set OPENAI_API_KEY (optionally OPENAI_BASE_URL,\n" +
    '               DOCCHAT_MODEL) for model answers.'
console.log(`
DocChat is running.

  Docs site    ${url}
  React demo   ${url}/react.html
  Status page  ${url}/status.html   (agent jobs and deployments, admin calls proxied server-side)
  API          ${apiBaseUrl}   (assistant key mint_dsc_dev_local, admin key mint_dev_local)
  Answers      ${answers}

Open ${url} and try:
  ⌘K / Ctrl+K   search the docs, e.g. "fault injection"
  ⌘I / Ctrl+I   ask, e.g. "How do I proxy the assistant key?"
  Select a paragraph, or use a code block's "Ask AI" button, to attach it to your question.
${strictCsp ? '\nThe site is served with a strict Content-Security-Policy (DOCCHAT_STRICT_CSP=0 turns it off).' : ''}
Next time, DOCCHAT_SKIP_BUILD=1 npm run dev reuses this build of the packages.

Press Ctrl+C to stop.`)

let stopping = false
async function stop(code = 0) {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  if (api.exitCode === null) api.kill('SIGTERM')
  await Promise.race([apiExited, new Promise((resolve) => setTimeout(resolve, 3000))])
  if (api.exitCode === null) api.kill('SIGKILL')
  await siteServer.close()
  process.exit(code)
}
process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))
apiExited.then(({ code, signal }) => {
  if (stopping) return
  console.error(`\n✖ The dev server stopped (${signal ?? `exit code ${code}`}).`)
  stop(1)
})
