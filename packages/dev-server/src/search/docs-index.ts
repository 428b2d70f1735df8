import MiniSearch from 'minisearch'
import { routeOf } from '../docs/parse-docs'
import type { DocsCorpus, DocsPage, DocsSection } from '../docs/types'
import { indexTerms, queryTerm } from './search-terms'

/** The search filter of the API (`tag` and `groups` are accepted; this corpus has no such data). */
export interface DocsSearchFilter {
  version?: string
  language?: string
  tag?: string
  groups?: string[]
}

export interface DocsSearchOptions {
  /** 1–50, default 10. */
  pageSize?: number
  filter?: DocsSearchFilter
  /** Only results whose normalised score (0–1) is at least this. */
  scoreThreshold?: number
}

/** One search hit in the API's shape. Structurally the core package's `SearchResult`. */
export interface DocsSearchResult {
  content: string
  /** The page path; the section is in `metadata.anchor`. */
  path: string
  metadata: {
    title: string
    breadcrumbs: string[]
    section?: string
    anchor?: string
    /** 0–1, see {@link normaliseScore}. */
    score: number
    version?: string
    language?: string
    [key: string]: unknown
  }
}

export interface DocsPageContent {
  path: string
  content: string
}

export interface DocsIndex {
  search(query: string, options?: DocsSearchOptions): DocsSearchResult[]
  getPage(path: string): DocsPageContent | undefined
  corpus: DocsCorpus
}

interface IndexedSection {
  page: DocsPage
  section: DocsSection
}

/** Field weights: a word in the title says more about a section than the same word in its body. */
export const fieldBoosts = {
  title: 5,
  headings: 3,
  keywords: 2.5,
  description: 1.5,
  breadcrumbs: 1,
  body: 1,
}

/**
 * Raw BM25+ scores grow with the number of query terms and have no upper bound. Dividing by
 * the term count gives a per-term score, which `x / (x + k)` maps onto 0–1 while keeping the
 * order. `k` is the per-term score of a typical solid match (a term in a section heading and
 * body), which therefore lands at 0.5; a term in title, heading and body lands near 0.75.
 */
const scoreHalfPoint = 12

export function normaliseScore(raw: number, queryTermCount: number): number {
  const perTerm = raw / Math.max(1, queryTermCount)
  return perTerm / (perTerm + scoreHalfPoint)
}

/**
 * Query terms found in more than this share of sections say almost nothing about relevance
 * (BM25 gives them near-zero weight) yet cost the most to score, so they are left out of the
 * query as long as another term remains: "pipecat" in the Pipecat docs, "docs" in most sets.
 */
const commonTermShare = 0.2

