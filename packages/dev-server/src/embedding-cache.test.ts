/**
 * The on-disk embedding cache (issue 20, finding 5): a private per-user folder, no symbolic link
 * followed on write or read, and no cache file trusted without checking it. Real files in a real
 * temp folder, real embeddings through @ai-sdk/openai and the local fake OpenAI server.
 */
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { homedir, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOpenAI } from '@ai-sdk/openai'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { defaultEmbeddingCacheDir, diskEmbeddingCache, embeddingCacheDirs } from './default-docs'
import { createDocsIndex } from './search/docs-index'
import { createSemanticSearch } from './search/semantic-search'
import { type FakeOpenAI, startFakeOpenAI } from './test/fake-openai'
import { fixtureCorpus } from './test/fixture-docs'

let fake: FakeOpenAI
let root: string

beforeAll(async () => {
  fake = await startFakeOpenAI()
})
afterAll(() => fake.close())
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'docchat-cache-test-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const model = () =>
  createOpenAI({
    apiKey: 'sk-local',
    baseURL: fake.baseURL,
    compatibility: 'compatible',
  }).embedding('fake-embedding')
const index = createDocsIndex(fixtureCorpus())
const vectors = (count: number, dimensions: number) =>
  Array.from({ length: count }, (_, i) => Float32Array.from({ length: dimensions }, () => i + 0.5))
const isRoot = process.getuid?.() === 0

/** Embeds the fixture docs through `dir`'s cache; how many texts the model was asked for. */
async function embedThrough(dir: string) {
  const warnings: string[] = []
  const cache = diskEmbeddingCache(dir, (message) => warnings.push(message))
  const before = fake.embeddingInputs.reduce((a, b) => a + b, 0)
  const semantic = await createSemanticSearch(index, { model: model(), cache })
  const embedded = fake.embeddingInputs.reduce((a, b) => a + b, 0) - before
  return { cached: semantic.stats.cached, embedded, warnings, semantic }
}

describe('where the cache lives', () => {
  it('is a per-user folder, never a shared one in the temp directory', () => {
    const shared = join(tmpdir(), 'docchat-dev-server', 'embeddings')
    expect(defaultEmbeddingCacheDir({})).not.toBe(shared)
    expect(defaultEmbeddingCacheDir({})).toBe(
      join(homedir(), '.cache', 'docchat-dev-server', 'embeddings'),
    )
    const system = { home: '/home/ada', tmp: '/tmp', uid: 1000, platform: 'linux' }
    expect(embeddingCacheDirs({ XDG_CACHE_HOME: '/xdg' }, system)).toEqual([
      '/xdg/docchat-dev-server/embeddings',
      '/tmp/docchat-dev-server-1000/embeddings',
    ])
    // A relative XDG_CACHE_HOME is invalid (the XDG spec): ignored.
    expect(embeddingCacheDirs({ XDG_CACHE_HOME: 'cache' }, system)[0]).toBe(
      '/home/ada/.cache/docchat-dev-server/embeddings',
    )
    expect(embeddingCacheDirs({}, { ...system, home: undefined })).toEqual([
      '/tmp/docchat-dev-server-1000/embeddings',
    ])
    expect(embeddingCacheDirs({ DOCCHAT_EMBEDDING_CACHE: '/mine' }, system)).toEqual(['/mine'])
  })

  it('creates its folders private (0700)', async () => {
    const dir = join(root, 'user', 'embeddings')
    expect(await embedThrough(dir)).toMatchObject({ cached: false, warnings: [] })
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(join(root, 'user')).mode & 0o777).toBe(0o700)
    const [file] = readdirSync(dir)
    expect(file).toMatch(/^[0-9a-f]{64}\.f32$/)
    expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600)
    expect(await embedThrough(dir)).toMatchObject({ cached: true, embedded: 0 })
  })

  it('refuses a folder others can write to: no cache, one warning, search still works', async () => {
    const dir = join(root, 'open')
    mkdirSync(dir)
    chmodSync(dir, 0o777)
    const first = await embedThrough(dir)
    expect(first.cached).toBe(false)
    expect(first.warnings).toHaveLength(1)
    expect(first.warnings[0]).toContain('can be written by other users (mode 777)')
    expect(readdirSync(dir)).toEqual([])
    expect((await first.semantic.search('webhook retries'))[0]?.path).toBeTruthy()
  })

  it('refuses a folder that is a symbolic link', async () => {
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere, { mode: 0o700 })
    symlinkSync(elsewhere, join(root, 'link'))
    const linked = await embedThrough(join(root, 'link'))
    expect(linked.warnings[0]).toContain('is not a folder')
    expect(readdirSync(elsewhere)).toEqual([])
  })

  it.runIf(isRoot)('refuses a folder owned by another user (run as root: chown)', async () => {
    const theirs = join(root, 'theirs')
    mkdirSync(theirs, { mode: 0o700 })
    chownSync(theirs, 4321, 4321)
    const result = await embedThrough(theirs)
    expect(result.warnings[0]).toContain('belongs to uid 4321')
    expect(readdirSync(theirs)).toEqual([])
    // A private folder of ours inside theirs: they could swap it, so it is refused too.
    const inside = join(root, 'theirs-parent')
    mkdirSync(join(inside, 'ours'), { recursive: true, mode: 0o700 })
    chmodSync(inside, 0o777)
    const nested = await embedThrough(join(inside, 'ours'))
    expect(nested.warnings[0]).toContain(`${inside} can be written by other users`)
  })
})

