import MiniSearch, { type Query } from 'minisearch'
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
  pageId: number
  section: DocsSection
}

/**
 * Field weights: a word in the title says more than the same word in a heading, which says more
 * than one in the body. Page-level fields live in a small page index, so a long page's title
 * is indexed once rather than once per section.
 */
export const fieldBoosts = {
  page: { title: 8, description: 3, keywords: 2.5, breadcrumbs: 1 },
  section: { headings: 3, body: 1 },
}

/**
 * Raw BM25+ scores have no upper bound and grow with the query: term scores are summed, then
 * multiplied by the number of query terms matched (as MiniSearch does). Dividing by the square
 * of the term count gives a per-term score (a query half of whose terms match gets a quarter of
 * it), and `x / (x + k)` maps that onto 0–1 without changing the order. Scores are therefore
 * comparable across queries, so `scoreThreshold` drops weak matches instead of always keeping
 * the best one (as `score / topScore` would). With this `k`, on mintlify-docs, answers to real
 * questions score about 0.6–0.9 and unrelated queries ("banana smoothie") below 0.3.
 */
const scoreHalfPoint = 20

export function normaliseScore(raw: number, queryTermCount: number): number {
  const terms = Math.max(1, queryTermCount)
  const perTerm = raw / (terms * terms)
  return perTerm / (perTerm + scoreHalfPoint)
}

/**
 * Query terms found in more than this share of sections or pages say almost nothing about
 * relevance (BM25 gives them near-zero weight) yet cost the most to score, so they are left out
 * of the query as long as another term remains: "pipecat" in the Pipecat docs, "docs" in most.
 */
const commonTermShare = 0.2

/**
 * A prefix whose completions together have more postings than this many per section is not
 * expanded in full; see `frequentCompletions`.
 */
const prefixPostingShare = 0.3

/** How many completions stand in for a broad prefix, and their weight (MiniSearch's prefix weight). */
const maxCompletions = 8
const completionWeight = 0.375

/** Sections of one page allowed before other pages get their turn. */
const sectionsPerPageFirst = 2

interface TermStats {
  sections: number
  pages: number
  lastSection: number
  lastPage: number
}

