#!/usr/bin/env node
// Copies the drop-in as @docchat/widget builds it (dist-embed/: docchat.js, the panel and its
// chunks, their source maps) into this package's root, so a CDN serves
// `…/@docchat/drop-in@<version>/docchat.js` and the panel next to it, and writes integrity.json:
// the sha384 Subresource Integrity value of every script, which the docs' versioned URLs carry.
import { copyFileSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dropInFiles, integrityOf } from './drop-in-files.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const packageDir = join(here, '..')
const embed = join(packageDir, '../widget/dist-embed')

if (!existsSync(join(embed, 'docchat.js'))) {
  console.error('drop-in: ../widget/dist-embed/docchat.js is missing; build @docchat/widget first')
  process.exit(1)
}
// Files of an earlier build that the widget no longer makes must not ship.
for (const file of readdirSync(packageDir)) {
  if (/^docchat.*\.js(\.map)?$/.test(file) || file === 'integrity.json') {
    rmSync(join(packageDir, file))
  }
}
const files = readdirSync(embed).filter((file) => /^docchat[\w-]*\.js(\.map)?$/.test(file))
for (const file of files) copyFileSync(join(embed, file), join(packageDir, file))

const integrity = Object.fromEntries(
  dropInFiles(packageDir).map((file) => [file, integrityOf(join(packageDir, file))]),
)
writeFileSync(join(packageDir, 'integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`)
console.log(
  `drop-in: ${Object.keys(integrity).length} scripts, docchat.js ${integrity['docchat.js']}`,
)
