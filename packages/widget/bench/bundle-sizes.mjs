// Size bench: gzip (level 6, like `gzip -c`) and brotli sizes of the drop-in files, checked against
// the budgets, plus @docchat/react + @docchat/headless + @docchat/widget bundled with React
// external ("own" = our three packages only; "full" = with their dependencies).
// Run after `pnpm build` (the drop-in is measured as shipped in dist-embed/).
//
//   node bench/bundle-sizes.mjs            everything (pnpm bench)
//   node bench/bundle-sizes.mjs --drop-in  the drop-in's files and their budgets only (first file,
//                                          panel, optional chunks, what a reader loads to ask,
//                                          everything): the budget check of `npm test`
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { build } from 'vite'
import { dropInBudgets as budgets } from '../../../scripts/budgets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const gz = (text) => gzipSync(text, { level: 6 }).length
const br = (text) => brotliCompressSync(text).length

const dropInOnly = process.argv.includes('--drop-in')
const rows = []
let overBudget = false

function measure(label, text, budget) {
  const row = { label, min: text.length, gzip: gz(text), brotli: br(text), budget }
  rows.push(row)
  if (budget && row.gzip > budget) overBudget = true
  return row
}

function sum(label, parts, budget) {
  const row = { label, budget }
  for (const key of ['min', 'gzip', 'brotli']) row[key] = parts.reduce((a, p) => a + p[key], 0)
  rows.push(row)
  if (budget && row.gzip > budget) overBudget = true
  return row
}

const embedDir = join(root, 'dist-embed')
const first = join(embedDir, 'docchat.js')
const panel = join(embedDir, 'docchat-panel.js')
if (!existsSync(first) || !existsSync(panel)) {
  console.error('dist-embed/ is missing: run `pnpm build` first')
  process.exit(1)
}
const firstRow = measure('drop-in first file (docchat.js)', readFileSync(first), budgets.first)
const panelRow = measure(
  'drop-in panel chunk (docchat-panel.js)',
  readFileSync(panel),
  budgets.panel,
)
// The panel's optional parts (src/embed/panel-parts.ts, and the headless highlighter): search,
// History and the Markdown export, attachments, "Ask AI" on the page, code highlighting, each
// with its stylesheet, fetched only when a reader needs them.
const optional = readdirSync(embedDir)
  .filter((file) => /^docchat-.+\.js$/.test(file) && file !== 'docchat-panel.js')
  .sort()
  .map((file) => measure(`  optional chunk ${file}`, readFileSync(join(embedDir, file))))
// The panel must need nothing else before it runs: a chunk it imports statically would be one more
// round trip on the way to the first answer (Rolldown splits out such a chunk when a shared module
// is placed awkwardly; vite.embed.config.ts keeps the panel's static imports in it, see
// `panelStaticGroup`).
const panelImports = [...readFileSync(panel, 'utf8').matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)]
if (panelImports.length > 0) {
  console.error(
    `docchat-panel.js imports ${panelImports.map((m) => m[1]).join(', ')} statically: asking would need more than two files`,
  )
  overBudget = true
}
sum('what a reader loads to ask (first file + panel)', [firstRow, panelRow], budgets.toAsk)
sum('everything the drop-in can ever load', [firstRow, panelRow, ...optional], budgets.everything)

// The React stack as an app would bundle it: one entry importing all three packages.
const entry = join(root, 'bench/.react-stack-entry.js')
mkdirSync(dirname(entry), { recursive: true })
writeFileSync(
  entry,
  "export * from '@docchat/react'\nexport * from '@docchat/headless'\nexport * from '@docchat/widget'\n",
)
const reactExternal = [/^react($|\/)/, /^react-dom($|\/)/]
const ours = /^@docchat\/(core|react|headless|widget)($|\/)|^[./]/

async function bundle(external) {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    resolve: { conditions: ['@docchat/source', 'browser', 'module', 'import', 'default'] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry, formats: ['es'], fileName: () => 'stack.js' },
      // Lib mode leaves ES output unminified; an app's production build would minify it.
      rollupOptions: { external, output: { minify: true } },
    },
  })
  const outputs = Array.isArray(output) ? output : [output]
  return outputs
    .flatMap((o) => o.output)
    .filter((chunk) => chunk.type === 'chunk')
    .map((chunk) => chunk.code)
    .join('\n')
}

if (!dropInOnly)
  try {
    const own = await bundle((id) => reactExternal.some((re) => re.test(id)) || !ours.test(id))
    measure('React stack own (@docchat/react+headless+widget+core, deps external)', own)
    const full = await bundle((id) => reactExternal.some((re) => re.test(id)))
    measure('React stack full (all deps bundled, React external)', full)
    // What an app adds to build its client: createDocsClient validates with zod.
    writeFileSync(
      entry,
      `${readFileSync(entry, 'utf8')}export { createDocsClient } from '@docchat/core'\n`,
    )
    const withClient = await bundle((id) => reactExternal.some((re) => re.test(id)))
    measure('React stack full + createDocsClient (zod)', withClient)
  } catch (error) {
    console.error('React stack bundle failed:', error.message)
  }

const width = Math.max(...rows.map((r) => r.label.length))
console.log(
  `\n${'bundle'.padEnd(width)}  ${'min'.padStart(9)}  ${'gzip'.padStart(9)}  ${'brotli'.padStart(9)}  budget`,
)
for (const row of rows) {
  const status = row.budget ? `${row.gzip <= row.budget ? '✓' : '✗'} ≤ ${kb(row.budget)}` : ''
  console.log(
    `${row.label.padEnd(width)}  ${kb(row.min).padStart(9)}  ${kb(row.gzip).padStart(9)}  ${kb(row.brotli).padStart(9)}  ${status}`,
  )
}
if (!dropInOnly) {
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(join(root, 'bench/results/bundle-sizes.json'), `${JSON.stringify(rows, null, 2)}\n`)
}
if (overBudget) {
  console.error('\nOver budget.')
  process.exit(1)
}
