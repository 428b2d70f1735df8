/**
 * Semantic search for LLM mode: every section embedded once through the AI SDK (`embedMany`),
 * cached per corpus hash and model, each query embedded (`embed`) and ranked by cosine
 * similarity, and the result fused with the keyword ranking by reciprocal rank fusion. Keyword
 * search finds the exact names ("CartesiaTTSService"); embeddings find the same meaning in other
 * words ("on my laptop" for "locally"). RRF needs no score calibration between the two: a section
 * scores Σ 1 / (k + rank) over the rankings it appears in.
 */
import { embed, embedMany, type EmbeddingModel } from 'ai'
import type { DocsPage, DocsSection } from '../docs/types'
import {
  type DocsIndex,
  type DocsSearchFilter,
  type DocsSearchResult,
  sectionResult,
} from './docs-index'

/** Where section vectors are kept between runs (a folder on disk in Node). */
export interface EmbeddingCache {
  read(key: string): Promise<Float32Array[] | undefined>
  write(key: string, vectors: Float32Array[]): Promise<void>
}

export interface SemanticSearchOptions {
  model: EmbeddingModel<string>
  cache?: EmbeddingCache
  /** Characters of a section embedded (title and headings first). */
  maxChars?: number
}

export interface SemanticSearch {
  /** Sections by similarity to the query, best first. */
  search(
    query: string,
    options?: { pageSize?: number; filter?: DocsSearchFilter },
  ): Promise<DocsSearchResult[]>
  /**
   * Keyword and semantic rankings fused by reciprocal rank fusion. `keyword` is the keyword
   * ranking to fuse (the index's own for the query by default).
   */
  hybrid(
    query: string,
    options?: { pageSize?: number; filter?: DocsSearchFilter; keyword?: DocsSearchResult[] },
  ): Promise<DocsSearchResult[]>
  /** How many sections were embedded, and whether they came from the cache. */
  readonly stats: { sections: number; cached: boolean; dimensions: number }
}

/** RRF's constant: 60 in the original paper and in most engines that use it. */
const rrfK = 60

interface Entry {
  page: DocsPage
  section: DocsSection
}

function sectionText({ page, section }: Entry, maxChars: number): string {
  const trail = [page.title, ...section.headings.filter((h) => h !== page.title)].join(' › ')
  return `${trail}\n${section.content}`.slice(0, maxChars)
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

function normalised(vector: ArrayLike<number>): Float32Array {
  const out = Float32Array.from(vector)
  let norm = 0
  for (const value of out) norm += value * value
  norm = Math.sqrt(norm) || 1
  for (let i = 0; i < out.length; i++) out[i] = out[i]! / norm
  return out
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0
  const n = Math.min(a.length, b.length)
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!
  return sum
}

function resultOf({ page, section }: Entry, score: number): DocsSearchResult {
  return sectionResult(page, section, Math.round(Math.max(0, Math.min(1, score)) * 10_000) / 10_000)
}

const keyOf = (result: DocsSearchResult) => `${result.path}#${result.metadata.anchor ?? ''}`

/** Fuses rankings (best first each) by reciprocal rank fusion; the first ranking's entries win ties. */
export function reciprocalRankFusion(
  rankings: readonly (readonly DocsSearchResult[])[],
  k = rrfK,
): DocsSearchResult[] {
  const fused = new Map<string, { result: DocsSearchResult; score: number; first: number }>()
  rankings.forEach((ranking, which) => {
    ranking.forEach((result, rank) => {
      const key = keyOf(result)
      const entry = fused.get(key)
      const gain = 1 / (k + rank + 1)
      if (entry) entry.score += gain
      else fused.set(key, { result, score: gain, first: which * 1e6 + rank })
    })
  })
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.first - b.first)
    .map(({ result }) => result)
}

export async function createSemanticSearch(
  index: DocsIndex,
  options: SemanticSearchOptions,
): Promise<SemanticSearch> {
  const maxChars = options.maxChars ?? 2000
  const entries: Entry[] = index.corpus.pages.flatMap((page) =>
    page.sections.map((section) => ({ page, section })),
  )
  const texts = entries.map((entry) => sectionText(entry, maxChars))
  const model = options.model
  const key = await sha256(
    `${model.provider}\u0000${model.modelId}\u0000${maxChars}\u0000${texts.join('\u0001')}`,
  )
  let vectors = await options.cache?.read(key)
  const cached = vectors !== undefined && vectors.length === entries.length
  if (!cached) {
    const { embeddings } = await embedMany({ model, values: texts, maxRetries: 1 })
    vectors = embeddings.map(normalised)
    // The cache only saves the next start some time: search works without it.
    await options.cache?.write(key, vectors).catch(() => {})
  }
  const sectionVectors = vectors!

  const matches = (page: DocsPage, filter?: DocsSearchFilter) =>
    (!filter?.version || !page.version || page.version === filter.version) &&
    (!filter?.language || !page.language || page.language === filter.language)

  const semantic: SemanticSearch['search'] = async (query, { pageSize = 10, filter } = {}) => {
    const { embedding } = await embed({ model, value: query, maxRetries: 1 })
    const q = normalised(embedding)
    const scored: { id: number; score: number }[] = []
    sectionVectors.forEach((vector, id) => {
      if (matches(entries[id]!.page, filter)) scored.push({ id, score: dot(q, vector) })
    })
    scored.sort((a, b) => b.score - a.score)
    return scored.slice(0, pageSize).map(({ id, score }) => resultOf(entries[id]!, score))
  }

  return {
    stats: { sections: entries.length, cached, dimensions: sectionVectors[0]?.length ?? 0 },
    search: semantic,
    async hybrid(query, { pageSize = 10, filter, keyword: given } = {}) {
      const depth = Math.max(50, pageSize)
      // Fused by rank: the keyword list is not gated on coverage; meaning may rescue a partial match.
      const keyword =
        given ?? index.search(query, { pageSize: depth, filter, typing: false, minCoverage: 0 })
      const meaning = await semantic(query, { pageSize: depth, filter })
      return reciprocalRankFusion([keyword, meaning]).slice(0, pageSize)
    },
  }
}

/**
 * Semantic search built on first use (embedding a corpus takes a while and needs the network,
 * so never at server start) and shared by later calls. If the endpoint cannot embed (a local
 * chat-only server), it says so once and the assistant keeps to keyword search.
 */
export function lazySemanticSearch(
  index: DocsIndex,
  options: SemanticSearchOptions | (() => Promise<SemanticSearchOptions>),
  warn: (message: string) => void = (message) => console.warn(message),
): () => Promise<SemanticSearch | undefined> {
  let pending: Promise<SemanticSearch | undefined> | undefined
  return () => {
    pending ??= (async () => {
      try {
        const resolved = typeof options === 'function' ? await options() : options
        return await createSemanticSearch(index, resolved)
      } catch (error) {
        warn(
          `docchat-dev-server: semantic search is off for "${index.corpus.name}" (embedding failed: ${error instanceof Error ? error.message : String(error)}); keyword search only`,
        )
        return undefined
      }
    })()
    return pending
  }
}
