// Writes dist/styles.css: src/styles/index.css with its @imports inlined, for React users.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const stylesDir = join(root, 'src/styles')

function inline(file) {
  const css = readFileSync(join(stylesDir, file), 'utf8')
  return css.replace(/@import\s+'\.\/([\w-]+\.css)';/g, (_, name) => inline(name).trim())
}

mkdirSync(join(root, 'dist'), { recursive: true })
writeFileSync(join(root, 'dist/styles.css'), `${inline('index.css').trim()}\n`)
console.log('dist/styles.css written')