export function createDocsIndex(corpus: DocsCorpus): DocsIndex {
  const entries: IndexedSection[] = []
  const firstSection: number[] = []
  const stats = new Map<string, TermStats>()
  let section = -1
  let page = -1
  // Tokens repeat a lot (Zipf); stemming each distinct token once saves a good part of the build.
  const termsOf = new Map<string, string[] | null>()
  const countTerms = (level: 'sections' | 'pages') => (token: string) => {
    let terms = termsOf.get(token)
    if (terms === undefined) {
      terms = indexTerms(token)
      termsOf.set(token, terms)
    }
    if (!terms) return null
    for (const term of terms) {
      let entry = stats.get(term)
      if (!entry) {
        entry = { sections: 0, pages: 0, lastSection: -1, lastPage: -1 }
        stats.set(term, entry)
      }
      if (level === 'sections' && entry.lastSection !== section) {
        entry.sections++
        entry.lastSection = section
      } else if (level === 'pages' && entry.lastPage !== page) {
        entry.pages++
        entry.lastPage = page
      }
    }
    return terms
  }
  const pageIndex = new MiniSearch<PageDocument>({
    fields: Object.keys(fieldBoosts.page),
    storeFields: [],
    processTerm: countTerms('pages'),
    searchOptions: { boost: fieldBoosts.page, maxFuzzy: 2 },
  })
  const sectionIndex = new MiniSearch<SectionDocument>({
    fields: Object.keys(fieldBoosts.section),
    storeFields: [],
    processTerm: countTerms('sections'),
    searchOptions: { boost: fieldBoosts.section, maxFuzzy: 2 },
  })

  corpus.pages.forEach((docsPage, pageId) => {
    page = pageId
    firstSection.push(entries.length)
    pageIndex.add({
      id: pageId,
      title: docsPage.sidebarTitle ? `${docsPage.title} ${docsPage.sidebarTitle}` : docsPage.title,
      description: docsPage.description ?? '',
      keywords: docsPage.keywords.join(' '),
      breadcrumbs: docsPage.breadcrumbs.join(' '),
    })
    for (const docsSection of docsPage.sections) {
      section = entries.length
      entries.push({ page: docsPage, pageId, section: docsSection })
      sectionIndex.add({
        id: section,
        headings: docsSection.headings.join(' '),
        body: docsSection.content,
      })
    }
  })
  termsOf.clear()
  const vocabulary = [...stats.keys()].sort()
  const limits = {
    sections: Math.max(50, entries.length * commonTermShare),
    pages: Math.max(10, corpus.pages.length * commonTermShare),
  }
  const prefixBudget = Math.max(200, entries.length * prefixPostingShare)

  const pagesByRoute = new Map<string, DocsPage>()
  for (const docsPage of corpus.pages) {
    pagesByRoute.set(docsPage.path, docsPage)
    pagesByRoute.set(routeOf(docsPage.file.replace(/\.mdx?$/i, '')), docsPage)
  }

  const matches = (docsPage: DocsPage, filter: DocsSearchFilter | undefined) => {
    if (!filter) return true
    // A page outside any version or language (a shared page) matches every version/language.
    if (filter.version && docsPage.version && docsPage.version !== filter.version) return false
    if (filter.language && docsPage.language && docsPage.language !== filter.language) {
      return false
    }
    return true
  }

  return {
    corpus,
    search(query, options = {}) {
      const { terms, common } = planQuery(query, stats, limits)
      if (terms.length === 0) return []
      const pageSize = clamp(Math.floor(options.pageSize ?? 10), 1, 50, 10)
      const threshold = clamp(options.scoreThreshold ?? 0, 0, 1, 0)
      const { filter } = options
      const searchOptions = {
        tokenize: (text: string) => text.split(' '),
        processTerm: (term: string) => term,
      }
      const last = terms.length - 1
      const miniQuery: Query = {
        combineWith: 'OR',
        queries: terms.map((term, index): Query => {
          const known = stats.has(term)
          // Typo tolerance only for words the docs do not contain: a known word is taken as
          // meant, which keeps fuzzy matching (the costly part) off most query terms.
          const fuzzy = term.length >= 4 && !known ? 0.2 : false
          // Prefix matching for the word being typed (the last one) and for unknown words.
          if (term.length < 3 || (index !== last && known)) {
            return { queries: [term], prefix: false, fuzzy }
          }
          const completions = frequentCompletions(vocabulary, stats, term, prefixBudget)
          if (!completions) return { queries: [term], prefix: true, fuzzy }
          // A short prefix ("con…") would expand to a large part of the vocabulary: its most
          // frequent completions stand in for it, weighted like prefix matches.
          return {
            combineWith: 'OR',
            queries: [
              { queries: [term], prefix: false, fuzzy },
              {
                queries: completions,
                prefix: false,
                fuzzy: false,
                boostTerm: () => completionWeight,
              },
            ],
          }
        }),
      }

      // Page-level matches (title, description, keywords, breadcrumbs), per page.
      const pageMatches = new Map<number, { sum: number; terms: string[] }>()
      for (const hit of pageIndex.search(miniQuery, searchOptions)) {
        pageMatches.set(hit.id as number, { sum: hit.score / hit.terms.length, terms: hit.terms })
      }
      // A section scores its own matches plus its page's, times the distinct query terms
      // matched anywhere, times the page's boost.
      const scored: { id: number; raw: number }[] = []
      const seen = new Set<number>()
      // A query of nothing but words found all over the docs ("pipecat" in the Pipecat docs)
      // gets no signal from body text, only cost: match it against headings alone.
      const sectionHits = sectionIndex.search(
        miniQuery,
        common ? { ...searchOptions, fields: ['headings'] } : searchOptions,
      )
      for (const hit of sectionHits) {
        const id = hit.id as number
        const entry = entries[id]!
        if (!matches(entry.page, filter)) continue
        seen.add(id)
        const pageMatch = pageMatches.get(entry.pageId)
        const matched = pageMatch ? new Set([...hit.terms, ...pageMatch.terms]).size : hit.terms.length
        const sum = hit.score / hit.terms.length + (pageMatch?.sum ?? 0)
        scored.push({ id, raw: sum * matched * entry.page.boost })
      }
      // A page matched only on its title or description is represented by its opening section.
      for (const [pageId, pageMatch] of pageMatches) {
        const id = firstSection[pageId]!
        const entry = entries[id]
        if (!entry || seen.has(id) || !matches(entry.page, filter)) continue
        scored.push({ id, raw: pageMatch.sum * pageMatch.terms.length * entry.page.boost })
      }
      scored.sort((a, b) => b.raw - a.raw)

      // At most two sections per page lead the list, so one long page cannot fill it; a
      // page's further sections follow the other pages' results.
      const results: DocsSearchResult[] = []
      const overflow: DocsSearchResult[] = []
      const perPage = new Map<DocsPage, number>()
      for (const { id, raw } of scored) {
        const score = normaliseScore(raw, terms.length)
        // Sorted by raw score, so the first one under the threshold ends the list.
        if (score < threshold) break
        const entry = entries[id]!
        const count = perPage.get(entry.page) ?? 0
        perPage.set(entry.page, count + 1)
        if (count < sectionsPerPageFirst) results.push(toResult(entry, score))
        else if (overflow.length < pageSize) overflow.push(toResult(entry, score))
        if (results.length >= pageSize) break
      }
      return results.concat(overflow).slice(0, pageSize)
    },
    getPage(path) {
      let found = pagesByRoute.get(normaliseRequestedPath(path))
      // A full URL may carry the site's base path (`https://example.com/docs/quickstart`).
      const url = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(path.trim())
      const segments = url?.[1]?.split('/').filter(Boolean) ?? []
      while (!found && segments.length > 1) {
        segments.shift()
        found = pagesByRoute.get(normaliseRequestedPath(segments.join('/')))
      }
      return found ? { path: found.path, content: found.content } : undefined
    },
  }
}