export function createDocsIndex(corpus: DocsCorpus): DocsIndex {
  const entries: IndexedSection[] = []
  /** Sections containing each indexed term, and the last section counted. */
  const documentFrequency = new Map<string, { count: number; last: number }>()
  let indexing = -1
  const miniSearch = new MiniSearch<IndexedDocument>({
    fields: Object.keys(fieldBoosts),
    storeFields: [],
    processTerm: (token) => {
      const terms = indexTerms(token)
      if (!terms) return null
      for (const term of terms) {
        const frequency = documentFrequency.get(term)
        if (!frequency) documentFrequency.set(term, { count: 1, last: indexing })
        else if (frequency.last !== indexing) {
          frequency.count++
          frequency.last = indexing
        }
      }
      return terms
    },
    searchOptions: {
      boost: fieldBoosts,
      maxFuzzy: 2,
      // `boost` from frontmatter or navigation multiplies the section's relevance, as Mintlify
      // documents it ("a numeric multiplier applied to each chunk's relevance score").
      boostDocument: (id: number) => entries[id]?.page.boost ?? 1,
    },
  })

  for (const page of corpus.pages) {
    const title = page.sidebarTitle ? `${page.title} ${page.sidebarTitle}` : page.title
    for (const section of page.sections) {
      indexing = entries.length
      entries.push({ page, section })
      miniSearch.add({
        id: indexing,
        title,
        headings: section.headings.join(' '),
        keywords: page.keywords.join(' '),
        // Page-level text belongs to the page's opening section only, so it does not tie
        // every section of a long page.
        description: section.anchor === '' ? (page.description ?? '') : '',
        breadcrumbs: page.breadcrumbs.join(' '),
        body: section.content,
      })
    }
  }
  const commonLimit = Math.max(50, entries.length * commonTermShare)

  const pagesByRoute = new Map<string, DocsPage>()
  for (const page of corpus.pages) {
    pagesByRoute.set(page.path, page)
    pagesByRoute.set(routeOf(page.file.replace(/\.mdx?$/i, '')), page)
  }

  const matches = (page: DocsPage, filter: DocsSearchFilter | undefined) => {
    if (!filter) return true
    // A page outside any version or language (a shared page) matches every version/language.
    if (filter.version && page.version && page.version !== filter.version) return false
    if (filter.language && page.language && page.language !== filter.language) return false
    return true
  }

  return {
    corpus,
    search(query, options = {}) {
      const plan = planQuery(query, documentFrequency, commonLimit)
      if (plan.terms.length === 0) return []
      const pageSize = clamp(Math.floor(options.pageSize ?? 10), 1, 50, 10)
      const threshold = clamp(options.scoreThreshold ?? 0, 0, 1, 0)
      const { filter } = options
      const hits = miniSearch.search(plan.terms.join(' '), {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        // Typo tolerance only for words the docs do not contain: a known word is taken as
        // meant, which keeps fuzzy matching (the costly part) off most query terms.
        fuzzy: (term) => (term.length >= 4 && !documentFrequency.has(term) ? 0.2 : false),
        // Prefix matching for the word being typed (the last one) and for unknown words.
        prefix: (term, index, terms) =>
          term.length >= 3 && (index === terms.length - 1 || !documentFrequency.has(term)),
        ...(filter
          ? { filter: (hit) => matches(entries[hit.id as number]!.page, filter) }
          : {}),
      })
      const results: DocsSearchResult[] = []
      for (const hit of hits) {
        const score = normaliseScore(hit.score, plan.terms.length)
        // Hits come sorted by raw score, so the first one under the threshold ends the list.
        if (score < threshold) break
        const entry = entries[hit.id as number]
        if (!entry) continue
        results.push(toResult(entry, score))
        if (results.length >= pageSize) break
      }
      return results
    },
    getPage(path) {
      let page = pagesByRoute.get(normaliseRequestedPath(path))
      // A full URL may carry the site's base path (`https://example.com/docs/quickstart`).
      const url = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(path.trim())
      const segments = url?.[1]?.split('/').filter(Boolean) ?? []
      while (!page && segments.length > 1) {
        segments.shift()
        page = pagesByRoute.get(normaliseRequestedPath(segments.join('/')))
      }
      return page ? { path: page.path, content: page.content } : undefined
    },
  }
}

interface IndexedDocument {
  id: number
  title: string
  headings: string
  keywords: string
  description: string
  breadcrumbs: string
  body: string
}

/** Turns the user's text into the terms worth searching for. */
function planQuery(
  query: string,
  documentFrequency: Map<string, { count: number }>,
  commonLimit: number,
): { terms: string[] } {
  const tokens = query.split(/[\n\r\p{Z}\p{P}\p{S}]+/u).filter(Boolean)
  let terms = tokens.map(queryTerm).filter((term): term is string => Boolean(term))
  // A query made only of stop words ("how to") still searches for them.
  if (terms.length === 0) terms = tokens.map((token) => token.toLowerCase())
  terms = [...new Set(terms)]
  const specific = terms.filter((term) => (documentFrequency.get(term)?.count ?? 0) <= commonLimit)
  if (specific.length > 0) terms = specific
  else if (terms.length > 1) {
    // Only common words: keep the rarest.
    const rarest = terms.reduce((best, term) =>
      (documentFrequency.get(term)?.count ?? 0) < (documentFrequency.get(best)?.count ?? 0)
        ? term
        : best,
    )
    terms = [rarest]
  }
  return { terms }
}

function toResult({ page, section }: IndexedSection, score: number): DocsSearchResult {
  return {
    content: section.content,
    path: page.path,
    metadata: {
      title: page.title,
      breadcrumbs: page.breadcrumbs,
      section: section.heading,
      ...(section.anchor ? { anchor: section.anchor } : {}),
      score: Math.round(score * 10_000) / 10_000,
      ...(page.version ? { version: page.version } : {}),
      ...(page.language ? { language: page.language } : {}),
    },
  }
}

/** `https://site/docs/cli/index.mdx#x`, `cli/`, `/cli` all name the page at `/cli`. */
function normaliseRequestedPath(path: string): string {
  const bare = path
    .trim()
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.mdx?$/i, '')
  return routeOf(bare || 'index')
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback
  return Math.min(max, Math.max(min, value))
}
