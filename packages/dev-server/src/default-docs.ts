/**
 * Node-only: loads docs folders and finds the default corpus (the kit's own docs in `apps/docs`).
 * Imported dynamically, so the fetch handler itself stays runnable in browsers.
 */
import { createHash, randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { lstat, mkdir, open, realpath, rename, stat, unlink } from 'node:fs/promises'
import { homedir, tmpdir } from 'node:os'
import { dirname, isAbsolute, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadDocs } from './docs/load-docs'
import type { DocsCorpus } from './docs/types'
import type { EmbeddingCache } from './search/semantic-search'
import { trimTrailing } from './text-scan'

/** `<repository>/apps/docs`, from `src/` and `dist/` alike (both sit two levels below the repo). */
export function defaultDocsDir(): string {
  return fileURLToPath(new URL('../../../apps/docs/', import.meta.url))
}

export async function isDocsFolder(dir: string): Promise<boolean> {
  for (const config of ['docs.json', 'mint.json']) {
    try {
      if ((await stat(`${trimTrailing(dir, '/')}/${config}`)).isFile()) return true
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

/** What the first line of a cache file says; anything else makes the file a miss. */
interface CacheHeader {
  format: typeof cacheFormat
  key: string
  count: number
  dimensions: number
  /** SHA-256 of the vectors as stored. */
  sha256: string
}
const cacheFormat = 'docchat-embeddings/1'
/** Larger files are not read: no corpus has 2 GiB of vectors, a planted file might. */
const maxCacheFileBytes = 1024 * 1024 * 1024
/** Longest header line read. */
const maxHeaderBytes = 4096

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 && value < 2 ** 31
}

/**
 * Why `dir` may not hold the cache, or undefined when it may: it must be a real folder (not a
 * symbolic link) of this user that no one else can write to, in a chain of folders that belong
 * to this user or to root and that others can't write to (except sticky ones such as /tmp, where
 * others can't rename what is ours). Checked on POSIX; Windows has no modes to check.
 */
async function cacheDirProblem(dir: string): Promise<string | undefined> {
  const uid = process.getuid?.()
  if (uid === undefined) return undefined
  const own = await lstat(dir)
  if (own.isSymbolicLink() || !own.isDirectory()) return `${dir} is not a folder`
  if (own.uid !== uid) return `${dir} belongs to uid ${own.uid}, not to this user (${uid})`
  if (own.mode & 0o022) {
    return `${dir} can be written by other users (mode ${(own.mode & 0o777).toString(8)})`
  }
  let folder = await realpath(dirname(dir))
  for (;;) {
    const stats = await stat(folder)
    if (stats.uid !== uid && stats.uid !== 0) return `${folder} belongs to uid ${stats.uid}`
    if (stats.mode & 0o022 && !(stats.mode & 0o1000)) {
      return `${folder} can be written by other users (mode ${(stats.mode & 0o777).toString(8)})`
    }
    const up = dirname(folder)
    if (up === folder) return undefined
    folder = up
  }
}

/**
 * Section embeddings on disk, one file per corpus hash and model (`<key>.f32`: a JSON header line
 * naming the format, key, shape and checksum, then the vectors as little-endian float32), so LLM
 * mode embeds a corpus once.
 *
 * The folder is created private (0700) and checked before first use (`cacheDirProblem`); if it
 * fails the check the server says why once and runs without a cache. Files are written under an
 * exclusive random name (`wx`) and renamed into place, and read only when `lstat` shows a regular
 * file of this user (opened with `O_NOFOLLOW`): no symbolic link is ever followed. A file that
 * fails any check (header, key, size, checksum, finite values) is a miss: the corpus is embedded
 * again and the file replaced.
 */
export function diskEmbeddingCache(
  dir: string | readonly string[],
  warn: (message: string) => void = (message) => console.warn(message),
): EmbeddingCache {
  const candidates = typeof dir === 'string' ? [dir] : dir
  let usable: Promise<string | undefined> | undefined
  // The first candidate folder that can be made private and passes the checks, or none.
  const folder = () => {
    usable ??= (async () => {
      const problems: string[] = []
      for (const candidate of candidates) {
        try {
          await mkdir(candidate, { recursive: true, mode: 0o700 })
          const problem = await cacheDirProblem(candidate)
          if (!problem) return candidate
          problems.push(problem)
        } catch (error) {
          problems.push(`${candidate}: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      warn(
        `docchat-dev-server: embeddings are not cached (${problems.join('; ')}); set DOCCHAT_EMBEDDING_CACHE to a private folder`,
      )
      return undefined
    })()
    return usable
  }
  const uid = process.getuid?.()
  return {
    async read(key) {
      const base = await folder()
      if (!base) return undefined
      const file = join(base, `${key}.f32`)
      try {
        const info = await lstat(file)
        if (!info.isFile() || (uid !== undefined && info.uid !== uid)) return undefined
        if (info.size > maxCacheFileBytes) return undefined
        const handle = await open(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
        let bytes: Buffer
        try {
          bytes = await handle.readFile()
        } finally {
          await handle.close()
        }
        return parseCacheFile(bytes, key)
      } catch {
        return undefined
      }
    },
    async write(key, vectors) {
      const base = await folder()
      const dimensions = vectors[0]?.length ?? 0
      if (!base || !isCount(vectors.length) || !isCount(dimensions)) return
      const body = Buffer.alloc(vectors.length * dimensions * 4)
      vectors.forEach((vector, i) => {
        for (let d = 0; d < dimensions; d++)
          body.writeFloatLE(vector[d] ?? 0, (i * dimensions + d) * 4)
      })
      const header: CacheHeader = {
        format: cacheFormat,
        key,
        count: vectors.length,
        dimensions,
        sha256: sha256(body),
      }
      // Written whole under a name no one can have planted (`wx` fails on anything already
      // there, a symbolic link included), then renamed: a reader never sees half a file.
      const partial = join(base, `${key}.${randomBytes(12).toString('hex')}.tmp`)
      const handle = await open(partial, 'wx', 0o600)
      try {
        await handle.writeFile(Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), body]))
      } finally {
        await handle.close()
      }
      try {
        await rename(partial, join(base, `${key}.f32`))
      } catch (error) {
        await unlink(partial).catch(() => {})
        throw error
      }
    },
  }
}

/** The vectors of a cache file, or undefined when any check fails. */
export function parseCacheFile(bytes: Uint8Array, key: string): Float32Array[] | undefined {
  const newline = bytes.subarray(0, maxHeaderBytes).indexOf(0x0a)
  if (newline < 0) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(bytes.subarray(0, newline)).toString('utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const header = parsed as Partial<CacheHeader>
  const { count, dimensions } = header
  if (header.format !== cacheFormat || header.key !== key) return undefined
  if (!isCount(count) || !isCount(dimensions)) return undefined
  const body = bytes.subarray(newline + 1)
  if (body.length !== count * dimensions * 4 || header.sha256 !== sha256(body)) return undefined
  const all = new Float32Array(body.buffer.slice(body.byteOffset, body.byteOffset + body.length))
  for (const value of all) if (!Number.isFinite(value)) return undefined
  return Array.from({ length: count }, (_, i) => all.subarray(i * dimensions, (i + 1) * dimensions))
}

/**
 * Where embeddings are cached: `$DOCCHAT_EMBEDDING_CACHE` when set; else a per-user cache folder
 * (`$XDG_CACHE_HOME/docchat-dev-server/embeddings`, `%LOCALAPPDATA%\\docchat-dev-server\\embeddings`
 * on Windows, `~/.cache/docchat-dev-server/embeddings`), then a per-user folder in the temp
 * directory (`docchat-dev-server-<uid>`) for a user without a home. The cache takes the first
 * one it can make private.
 */
export function embeddingCacheDirs(
  env: Record<string, string | undefined>,
  system: { home?: string; tmp: string; uid?: number; platform: string } = currentSystem(),
): string[] {
  if (env.DOCCHAT_EMBEDDING_CACHE) return [env.DOCCHAT_EMBEDDING_CACHE]
  const dirs: string[] = []
  // The XDG spec: a relative path is invalid and ignored.
  if (env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)) {
    dirs.push(join(env.XDG_CACHE_HOME, 'docchat-dev-server', 'embeddings'))
  } else if (system.platform === 'win32' && env.LOCALAPPDATA) {
    dirs.push(join(env.LOCALAPPDATA, 'docchat-dev-server', 'embeddings'))
  } else if (system.home) {
    dirs.push(join(system.home, '.cache', 'docchat-dev-server', 'embeddings'))
  }
  dirs.push(join(system.tmp, `docchat-dev-server-${system.uid ?? 'user'}`, 'embeddings'))
  return dirs
}

function currentSystem() {
  let home: string | undefined
  try {
    home = homedir() || undefined
  } catch {
    home = undefined
  }
  return { home, tmp: tmpdir(), uid: process.getuid?.(), platform: process.platform }
}

/** The first of `embeddingCacheDirs`: where the cache goes when nothing is in the way. */
export function defaultEmbeddingCacheDir(env: Record<string, string | undefined>): string {
  return embeddingCacheDirs(env)[0]!
}
