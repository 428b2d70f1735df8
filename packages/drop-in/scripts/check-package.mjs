#!/usr/bin/env node
// The drop-in's tarball, as `pnpm pack` makes it: the kit checks every public package gets
// (scripts/check-tarball.mjs), and what makes it usable from a CDN: no dependencies of any kind
// (a CDN user installs nothing; `npm i @docchat/drop-in` pulls nothing), every script
// @docchat/widget builds into dist-embed/, every script a shipped file requests (the panel and its
// chunks load next to docchat.js), and integrity.json holding each script's sha384.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { checkKit, packTarball } from '../../../scripts/check-tarball.mjs'
import { dropInFiles, integrityOf, requestedFiles } from './drop-in-files.mjs'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const embed = join(packageDir, '../widget/dist-embed')
const packed = packTarball(packageDir)
const problems = checkKit(packageDir, packed)
try {
  const { manifest, files, dir } = packed
  for (const field of [
    'dependencies',
    'peerDependencies',
    'optionalDependencies',
    'bundleDependencies',
    'bundledDependencies',
  ]) {
    const named = Object.keys(manifest[field] ?? {})
    if (named.length) problems.push(`${field}: ${named.join(', ')} (the drop-in has none)`)
  }
  if (manifest.jsdelivr !== './docchat.js' || manifest.unpkg !== './docchat.js') {
    problems.push('jsdelivr and unpkg must be ./docchat.js')
  }
  const shipped = dropInFiles(dir)
  if (!existsSync(join(embed, 'docchat.js'))) problems.push(`${embed} is not built`)
  else {
    for (const file of dropInFiles(embed)) {
      if (!files.includes(file)) problems.push(`${file} from dist-embed is not in the tarball`)
      else if (integrityOf(join(embed, file)) !== integrityOf(join(dir, file))) {
        problems.push(
          `${file} differs from dist-embed's: run \`pnpm --filter @docchat/drop-in build\``,
        )
      }
    }
  }
  for (const file of shipped) {
    for (const requested of requestedFiles(readFileSync(join(dir, file), 'utf8'))) {
      if (!files.includes(requested)) problems.push(`${file} requests ${requested}, not shipped`)
    }
  }
  if (!shipped.includes('docchat.js') || !shipped.includes('docchat-panel.js')) {
    problems.push('docchat.js and docchat-panel.js must ship')
  }
  const integrity = files.includes('integrity.json')
    ? JSON.parse(readFileSync(join(dir, 'integrity.json'), 'utf8'))
    : {}
  for (const file of shipped) {
    if (integrity[file] !== integrityOf(join(dir, file))) {
      problems.push(`integrity.json has no or a wrong sha384 for ${file}`)
    }
  }
  const other = files.filter(
    (file) =>
      !/^docchat[\w-]*\.js(\.map)?$/.test(file) &&
      !['integrity.json', 'package.json', 'LICENSE', 'README.md', 'CHANGELOG.md'].includes(file),
  )
  if (other.length) problems.push(`unexpected files in the tarball: ${other.join(', ')}`)
  if (problems.length) {
    for (const problem of problems) console.error(`✗ @docchat/drop-in: ${problem}`)
    process.exitCode = 1
  } else {
    console.log(
      `✓ @docchat/drop-in@${manifest.version}: ${shipped.length} scripts, no dependencies, every requested file ships, integrity.json matches`,
    )
  }
} finally {
  packed.cleanup()
}
