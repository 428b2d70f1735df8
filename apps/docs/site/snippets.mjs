#!/usr/bin/env node
// Docs are code: a code block in the docs (apps/docs/**/*.mdx) or a README names the source it
// shows, and this keeps the two the same.
//
//   ```tsx app/page.tsx file="apps/example-nextjs/app/page.tsx#widget"
//
// names the lines between `// #region widget` and `// #endregion widget` in that file (HTML and
// Markdown sources: `<!-- #region name -->` … `<!-- #endregion name -->`; no `#name`: the whole
// file). The code stays inline in the MDX: the dev server indexes the page's text.
//
// The drop-in's CDN URLs are checked the same way: every versioned
// `https://cdn.jsdelivr.net/npm/@docchat/drop-in@<version>/<file>` in the docs, the READMEs and the
// example apps names the version of packages/drop-in and is followed by the sha384 of that built
// file (`integrity="…"` on a script tag, or an import map's `"<url>": "sha384-…"`).
//
//   node apps/docs/site/snippets.mjs           lists every difference (exit 1 when any)
//   node apps/docs/site/snippets.mjs --write   rewrites the drop-in references in the examples,
//                                              then the marked blocks from their sources
//
// `pnpm --filter @docchat/docs-site snippets` runs the second; apps/docs's vitest runs the first.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Larger files are not sources of snippets (nor docs): refused before they are scanned. */
const MAX_FILE_CHARS = 512 * 1024
/** A fence's info string, as far as it is read. */
const MAX_INFO_CHARS = 1_000

// ── where snippets are shown ─────────────────────────────────────────────────────────────────────

/** Build output and installed packages hold no sources. */
const skippedDirs = new Set(['node_modules', 'dist', '.next', 'cache', 'test-results'])

function walk(dir, accept, into = []) {
  for (const name of readdirSync(dir)) {
    if (skippedDirs.has(name) || (name.startsWith('.') && name !== '.vitepress')) continue
    const path = join(dir, name)
    if (statSync(path).isDirectory()) walk(path, accept, into)
    else if (accept(path)) into.push(path)
  }
  return into
}

/** The docs pages and READMEs whose code blocks may be marked. */
export function documentFiles(root = repoRoot) {
  const files = walk(join(root, 'apps/docs'), (path) => path.endsWith('.mdx'))
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(root, group))) {
      const readme = join(root, group, name, 'README.md')
      if (existsSync(readme)) files.push(readme)
    }
  }
  files.push(join(root, 'README.md'))
  return files.sort()
}

/** The example apps' files that may hold drop-in references (pages, configs, sources). */
export function exampleFiles(root = repoRoot) {
  const files = []
  for (const name of readdirSync(join(root, 'apps'))) {
    if (!name.startsWith('example-')) continue
    files.push(
      ...walk(join(root, 'apps', name), (path) => /\.(html|mts|ts|tsx|mjs|js|md)$/.test(path)),
    )
  }
  return files.sort()
}

// ── marked code blocks ───────────────────────────────────────────────────────────────────────────

/**
 * The fenced code blocks of a Markdown/MDX text that carry `file="…"` in their info string:
 * `{ spec, start, end, indent, line }` where `start`..`end` are the body's line indexes.
 */
