import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createOpenAI } from '@ai-sdk/openai'
import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diskEmbeddingCache } from '../default-docs'
import { loadDocs } from '../docs/load-docs'
import type { DocsCorpus } from '../docs/types'
import { createDevServer } from '../server'
import { measure, report } from '../test/answer-quality'
import { corpora, corpusFolder } from '../test/corpora'
import { type FakeOpenAI, startFakeOpenAI } from '../test/fake-openai'
import { type Corpus, questionSet } from '../test/question-set'
import { post } from '../test/requests'
import { createDocsIndex } from './docs-index'
import { createSemanticSearch, reciprocalRankFusion } from './semantic-search'

let fake: FakeOpenAI
let cacheDir: string

beforeAll(async () => {
  fake = await startFakeOpenAI()
  cacheDir = mkdtempSync(join(tmpdir(), 'docchat-embeddings-'))
}, 60_000)

afterAll(async () => {
  await fake.close()
  rmSync(cacheDir, { recursive: true, force: true })
})

const embeddingModel = () =>
  createOpenAI({
    apiKey: 'sk-local',
    baseURL: fake.baseURL,
    compatibility: 'compatible',
  }).embedding('fake-embedding')

describe('semantic search (embedMany through @ai-sdk/openai, fused by RRF)', () => {
  it("fuses rankings by reciprocal rank: agreement beats one list's top", () => {
    const r = (path: string) => ({
      content: '',
      path,
      metadata: { title: path, breadcrumbs: [], score: 0 },
    })
    const fused = reciprocalRankFusion([
      [r('/a'), r('/b'), r('/c')],
      [r('/b'), r('/d'), r('/a')],
    ])
    expect(fused.map((x) => x.path)).toEqual(['/b', '/a', '/d', '/c'])
  })
})

describeWithShared(
  'semantic search on the real corpora',
  ['corpora/mintlify-docs', 'corpora/pipecat-docs'],
  () => {
    let mintlify: DocsCorpus
    beforeAll(async () => {
      mintlify = await loadDocs(corpusFolder('mintlify'))
    }, 60_000)

    it('finds by meaning what keywords miss, and caches the corpus vectors on disk', async () => {
      const index = createDocsIndex(mintlify)
      const cache = diskEmbeddingCache(cacheDir)
      const before = fake.embeddingInputs.length
      const semantic = await createSemanticSearch(index, { model: embeddingModel(), cache })
      const sections = mintlify.pages.reduce((n, p) => n + p.sections.length, 0)
      expect(semantic.stats).toMatchObject({ sections, cached: false })
      const corpusInputs = fake.embeddingInputs.slice(before).reduce((a, b) => a + b, 0)
      expect(corpusInputs).toBe(sections)

      // The page says "locally", never "laptop" (the miss of the keyword relevance test).
      const question = 'Can I preview my documentation on my laptop before publishing?'
      const keywordRank = index
        .search(question, { pageSize: 50, typing: false })
        .findIndex((r) => r.path === '/cli/preview')
      const hybrid = await semantic.hybrid(question, { pageSize: 10 })
      const hybridRank = hybrid.findIndex((r) => r.path === '/cli/preview')
      console.info(
        `"/cli/preview" for "${question}": keyword rank ${keywordRank + 1}, fused rank ${hybridRank + 1}`,
      )
      expect(hybridRank).toBeGreaterThanOrEqual(0)
      expect(hybridRank).toBeLessThan(keywordRank < 0 ? 10 : keywordRank)

      // A second start reads the vectors from disk: only the query is embedded.
      const again = fake.embeddingInputs.length
      const cached = await createSemanticSearch(index, { model: embeddingModel(), cache })
      expect(cached.stats.cached).toBe(true)
      await cached.search('preview on my laptop')
      expect(fake.embeddingInputs.slice(again)).toEqual([1])
    }, 120_000)

    it('the search endpoint fuses semantic results for questions, keyword results while typing', async () => {
      const server = await createDevServer({
        docs: { mintlify: corpusFolder('mintlify') },
        llm: { apiKey: 'sk-local', baseURL: fake.baseURL, model: 'fake' },
        embeddingCacheDir: cacheDir,
        seed: false,
      })
      const search = async (query: string) => {
        const before = fake.embeddingInputs.length
        const body = (await (
          await post(server, '/discovery/v1/search/mintlify', { query, pageSize: 5 })
        ).json()) as { path: string; metadata: { page: string } }[]
        return {
          pages: body.map((r) => r.metadata.page),
          embedded: fake.embeddingInputs.length > before,
        }
      }
      const question = await search(
        'Can I preview my documentation on my laptop before publishing?',
      )
      expect(question.embedded).toBe(true)
      expect(question.pages).toContain('/cli/preview')
      const typing = await search('custom dom')
      expect(typing.embedded).toBe(false)
      expect(typing.pages[0]).toBe('/customize/custom-domain')
    }, 120_000)

    it('LLM mode against a local fake model: numbers on the question set, keyword and fused', async () => {
      const lines: string[] = []
      const rates: Record<string, number[]> = { keyword: [], fused: [] }
      for (const [label, embeddings] of [
        ['keyword', false],
        ['fused', undefined],
      ] as const) {
        const servers = {} as Record<Corpus, Awaited<ReturnType<typeof createDevServer>>>
        for (const corpus of corpora) {
          servers[corpus] = await createDevServer({
            docs: { [corpus]: corpusFolder(corpus) },
            llm: { apiKey: 'sk-local', baseURL: fake.baseURL, model: 'fake' },
            ...(embeddings === false ? { embeddings } : {}),
            embeddingCacheDir: cacheDir,
            seed: false,
          })
          expect(servers[corpus].mode).toBe('llm')
        }
        for (const corpus of corpora) {
          // The fake model searches with the question as asked (follow-ups too, so they are left
          // out) and cites the first result; it cannot judge relevance or pick code, so only
          // "cited first" means something here.
          const cases = questionSet.filter(
            (c) => c.corpus === corpus && c.expect && !c.code && !c.after,
          )
          const numbers = await measure(servers, cases)
          lines.push(report(`LLM mode, fake model, ${label} search, ${corpus}`, numbers))
          rates[label]!.push(numbers.citedFirst / numbers.answerable)
        }
      }
      console.info(lines.join('\n'))
      // Keyword ranking for the model is the offline assistant's ranking without its gate.
      for (const rate of rates.keyword!) expect(rate).toBeGreaterThanOrEqual(0.8)
      // The fake embeddings are a hashed bag of words: they test the plumbing, not semantics.
      for (const rate of rates.fused!) expect(rate).toBeGreaterThan(0)
    }, 300_000)
  },
)