interface PageDocument {
  id: number
  title: string
  description: string
  keywords: string
  breadcrumbs: string
}

interface SectionDocument {
  id: number
  headings: string
  body: string
}

/**
 * Undefined when every completion of `prefix` fits in the postings budget (plain prefix search
 * is affordable); otherwise the most frequent completions that fit, at least one.
 */
function frequentCompletions(
  vocabulary: string[],
  stats: Map<string, TermStats>,
  prefix: string,
  budget: number,
): string[] | undefined {
  let low = 0
  let high = vocabulary.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (vocabulary[middle]! < prefix) low = middle + 1
    else high = middle
  }
  const completions: { term: string; postings: number }[] = []
  let total = 0
  for (let i = low; i < vocabulary.length && vocabulary[i]!.startsWith(prefix); i++) {
    const term = vocabulary[i]!
    const entry = stats.get(term)!
    const postings = entry.sections + entry.pages
    total += postings
    if (term !== prefix) completions.push({ term, postings })
  }
  if (total <= budget) return undefined
  completions.sort((a, b) => b.postings - a.postings)
  const chosen: string[] = []
  let used = 0
  for (const { term, postings } of completions) {
    if (chosen.length > 0 && (used + postings > budget || chosen.length >= maxCompletions)) break
    chosen.push(term)
    used += postings
  }
  return chosen
}

/** Turns the user's text into the terms worth searching for. */
function planQuery(
  query: string,
  stats: Map<string, TermStats>,
  limits: { sections: number; pages: number },
): { terms: string[]; common: boolean } {
  const tokens = query.split(/[\n\r\p{Z}\p{P}\p{S}]+/u).filter(Boolean)
  let terms = tokens
    .map(queryTerm)
    .filter((term): term is string => Boolean(term))
    .map((term) => (stats.has(term) ? term : transposed(term, stats)))
  // A query made only of stop words ("how to") still searches for them.
  if (terms.length === 0) terms = tokens.map((token) => token.toLowerCase())
  terms = [...new Set(terms)]
  if (terms.length === 0) return { terms, common: false }
  const commonness = (term: string) => {
    const entry = stats.get(term)
    return entry ? Math.max(entry.sections / limits.sections, entry.pages / limits.pages) : 0
  }
  const specific = terms.filter((term) => commonness(term) <= 1)
  if (specific.length > 0) return { terms: specific, common: false }
  // Only common words: keep the rarest.
  const rarest = terms.reduce((best, term) => (commonness(term) < commonness(best) ? term : best))
  return { terms: [rarest], common: true }
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

/**
 * Swapped neighbouring letters ("domian") are two edits for Levenshtein-based fuzzy matching
 * but one slip of the fingers: an unknown word with a known transposition is read as that word.
 */
function transposed(term: string, vocabulary: Map<string, unknown>): string {
  if (term.length < 4) return term
  for (let i = 0; i < term.length - 1; i++) {
    const candidate = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2)
    if (vocabulary.has(candidate)) return candidate
  }
  return term
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback
  return Math.min(max, Math.max(min, value))
}
