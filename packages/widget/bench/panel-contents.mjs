// What the drop-in's files are made of: the real build (vite.embed.config.ts, not written to disk),
// each chunk's modules grouped by package (ours by module). Rolldown reports each module's length
// before minification; JavaScript is scaled to the chunk's minified size (stylesheets are already
// minified), so a row is that module's share of the shipped bytes. Each chunk is also given gzipped. Use it to decide what to split or drop.
// The panel's optional parts (History, attachments: src/embed/panel-parts.ts) are listed apart:
// a reader who only asks never loads them.
//
//   node bench/panel-contents.mjs [--modules] [--loader]   --loader: the first file (docchat.ts)
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const loader = process.argv.includes('--loader')
const result = await build({
  configFile: join(root, 'vite.embed.config.ts'),
  root,
  mode: loader ? 'loader' : 'panel',
  logLevel: 'silent',
  build: { write: false, sourcemap: false },
})
const chunks = (Array.isArray(result) ? result : [result])
  .flatMap((output) => output.output)
  .filter((chunk) => chunk.type === 'chunk')

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`
const gzip = (chunk) => gzipSync(chunk.code, { level: 6 }).length
const shortName = (id) =>
  id
    .replace(/\0/g, '')
    .replace(/\?.*$/, '')
    .replace(/.*node_modules\//, '')
    .replace(`${join(root, '..')}/`, '../')
    .replace(`${root}/`, '')

function groupOf(id) {
  const nodeModule = id.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//)
  if (nodeModule) return nodeModule[1]
  if (/\.css\?inline$/.test(id)) return `styles (${shortName(id).replace(/.*\//, '')})`
  const ours = id.match(/\/packages\/([^/]+)\/src\//)
  return ours ? `@docchat/${ours[1]}` : shortName(id).replace(/\/.*/, '')
}

/**
 * Each module's share of the chunk's minified bytes. Stylesheets (`?inline`) are already minified
 * strings and count as they are; the JavaScript modules share the rest.
 */
function modulesOf(chunk) {
  const modules = Object.entries(chunk.modules)
  const isCss = (id) => /\.css\?inline$/.test(id)
  const css = modules.reduce((sum, [id, m]) => sum + (isCss(id) ? m.renderedLength : 0), 0)
  const js = modules.reduce((sum, [id, m]) => sum + (isCss(id) ? 0 : m.renderedLength), 0) || 1
  const scale = Math.max(0, chunk.code.length - css) / js
  return modules
    .map(([id, m]) => [id, isCss(id) ? m.renderedLength : m.renderedLength * scale])
    .filter(([, bytes]) => bytes > 0)
    .sort((a, b) => b[1] - a[1])
}

function report(title, chunk) {
  const modules = modulesOf(chunk)
  const groups = new Map()
  for (const [id, bytes] of modules) groups.set(groupOf(id), (groups.get(groupOf(id)) ?? 0) + bytes)
  console.log(`\n${title}: ${kb(chunk.code.length)} min, ${kb(gzip(chunk))} gz`)
  for (const [key, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
    console.log(
      `${key.padEnd(40)} ${kb(bytes).padStart(9)}  ${((bytes / chunk.code.length) * 100).toFixed(1).padStart(5)}%`,
    )
  }
  return modules
}

const entry = chunks.find((chunk) => chunk.isEntry)
const entryModules = report(
  loader
    ? `First file ${entry.fileName}`
    : `Panel ${entry.fileName} (what a reader loads to ask, with the first file)`,
  entry,
)
for (const chunk of chunks.filter((c) => !c.isEntry)) {
  const modules = report(`Optional chunk ${chunk.fileName} (loaded on demand)`, chunk)
  for (const [id, bytes] of modules) console.log(`${kb(bytes).padStart(9)}  ${shortName(id)}`)
}
if (process.argv.includes('--modules')) {
  console.log(`\nLargest modules in ${entry.fileName}:`)
  for (const [id, bytes] of entryModules.slice(0, Number(process.env.TOP ?? 30))) {
    console.log(`${kb(bytes).padStart(9)}  ${shortName(id)}`)
  }
}
