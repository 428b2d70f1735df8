#!/usr/bin/env node
// Builds an e2e copy of the docs site whose widget talks to the e2e dev server, adds the host
// pages in playwright/fixtures under /e2e/, and serves it twice: as is, and with the strict
// Content-Security-Policy. Playwright's webServer starts this and stops it after the run.
//
//   node scripts/serve-e2e-site.mjs [--port 4390] [--csp-port 4391] [--api http://127.0.0.1:8790]
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { buildSite } from '../../apps/docs/site/build.mjs'
import { startSiteServer } from '../../apps/docs/site/serve.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4390' },
    'csp-port': { type: 'string', default: '4391' },
    api: { type: 'string', default: 'http://127.0.0.1:8790' },
  },
})
// Under dist/: ignored by git and Biome, like every other build output.
const outDir = join(here, '../dist/e2e-site')
const host = '127.0.0.1'

const site = await buildSite({
  outDir,
  apiBaseUrl: values.api,
  // The React demo is a separate Vite build; the e2e suite drives the drop-in script.
  react: false,
  log: (line) => console.warn(`e2e site: ${line}`),
})
if (!site.embed) {
  console.error('e2e site: packages/widget/dist-embed/docchat.js is missing; run `pnpm -r build`')
  process.exit(1)
}
// Host pages are static; only the API origin is filled in (no inline scripts: they run under CSP).
const fixturesOut = join(outDir, 'e2e')
cpSync(join(here, '../fixtures'), fixturesOut, { recursive: true })
for (const file of readdirSync(fixturesOut)) {
  if (!file.endsWith('.html')) continue
  const target = join(fixturesOut, file)
  writeFileSync(
    target,
    readFileSync(target, 'utf8').replaceAll('__DOCCHAT_API_BASE_URL__', values.api),
  )
}

// The strict-CSP copy starts first: Playwright waits for the plain one's URL.
const strict = await startSiteServer({
  root: outDir,
  port: Number(values['csp-port']),
  host,
  apiBaseUrl: values.api,
  strictCsp: true,
})
const plain = await startSiteServer({
  root: outDir,
  port: Number(values.port),
  host,
  apiBaseUrl: values.api,
})
console.log(`e2e site on ${plain.url} (strict CSP on ${strict.url}), widget → ${values.api}`)

const stop = () => Promise.all([plain.close(), strict.close()]).then(() => process.exit(0))
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
