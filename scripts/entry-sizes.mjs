#!/usr/bin/env node
// Size of every public named import, size-limit style: each one is bundled alone with esbuild
// (minified, React external, every other dependency bundled) once from the published `dist` and
// once from source (the `@docchat/source` condition), then gzipped (level 6, like `gzip -c`).
// Fails when an import is over its budget, or when `dist` is more than 5% over source: the sign
// that the published files stopped tree-shaking.
//
//   node scripts/entry-sizes.mjs            table of the budgeted imports + check of all imports
//   node scripts/entry-sizes.mjs --all      table of every import
//   node scripts/entry-sizes.mjs --markdown the budgeted table as Markdown (for the widget README)
//
// Run after `pnpm build` (core, react, headless, widget).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { entryBudgets as budgets } from './budgets.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// esbuild is pinned as a devDependency of core (the version tsup builds with); the root has none.
const { build } = createRequire(join(root, 'packages/core/package.json'))('esbuild')

const args = new Set(process.argv.slice(2))
const packages = ['core', 'react', 'headless', 'widget']
// Imports resolve from the widget, which depends on the other three (and names itself).
const resolveDir = join(root, 'packages/widget')
const tolerance = 1.05
const KB = 1024

function entryCode(imports) {
  return Object.entries(imports)
    .map(([pkg, names], i) =>
      names === '*'
        ? `export * as all${i} from '@docchat/${pkg}'`
        : `export { ${names.map((n) => `${n} as ${n}${i}`).join(', ')} } from '@docchat/${pkg}'`,
    )
    .join('\n')
}

const external = ['react', 'react-dom', 'react/*', 'react-dom/*']
const common = {
  bundle: true,
  write: false,
  format: 'esm',
  minify: true,
  target: 'es2020',
  platform: 'browser',
  external,
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
}

for (const pkg of packages) {
  if (!existsSync(join(root, `packages/${pkg}/dist/index.js`))) {
    console.error(`packages/${pkg}/dist is missing: run \`pnpm build\` first`)
    process.exit(1)
  }
}

/** The runtime exports of a package (types vanish), as its dist declares them. */
async function runtimeExports(pkg) {
  const result = await build({
    ...common,
    stdin: { contents: `export * from '@docchat/${pkg}'`, resolveDir, sourcefile: 'entry.js' },
    metafile: true,
  })
  const [output] = Object.values(result.metafile.outputs)
  return output.exports.sort()
}

// One esbuild call per side bundles every case as its own entry (no splitting): each output is
// what an app importing just that would ship, and shared modules are parsed once.
const entriesDir = join(root, 'packages/widget/bench/results/.entries')

async function gzipSizes(cases, conditions) {
  const result = await build({
    ...common,
    entryPoints: cases.map((_, i) => ({ in: join(entriesDir, `${i}.js`), out: String(i) })),
    outdir: join(entriesDir, 'out'),
    conditions,
  })
  const sizes = new Array(cases.length)
  for (const file of result.outputFiles) {
    const index = Number(file.path.match(/(\d+)\.js$/)[1])
    sizes[index] = gzipSync(file.contents, { level: 6 }).length
  }
  return sizes
}

async function measureAll(cases) {
  rmSync(entriesDir, { recursive: true, force: true })
  mkdirSync(entriesDir, { recursive: true })
  for (const [i, item] of cases.entries()) {
    writeFileSync(join(entriesDir, `${i}.js`), entryCode(item.imports))
  }
  const dist = await gzipSizes(cases, [])
  const source = await gzipSizes(cases, ['@docchat/source'])
  rmSync(entriesDir, { recursive: true, force: true })
  return cases.map(({ name, budget }, i) => {
    const overSource = dist[i] > source[i] * tolerance
    const overBudget = budget !== undefined && dist[i] > budget
    return {
      name,
      dist: dist[i],
      source: source[i],
      ratio: dist[i] / source[i],
      budget,
      ok: !overSource && !overBudget,
    }
  })
}

const started = performance.now()
const singles = []
for (const pkg of packages) {
  for (const name of await runtimeExports(pkg)) {
    singles.push({ name: `${pkg}: ${name}`, imports: { [pkg]: [name] } })
  }
}
const measured = await measureAll([...budgets, ...singles])
const budgeted = measured.slice(0, budgets.length)
const each = measured.slice(budgets.length)
each.sort((a, b) => a.name.localeCompare(b.name))
const all = [...budgeted, ...each]
const seconds = ((performance.now() - started) / 1000).toFixed(1)

const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`
const status = (row) =>
  row.ok
    ? '✓'
    : row.budget !== undefined && row.dist > row.budget
      ? '✗ over budget'
      : '✗ dist > source + 5%'

if (args.has('--markdown')) {
  console.log('| import | from `dist` | from source | budget |')
  console.log('|---|---:|---:|---:|')
  for (const row of budgeted) {
    console.log(`| ${row.name} | ${kb(row.dist)} | ${kb(row.source)} | ${kb(row.budget)} |`)
  }
} else {
  const shown = args.has('--all') ? all : [...budgeted, ...each.filter((row) => !row.ok)]
  const width = Math.max(...shown.map((row) => row.name.length), 6)
  console.log(
    `\n${'import'.padEnd(width)}  ${'dist gz'.padStart(9)}  ${'source gz'.padStart(9)}  ${'dist/src'.padStart(8)}  budget`,
  )
  for (const row of shown) {
    const budget = row.budget === undefined ? '' : `≤ ${kb(row.budget)} `
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.dist).padStart(9)}  ${kb(row.source).padStart(9)}  ${row.ratio.toFixed(3).padStart(8)}  ${budget}${status(row)}`,
    )
  }
  const worst = each.reduce((a, b) => (b.ratio > a.ratio ? b : a))
  console.log(
    `\n${each.length} single imports checked against source (worst ${worst.name}: ${worst.ratio.toFixed(3)}×), ${budgeted.length} budgets, ${seconds} s`,
  )
}

mkdirSync(join(root, 'packages/widget/bench/results'), { recursive: true })
writeFileSync(
  join(root, 'packages/widget/bench/results/entry-sizes.json'),
  `${JSON.stringify(all, null, 2)}\n`,
)
const failures = all.filter((row) => !row.ok)
if (failures.length) {
  console.error(`\n${failures.length} import(s) over budget or over source + 5%:`)
  for (const row of failures) console.error(`  ${row.name}: ${status(row)}`)
  process.exit(1)
}
