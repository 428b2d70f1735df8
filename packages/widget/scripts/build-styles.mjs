// Writes dist/styles.css: src/styles/index.css with its @imports inlined, for React users.
// Any @import form (quotes of either kind, url(...), media or layer lists) is handled or refused:
// an @import left in the shipped file would make the browser fetch a path that does not exist.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stylesDir = join(root, 'src/styles')
const IMPORT = /@import\s+(?:url\(\s*)?(["'])\.\/([\w-]+\.css)\1\s*\)?\s*;/g

function inline(file, seen = new Set()) {
  if (seen.has(file)) throw new Error(`build-styles: ${file} imports itself`)
  const css = readFileSync(join(stylesDir, file), 'utf8')
  return css.replace(IMPORT, (_, _quote, name) => inline(name, new Set([...seen, file])).trim())
}

const css = `${inline('index.css').trim()}\n`
const leftover = /@import\b[^;]*;/.exec(css)
if (leftover) {
  console.error(`build-styles: an @import could not be inlined: ${leftover[0]}`)
  process.exit(1)
}
mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist/styles.css'), css)
console.log(`dist/styles.css written (${css.length} bytes)`)
