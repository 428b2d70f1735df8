import MiniSearch from 'minisearch'
import { routeOf } from '../docs/parse-docs'
import type { DocsCorpus, DocsPage, DocsSection } from '../docs/types'
import { indexTerms, isStopWord, queryTerm } from './search-terms'

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

export function createDocsIndex(corpus: DocsCorpus): DocsIndex {
  const entries: IndexedSection[] = []
  const vocabulary = new Set<string>()
  const miniSearch = new MiniSearch<{ id: number }>({
    fields: Object.keys(fieldBoosts),
    storeFields: [],
    processTerm: (term) => {
      const terms = indexTerms(term)
      if (terms) for (const each of terms) vocabulary.add(each)
      return terms
    },
    searchOptions: {
      boost: fieldBoosts,
      processTerm: (term) => queryTerm(term),
      // Typo tolerance only for words the docs do not contain: a known word is taken as meant,
      // which keeps fuzzy matching (the costly part) off most query terms.
      fuzzy: (term) => (term.length >= 4 && !vocabulary.has(term) ? 0.2 : false),
      prefix: (term, index, terms) =>
        term.length >= 3 && (index === terms.length - 1 || !vocabulary.has(term)),
      maxFuzzy: 2,
      // `boost` from frontmatter or navigation multiplies the section's relevance, as Mintlify
      // documents it ("a numeric multiplier applied to each chunk's relevance score").
      boostDocument: (id: number) => entries[id]?.page.boost ?? 1,
    },
  })

  const documents = []
  for (const page of corpus.pages) {
    const title = page.sidebarTitle ? `${page.title} ${page.sidebarTitle}` : page.title
    for (const section of page.sections) {
      const id = entries.length
      entries.push({ page, section })
      documents.push({
        id,
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
  miniSearch.addAll(documents)

  const pagesByRoute = new Map<string, DocsPage>()
  for (const page of corpus.pages) {
    pagesByRoute.set(page.path, page)
    pagesByRoute.set(routeOf(page.file.replace(/\.mdx?$/i, '')), page)
  }

  return {
    corpus,
    search(query, options = {}) {
      const text = query.trim()
      if (!text) return []
      const pageSize = clamp(Math.floor(options.pageSize ?? 10), 1, 50, 10)
      const threshold = clamp(options.scoreThreshold ?? 0, 0, 1, 0)
      const { version, language } = options.filter ?? {}
      const tokens = text.split(/[\n\r\p{Z}\p{P}]+/u).filter(Boolean)
      const meaningful = tokens.filter((token) => !isStopWord(token))
      // A query made only of stop words ("how to") still searches for them.
      const termCount = Math.max(1, meaningful.length || tokens.length)
      const raw = miniSearch.search(text, {
        ...(meaningful.length === 0 ? { processTerm: (term: string) => term.toLowerCase() } : {}),
        filter: (result) => {
          const page = entries[result.id as number]?.page
          if (!page) return false
          if (version && page.version && page.version !== version) return false
          if (language && page.language && page.language !== language) return false
          return true
        },
      })
      const results: DocsSearchResult[] = []
      for (const hit of raw) {
        const score = normaliseScore(hit.score, termCount)
        // Results are sorted by raw score, so the first one under the threshold ends the list.
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
