/**
 * Node-only: loads docs folders and finds the default corpus (the kit's own docs in `apps/docs`).
 * Imported dynamically, so the fetch handler itself stays runnable in browsers.
 */
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadDocs } from './docs/load-docs'
import type { DocsCorpus } from './docs/types'
import type { EmbeddingCache } from './search/semantic-search'

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

/**
 * Section embeddings on disk, one file per corpus hash and model (`<key>.f32`: a small JSON
 * header line, then the vectors as little-endian float32), so LLM mode embeds a corpus once.
 */
export function diskEmbeddingCache(dir: string): EmbeddingCache {
  const fileOf = (key: string) => join(dir, `${key}.f32`)
  return {
    async read(key) {
      let bytes: Buffer
      try {
        bytes = await readFile(fileOf(key))
      } catch {
        return undefined
      }
      const newline = bytes.indexOf(0x0a)
      if (newline < 0) return undefined
      const { count, dimensions } = JSON.parse(bytes.subarray(0, newline).toString('utf8')) as {
        count: number
        dimensions: number
      }
      const body = bytes.subarray(newline + 1)
      if (body.length !== count * dimensions * 4) return undefined
      const all = new Float32Array(
        body.buffer.slice(body.byteOffset, body.byteOffset + body.length),
      )
      return Array.from({ length: count }, (_, i) =>
        all.subarray(i * dimensions, (i + 1) * dimensions),
      )
    },
    async write(key, vectors) {
      const dimensions = vectors[0]?.length ?? 0
      const header = Buffer.from(`${JSON.stringify({ count: vectors.length, dimensions })}\n`)
      const body = Buffer.alloc(vectors.length * dimensions * 4)
      vectors.forEach((vector, i) => {
        for (let d = 0; d < dimensions; d++)
          body.writeFloatLE(vector[d] ?? 0, (i * dimensions + d) * 4)
      })
      await mkdir(dir, { recursive: true })
      // Written whole, then renamed: a reader never sees half a file.
      const partial = `${fileOf(key)}.${process.pid}.tmp`
      await writeFile(partial, Buffer.concat([header, body]))
      await rename(partial, fileOf(key))
    },
  }
}

/** `DOCCHAT_EMBEDDING_CACHE`, else a folder in the system's temporary directory. */
export function defaultEmbeddingCacheDir(env: Record<string, string | undefined>): string {
  return env.DOCCHAT_EMBEDDING_CACHE || join(tmpdir(), 'docchat-dev-server', 'embeddings')
}
