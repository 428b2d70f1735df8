import { readdir, readFile } from 'node:fs/promises'
import { basename, join, relative, resolve, sep } from 'node:path'
import { listRefs } from './navigation'
import { parseDocs } from './parse-docs'
import type { DocsCorpus, ParseDocsOptions } from './types'

/** Folders never part of a docs site. */
const skippedFolders = new Set(['node_modules', 'dist', 'build', 'out'])

/**
 * Reads a Mintlify docs folder (`docs.json` or `mint.json`, the JSON files it `$ref`s, every
 * `.mdx`/`.md` page and snippet) and parses it with {@link parseDocs}.
 */
export async function loadDocs(dir: string, options: ParseDocsOptions = {}): Promise<DocsCorpus> {
  const root = resolve(dir)
  const paths = await listPages(root)
  const files = new Map<string, string>()
  await Promise.all(
    paths.map(async (path) => {
      files.set(relative(root, path).split(sep).join('/'), await readFile(path, 'utf8'))
    }),
  )
  for (const config of ['docs.json', 'mint.json']) {
    const source = await readOptional(join(root, config))
    if (source === undefined) continue
    files.set(config, source)
    await readRefs(root, config, source, files)
    break
  }
  return parseDocs(files, { name: options.name ?? basename(root), ...options })
}

async function listPages(root: string): Promise<string[]> {
  const found: string[] = []
  const visit = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true })
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) return
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await visit(path)
        else if (entry.isFile() && /\.mdx?$/i.test(entry.name)) found.push(path)
      }),
    )
  }
  await visit(root)
  return found.sort()
}

/** Follows `$ref`s from the config (and from referenced files) so parseDocs can resolve them. */
async function readRefs(root: string, file: string, source: string, files: Map<string, string>) {
  let json: unknown
  try {
    json = JSON.parse(source)
  } catch {
    return
  }
  for (const target of listRefs(json, file)) {
    if (files.has(target)) continue
    const referenced = await readOptional(join(root, target))
    if (referenced === undefined) continue
    files.set(target, referenced)
    await readRefs(root, target, referenced, files)
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}
