/**
 * Node-only: loads docs folders and finds the default corpus (the kit's own docs in `apps/docs`).
 * Imported dynamically, so the fetch handler itself stays runnable in browsers.
 */
import { stat } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { loadDocs } from './docs/load-docs'
import type { DocsCorpus } from './docs/types'

/** `<repository>/apps/docs`, from `src/` and `dist/` alike (both sit two levels below the repo). */
export function defaultDocsDir(): string {
  return fileURLToPath(new URL('../../../apps/docs/', import.meta.url))
}

export async function isDocsFolder(dir: string): Promise<boolean> {
  for (const config of ['docs.json', 'mint.json']) {
    try {
      if ((await stat(`${dir.replace(/\/+$/, '')}/${config}`)).isFile()) return true
    } catch {
      // not this one
    }
  }
  return false
}

export async function loadDocsFolder(dir: string, name: string): Promise<DocsCorpus> {
  if (!(await isDocsFolder(dir))) {
    throw new Error(`No docs.json or mint.json in ${dir} (docs for domain "${name}")`)
  }
  return loadDocs(dir, { name })
}