export function markedBlocks(text) {
  const lines = text.split('\n')
  const blocks = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(lines[index])
    if (!open) continue
    const [, indent, fence, info] = open
    let close = index + 1
    while (close < lines.length) {
      const trimmed = lines[close].trim()
      if (trimmed.startsWith(fence[0].repeat(fence.length)) && /^(`+|~+)$/.test(trimmed)) break
      close++
    }
    const spec = /\bfile="([^"]*)"/.exec(info.slice(0, MAX_INFO_CHARS))?.[1]
    if (spec !== undefined)
      blocks.push({ spec, start: index + 1, end: close, indent, line: index + 1 })
    index = close
  }
  return blocks
}

const regionStart = /^\s*(?:\/\/|<!--|#|\/\*|\{\/\*)\s*#region\b\s*([\w-]*)/
const regionEnd = /^\s*(?:\/\/|<!--|#|\/\*|\{\/\*)\s*#endregion\b\s*([\w-]*)/

/** Removes the indentation all non-blank lines share. */
function dedent(lines) {
  const widths = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)[0].length)
  const common = widths.length ? Math.min(...widths) : 0
  return lines.map((line) => line.slice(common))
}

/**
 * The text a spec names (`path#region`, path relative to the repository): the region's lines
 * without the marker lines of any region inside it, dedented. Throws, saying why, when the file or
 * the region is missing, leaves the repository, or is unterminated.
 */
export function readSnippet(spec, root = repoRoot) {
  const [path, region, extra] = spec.split('#')
  if (!path || extra !== undefined) throw new Error(`"${spec}" is not "path#region" or "path"`)
  const file = resolve(root, path)
  if (relative(root, file).startsWith('..') || !file.startsWith(resolve(root) + sep)) {
    throw new Error(`"${spec}" points outside the repository`)
  }
  if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`"${path}" does not exist`)
  const text = readFileSync(file, 'utf8')
  if (text.length > MAX_FILE_CHARS)
    throw new Error(`"${path}" is over ${MAX_FILE_CHARS} characters`)
  const lines = text.replace(/\n$/, '').split('\n')
  const isMarker = (line) => regionStart.test(line) || regionEnd.test(line)
  if (!region) return dedent(lines.filter((line) => !isMarker(line))).join('\n')
  const starts = lines.flatMap((line, index) =>
    regionStart.exec(line)?.[1] === region ? [index] : [],
  )
  if (starts.length === 0) throw new Error(`"${path}" has no "#region ${region}"`)
  if (starts.length > 1) throw new Error(`"${path}" has "#region ${region}" ${starts.length} times`)
  const end = lines.findIndex(
    (line, index) =>
      index > starts[0] && regionEnd.test(line) && [region, ''].includes(regionEnd.exec(line)[1]),
  )
  if (end === -1) throw new Error(`"${path}": "#region ${region}" has no "#endregion"`)
  let body = lines.slice(starts[0] + 1, end).filter((line) => !isMarker(line))
  // A region of a Markdown file around one code block (an install line in a README) is its code.
  const fence = /^\s*(`{3,}|~{3,})/.exec(body[0] ?? '')?.[1]
  if (fence && body.length >= 2 && body.at(-1).trim() === fence) body = body.slice(1, -1)
  return dedent(body).join('\n')
}

/**
 * Checks (or, with `write`, rewrites) every marked block of one document. Returns the new text
 * and the problems: `{ line, spec, message }`.
 */
export function syncDocument(text, { root = repoRoot } = {}) {
  const lines = text.split('\n')
  const problems = []
  // From the last block up, so earlier line indexes stay valid while blocks change length.
  for (const block of markedBlocks(text).reverse()) {
    let snippet
    try {
      snippet = readSnippet(block.spec, root)
    } catch (error) {
      problems.push({ line: block.line, spec: block.spec, message: error.message })
      continue
    }
    const wanted = snippet.split('\n').map((line) => (line ? block.indent + line : line))
    const current = lines.slice(block.start, block.end)
    if (current.join('\n') !== wanted.join('\n')) {
      problems.push({ line: block.line, spec: block.spec, message: 'differs from its source' })
      lines.splice(block.start, block.end - block.start, ...wanted)
    }
  }
  return { text: lines.join('\n'), problems: problems.reverse() }
}

// ── the drop-in's versioned CDN URLs and their SRI hashes ─────────────────────────────────────────

const dropInUrl =
  /https:\/\/cdn\.jsdelivr\.net\/npm\/@docchat\/drop-in@(\d+\.\d+\.\d+[\w.-]*)\/(docchat[\w-]*\.js)/g
const integrityValue = /sha384-[A-Za-z0-9+/]{64}/
/** How far after a URL its integrity may be written (a script tag's other attributes). */
const INTEGRITY_WINDOW = 600

/** The built drop-in: `{ version, integrity: { 'docchat.js': 'sha384-…' } }`, or undefined. */
export function builtDropIn(root = repoRoot) {
  const dir = join(root, 'packages/drop-in')
  const file = join(dir, 'integrity.json')
  if (!existsSync(file)) return undefined
  return {
    version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version,
    integrity: JSON.parse(readFileSync(file, 'utf8')),
  }
}

/**
 * Checks (or rewrites) every versioned drop-in URL in a text against the built drop-in: the
 * version, and the sha384 that must follow it before the next URL. Returns `{ text, problems }`.
 */
export function syncDropInReferences(text, dropIn) {
  const problems = []
  let out = ''
  let last = 0
  const matches = [...text.matchAll(dropInUrl)]
  matches.forEach((match, index) => {
    const [url, version, file] = match
    const lineOf = (offset) => text.slice(0, offset).split('\n').length
    const after = match.index + url.length
    const limit = Math.min(after + INTEGRITY_WINDOW, matches[index + 1]?.index ?? text.length)
    const hash = integrityValue.exec(text.slice(after, limit))
    const expected = dropIn.integrity[file]
    if (!expected)
      problems.push({ line: lineOf(match.index), message: `${file} is not a drop-in file` })
    if (version !== dropIn.version) {
      problems.push({
        line: lineOf(match.index),
        message: `${url} names ${version}, not ${dropIn.version}`,
      })
    }
    if (!hash) {
      problems.push({
        line: lineOf(match.index),
        message: `${url} has no sha384 integrity after it`,
      })
    } else if (expected && hash[0] !== expected) {
      problems.push({
        line: lineOf(match.index),
        message: `the integrity of ${file} is not the built file's`,
      })
    }
    out += text.slice(last, match.index) + url.replace(`@${version}/`, `@${dropIn.version}/`)
    last = after
    if (hash && expected) {
      out += text.slice(after, after + hash.index) + expected
      last = after + hash.index + hash[0].length
    }
  })
  return { text: out + text.slice(last), problems, count: matches.length }
}

