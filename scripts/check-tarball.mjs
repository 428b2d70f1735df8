#!/usr/bin/env node
// Packs a public package the way it is published (`pnpm pack`, which turns `workspace:` ranges
// into versions) and checks what an npm user receives: LICENSE (the repository's), README.md and
// CHANGELOG.md in the tarball; repository (with its directory), homepage and bugs in package.json;
// no `workspace:` range left; a README whose links work outside the repository (absolute, or an
// anchor in the README itself). Run from a package's directory (its `check:package`); exits 1
// naming every problem.
//
//   node ../../scripts/check-tarball.mjs
//
// Also a module: `packTarball(dir)` → { dir: unpacked `package/` folder, manifest, files, cleanup }.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const repo = fileURLToPath(new URL('..', import.meta.url))
const repositoryUrl = 'git+https://github.com/docchat/docchat.git'
const dependencyFields = [
  'dependencies',
  'devDependencies',
  'peerDependencies',
  'optionalDependencies',
]

function listFiles(dir, base = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? listFiles(path, base) : [relative(base, path)]
  })
}

export function packTarball(packageDir) {
  const out = mkdtempSync(join(tmpdir(), 'docchat-pack-'))
  execFileSync('pnpm', ['pack', '--pack-destination', out], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const tarball = readdirSync(out).find((file) => file.endsWith('.tgz'))
  if (!tarball) throw new Error(`pnpm pack made no tarball in ${out}`)
  execFileSync('tar', ['-xzf', join(out, tarball), '-C', out])
  const dir = join(out, 'package')
  return {
    tarball: join(out, tarball),
    dir,
    manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')),
    files: listFiles(dir).sort(),
    cleanup: () => rmSync(out, { recursive: true, force: true }),
  }
}

/** Markdown without its code: fenced blocks and inline code spans (their text is not a link). */
function withoutCode(markdown) {
  let fence
  const prose = []
  for (const line of markdown.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1]
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined
    } else if (marker) fence = marker
    else prose.push(line.replace(/`[^`\n]*`/g, ''))
  }
  return prose.join('\n')
}

/** Links in markdown a reader on npm cannot follow: relative paths into the repository. */
export function relativeLinks(markdown) {
  const links = []
  // Inline links and images `](target)`; reference definitions `[x]: target`. Bounded by line.
  for (const match of withoutCode(markdown).matchAll(
    /\]\(([^)\s]{1,2000})|^\[[^\]\n]{1,200}\]:\s*(\S{1,2000})/gm,
  )) {
    const target = match[1] ?? match[2]
    if (!/^(https?:|mailto:|#)/.test(target)) links.push(target)
  }
  return links
}

export function checkKit(packageDir, packed) {
  const problems = []
  const { manifest, files, dir } = packed
  const name = manifest.name
  for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md']) {
    if (!files.includes(file)) problems.push(`${name}: the tarball has no ${file}`)
  }
  if (files.includes('LICENSE')) {
    const license = readFileSync(join(dir, 'LICENSE'), 'utf8')
    if (license !== readFileSync(join(repo, 'LICENSE'), 'utf8')) {
      problems.push(`${name}: LICENSE differs from the repository's LICENSE`)
    }
  }
  if (manifest.license !== 'MIT') problems.push(`${name}: license is ${manifest.license}, not MIT`)
  const directory = relative(repo, resolve(packageDir)).replaceAll('\\', '/')
  const repository = manifest.repository
  if (repository?.url !== repositoryUrl || repository?.directory !== directory) {
    problems.push(
      `${name}: repository must be { "type": "git", "url": "${repositoryUrl}", "directory": "${directory}" }`,
    )
  }
  if (typeof manifest.homepage !== 'string' || !manifest.homepage.startsWith('https://')) {
    problems.push(`${name}: no https homepage`)
  }
  if (!manifest.bugs?.url?.startsWith('https://')) problems.push(`${name}: no bugs.url`)
  for (const field of dependencyFields) {
    for (const [dependency, range] of Object.entries(manifest[field] ?? {})) {
      if (String(range).startsWith('workspace:')) {
        problems.push(`${name}: ${field}.${dependency} is still ${range}`)
      }
    }
  }
  if (files.includes('README.md')) {
    const links = relativeLinks(readFileSync(join(dir, 'README.md'), 'utf8'))
    for (const link of links)
      problems.push(`${name}: README links to ${link}, which npm cannot show`)
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const packageDir = process.cwd()
  const packed = packTarball(packageDir)
  try {
    const problems = checkKit(packageDir, packed)
    if (problems.length) {
      for (const problem of problems) console.error(`✗ ${problem}`)
      process.exit(1)
    }
    console.log(
      `✓ ${packed.manifest.name}@${packed.manifest.version}: ${packed.files.length} files, LICENSE, README, CHANGELOG, repository, homepage, bugs`,
    )
  } finally {
    packed.cleanup()
  }
}