describe('writing and reading cache files', () => {
  it('never writes through a planted symbolic link (the old predictable temp name)', async () => {
    const dir = join(root, 'cache')
    const first = await embedThrough(dir)
    expect(first.cached).toBe(false)
    const [file] = readdirSync(dir)
    const key = file!.replace(/\.f32$/, '')
    rmSync(join(dir, file!))
    const victim = join(root, 'victim.txt')
    writeFileSync(victim, 'precious')
    symlinkSync(victim, join(dir, `${key}.f32.${process.pid}.tmp`))
    symlinkSync(victim, join(dir, `${key}.f32`))
    await diskEmbeddingCache(dir).write(key, vectors(3, 4))
    expect(readFileSync(victim, 'utf8')).toBe('precious')
    // The planted link at the final name was replaced by a real file, not written through.
    expect(lstatSync(join(dir, `${key}.f32`)).isFile()).toBe(true)
  })

  it('never reads through a symbolic link, even to a valid cache file', async () => {
    const dir = join(root, 'cache')
    const other = join(root, 'other')
    const key = 'a'.repeat(64)
    await diskEmbeddingCache(other).write(key, vectors(2, 3))
    expect(await diskEmbeddingCache(other).read(key)).toHaveLength(2)
    mkdirSync(dir, { mode: 0o700 })
    symlinkSync(join(other, `${key}.f32`), join(dir, `${key}.f32`))
    expect(await diskEmbeddingCache(dir).read(key)).toBeUndefined()
  })

  it.each([
    [
      'not-a-number vectors',
      (n: number, d: number) => Float32Array.from({ length: n * d }, () => Number.NaN),
    ],
    ['a body shorter than its header says', (n: number, d: number) => new Float32Array(n * d - 1)],
  ])('ignores and rebuilds a cache file with %s', async (_, body) => {
    const dir = join(root, 'cache')
    await embedThrough(dir)
    const [file] = readdirSync(dir)
    const count = index.corpus.pages.reduce((sum, page) => sum + page.sections.length, 0)
    // The shape the old reader trusted: a header with a count and a size, nothing to check.
    const header = Buffer.from(`${JSON.stringify({ count, dimensions: 256 })}\n`)
    writeFileSync(join(dir, file!), Buffer.concat([header, Buffer.from(body(count, 256).buffer)]))
    const rebuilt = await embedThrough(dir)
    expect(rebuilt.cached).toBe(false)
    expect(rebuilt.embedded).toBe(count)
    expect(await embedThrough(dir)).toMatchObject({ cached: true })
  })

  it('ignores files whose header, key or checksum is wrong', async () => {
    const dir = join(root, 'cache')
    const key = 'b'.repeat(64)
    const cache = diskEmbeddingCache(dir)
    await cache.write(key, vectors(2, 3))
    const path = join(dir, `${key}.f32`)
    const good = readFileSync(path)
    expect(await cache.read(key)).toHaveLength(2)
    const newline = good.indexOf(0x0a)
    const header = JSON.parse(good.subarray(0, newline).toString())
    const withHeader = (changes: object) =>
      Buffer.concat([
        Buffer.from(`${JSON.stringify({ ...header, ...changes })}\n`),
        good.subarray(newline + 1),
      ])
    for (const bytes of [
      withHeader({ key: 'c'.repeat(64) }),
      withHeader({ sha256: '0'.repeat(64) }),
      withHeader({ count: 3 }),
      withHeader({ dimensions: 0 }),
      withHeader({ format: 'something else' }),
      Buffer.from('null\n'),
      Buffer.from('{"count":'),
    ]) {
      writeFileSync(path, bytes)
      expect(await cache.read(key)).toBeUndefined()
    }
    writeFileSync(path, good)
    expect(await cache.read(key)).toHaveLength(2)
  })

  it.runIf(isRoot)('ignores another user’s file, however valid (run as root: chown)', async () => {
    const key = 'd'.repeat(64)
    const cache = diskEmbeddingCache(join(root, 'cache'))
    await cache.write(key, vectors(2, 3))
    expect(await cache.read(key)).toHaveLength(2)
    chownSync(join(root, 'cache', `${key}.f32`), 4321, 4321)
    expect(await cache.read(key)).toBeUndefined()
  })
})