// ── all of it ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Every problem in the repository: `{ file, line?, spec?, message }`. With `write`, first rewrites
 * what can be rewritten (the drop-in references in the examples, then the docs' marked blocks from
 * the rewritten sources), then returns what is left.
 */
export function syncAll({ root = repoRoot, write = false } = {}) {
  const problems = []
  const dropIn = builtDropIn(root)
  if (!dropIn) {
    problems.push({ file: 'packages/drop-in', message: 'not built: run `pnpm -r build` first' })
  }
  const documents = documentFiles(root)
  // Examples first: a document's block then shows the example's rewritten text.
  for (const file of [...new Set([...exampleFiles(root), ...documents])]) {
    const text = readFileSync(file, 'utf8')
    if (text.length > MAX_FILE_CHARS) continue
    let next = text
    const found = []
    if (dropIn) {
      const references = syncDropInReferences(next, dropIn)
      next = references.text
      found.push(...references.problems)
    }
    if (documents.includes(file)) {
      const blocks = syncDocument(next, { root })
      next = blocks.text
      found.push(...blocks.problems)
    }
    if (write && next !== text) writeFileSync(file, next)
    for (const problem of found) problems.push({ file: relative(root, file), ...problem })
  }
  return write ? syncAll({ root }) : problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const write = process.argv.includes('--write')
  const problems = syncAll({ write })
  for (const { file, line, spec, message } of problems) {
    console.error(`${file}${line ? `:${line}` : ''}${spec ? ` ${spec}` : ''}: ${message}`)
  }
  if (problems.length) {
    if (!write) console.error('\nRun `pnpm --filter @docchat/docs-site snippets` to rewrite them.')
    process.exit(1)
  }
  console.log(write ? 'snippets: every marked block matches its source' : 'snippets: in sync')
}
