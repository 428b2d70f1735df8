// Size bench: gzip (level 6, like `gzip -c`) and brotli sizes of the drop-in files, checked against
// the budgets, plus @docchat/react + @docchat/headless + @docchat/widget bundled with React
// external ("own" = our three packages only; "full" = with their dependencies).
// Run after `pnpm build` (the drop-in is measured as shipped in dist-embed/).
//
//   node bench/bundle-sizes.mjs            everything (pnpm bench)
//   node bench/bundle-sizes.mjs --drop-in  the drop-in's two files and their budgets only: the
//                                          budget check of `npm test` (scripts/test.mjs)
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const gz = (text) => gzipSync(text, { level: 6 }).length
const br = (text) => brotliCompressSync(text).length

const dropInOnly = process.argv.includes('--drop-in')
// The first file's budget sits half a KB above issue 14's goal (6.0, met with a few bytes to
// spare): room for an option or two, none for a regression. The total's stays loose while the
// panel grows (attachments, conversation history); its 60 KB goal is printed below.
const budgets = { first: 6.5 * 1024, total: 85 * 1024 }
const rows = []
let overBudget = false

function measure(label, text, budget) {
  const row = { label, min: text.length, gzip: gz(text), brotli: br(text), budget }
  rows.push(row)
  if (budget && row.gzip > budget) overBudget = true
  return row
}

const first = join(root, 'dist-embed/docchat.js')
const panel = join(root, 'dist-embed/docchat-panel.js')
if (!existsSync(first) || !existsSync(panel)) {
  console.error('dist-embed/ is missing: run `pnpm build` first')
  process.exit(1)
}
const firstText = readFileSync(first)
const panelText = readFileSync(panel)
measure('drop-in first file (docchat.js)', firstText, budgets.first)
measure('drop-in panel chunk (docchat-panel.js)', panelText)
const firstGzip = gz(firstText)
const panelGzip = gz(panelText)
rows.push({
  label: 'drop-in total (everything it ever loads)',
  min: firstText.length + panelText.length,
  gzip: firstGzip + panelGzip,
  brotli: br(firstText) + br(panelText),
  budget: budgets.total,
})
if (firstGzip + panelGzip > budgets.total) overBudget = true

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
// Issue 14's goals, tighter than the budgets above (which fail the run): printed, not enforced.
const goals = [
  ['first file', firstGzip, 6 * 1024],
  ['drop-in total', firstGzip + panelGzip, 60 * 1024],
]
console.log('\nGoals (issue 14):')
for (const [label, bytes, goal] of goals) {
  console.log(
    `  ${label} ≤ ${kb(goal)} gz (${goal} B): ${bytes} B ${bytes <= goal ? '✓' : `✗ not yet, ${bytes - goal} B over`}`,
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
