import type { SearchFilter } from '@docchat/core'
import MiniSearch, { type SearchOptions } from 'minisearch'
import { routeOf } from '../docs/parse-docs'
import type { DocsCorpus, DocsPage, DocsSection } from '../docs/types'
import { cutQueryAndFragment, trimLeading, trimTrailing } from '../text-scan'
import { type TermStats, Vocabulary } from './query-plan'
import { indexTerms, queryTerm, stem } from './search-terms'
import { buildSynonyms } from './synonyms'

/** The API's search filter (`tag` and `groups` are accepted; Mintlify docs folders carry no such data). */
export type DocsSearchFilter = SearchFilter

export interface DocsSearchOptions {
  /** 1–50, default 10. */
  pageSize?: number
  filter?: DocsSearchFilter
  /** Only results whose normalised score (0–1) is at least this. */
  scoreThreshold?: number
  /**
   * `false` for a finished question rather than text being typed: the last word is not
   * completed to longer words. Default `true` (search as you type).
   */
  typing?: boolean
  /**
   * Adds `metadata.coverage` (0–1): the share of the query's words a result matched, each word
   * weighted by how rare it is in the docs (a typo or completion counting less than the word
   * itself), and `metadata.exactWords`, how many query words it matched as written. The
   * assistant's "is this an answer" gate.
   */
  coverage?: boolean
  /**
   * For a query of two words or more: drop results that match less than this share of its
   * words (a typo correction or a completion counting a half), so a hit on one word of
   * "kubernetes helm chart" is no result. Default 0.5, or 0 with `coverage` (the assistant
   * gates on coverage itself).
   */
  minCoverage?: number
}

/** One search hit in the API's shape. Structurally the core package's `SearchResult`. */
export interface DocsSearchResult {
  content: string
  /** The page path; the section is in `metadata.anchor`. */
  path: string
  [key: string]: unknown
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
  /** Whether the docs have a word (by its stem, or as written), anywhere. */
  knows(word: string): boolean
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
const fieldBoosts = {
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

function normaliseScore(raw: number, queryTermCount: number): number {
  const terms = Math.max(1, queryTermCount)
  const perTerm = raw / (terms * terms)
  return perTerm / (perTerm + scoreHalfPoint)
}

/** Sections of one page allowed before other pages get their turn. */
const sectionsPerPageFirst = 2

/** Default `minCoverage` for searches of two words or more. */
const defaultMinCoverage = 0.5

/**
 * A page whose title the query names in full ("deep link" → _Deep links_) weighs this much more,
 * and its opening section leads its sections: the reader asked for that page.
 */
const namedPageBoost = 1.5

export interface DocsIndexOptions {
  /**
   * Acronyms the docs define ("Voice Activity Detection (VAD)") and a few built-in word groups
   * ("create"/"new"/"constructor") match each other. Default `true`.
   */
  synonyms?: boolean
}

export function createDocsIndex(corpus: DocsCorpus, options: DocsIndexOptions = {}): DocsIndex {
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
    searchOptions: { boost: fieldBoosts.page },
  })
  const sectionIndex = new MiniSearch<SectionDocument>({
    fields: Object.keys(fieldBoosts.section),
    storeFields: [],
    processTerm: countTerms('sections'),
    searchOptions: { boost: fieldBoosts.section },
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
  const synonyms =
    options.synonyms === false
      ? undefined
      : buildSynonyms(
          (function* () {
            for (const docsPage of corpus.pages) {
              yield docsPage.title
              if (docsPage.description) yield docsPage.description
              for (const docsSection of docsPage.sections) {
                yield docsSection.heading
                yield docsSection.content
              }
            }
          })(),
        )
  const vocabulary = new Vocabulary(
    stats,
    { sections: entries.length, pages: corpus.pages.length },
    synonyms,
  )

  // Each page's title words as the index has them (common words left out, as in queries).
  const titleTerms = corpus.pages.map((docsPage) => {
    const out = new Set<string>()
    const title = docsPage.sidebarTitle
      ? `${docsPage.title} ${docsPage.sidebarTitle}`
      : docsPage.title
    for (const token of title.split(/[\n\r\p{Z}\p{P}\p{S}]+/u)) {
      const term = token ? queryTerm(token) : null
      if (term && vocabulary.commonness(term) <= 1) out.add(term)
    }
    return [...out]
  })

  const pagesByRoute = new Map<string, DocsPage>()
  for (const docsPage of corpus.pages) {
    pagesByRoute.set(docsPage.path, docsPage)
    pagesByRoute.set(routeOf(docsPage.file.replace(/\.mdx?$/i, '')), docsPage)
  }
  // A trailing path of more segments than the deepest route (plus an `index`) names no page.
  let routeSegments = 0
  for (const route of pagesByRoute.keys()) {
    routeSegments = Math.max(routeSegments, route.split('/').filter(Boolean).length)
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
    knows(word) {
      const lower = word.toLowerCase()
      return vocabulary.has(lower) || vocabulary.has(stem(lower))
    },
    search(query, options = {}) {
      const plan = vocabulary.plan(query, { typing: options.typing !== false })
      if (plan.terms.size === 0) return []
      const pageSize = clamp(Math.floor(options.pageSize ?? 10), 1, 50, 10)
      const threshold = clamp(options.scoreThreshold ?? 0, 0, 1, 0)
      const { filter } = options
      const searchOptions: SearchOptions = {
        tokenize: (text) => text.split(' '),
        processTerm: (term) => term,
        prefix: false,
        fuzzy: false,
        boostTerm: (term) => plan.terms.get(term)?.weight ?? 1,
      }
      const text = [...plan.terms.keys()].join(' ')
      /**
       * How many query words a hit matched, each counted by its best match's weight: a word
       * matched exactly counts 1, one matched only through a typo correction about 0.4.
       * (Thousands of hits per query: a reused buffer instead of a Map per hit.)
       */
      const wordCount = plan.words.length
      const best = new Float64Array(wordCount)
      const collect = (terms: string[]) => {
        for (const term of terms) {
          const match = plan.terms.get(term)
          if (match && match.weight > best[match.word]!) best[match.word] = match.weight
        }
      }
      const matchedWords = (terms: string[], pageTerms?: string[]) => {
        best.fill(0)
        collect(terms)
        if (pageTerms) collect(pageTerms)
        let sum = 0
        for (let i = 0; i < wordCount; i++) sum += best[i]!
        return sum
      }
      /** The share of the query's information a hit matched (read right after `matchedWords`). */
      const informationMatched = () => {
        let sum = 0
        for (let i = 0; i < wordCount; i++) sum += best[i]! * plan.informativeness[i]!
        return sum / Math.max(1e-9, plan.totalInformativeness)
      }
      /**
       * The share of the query's words a hit matched: a word matched as written, by its stem or
       * a synonym counts 1, one matched only through a typo correction or a completion a half,
       * a word the docs lack 0. What `minCoverage` compares.
       */
      const wordsMatched = () => {
        let sum = 0
        for (let i = 0; i < wordCount; i++) {
          if (best[i]! >= 0.7) sum += 1
          else if (best[i]! > 0) sum += 0.5
        }
        return sum / Math.max(1, wordCount + plan.unmatched)
      }
      /** Query words a hit matched as written, not through a typo or completion. */
      const exactlyMatched = () => {
        let count = 0
        for (let i = 0; i < wordCount; i++) if (best[i]! >= 1) count++
        return count
      }

      // Page-level matches (title, description, keywords, breadcrumbs), per page.
      // MiniSearch multiplies a hit's summed term scores by its number of matched terms;
      // `sum` undoes that, so words rather than expanded terms can be counted below.
      const queryWords = plan.words.length + plan.unmatched
      const multiWord = queryWords >= 2 && !plan.common
      const minCoverage = clamp(
        options.minCoverage ?? (options.coverage ? 0 : defaultMinCoverage),
        0,
        1,
        0,
      )
      // Most of the query's words are nowhere in the docs: nothing here is what was asked for.
      if (multiWord && minCoverage > 0 && plan.unmatched * 2 > queryWords) return []
      const asked = new Set(plan.terms.keys())
      const named = (pageId: number) => {
        const title = titleTerms[pageId]!
        return title.length > 0 && title.every((term) => asked.has(term))
      }
      /** A hit's raw score, times the share of the query it matched; undefined: below `minCoverage`. */
      const weigh = (raw: number, pageId: number) => {
        // The assistant (`coverage`) weighs coverage itself, on a score of the usual scale.
        if (!multiWord || options.coverage) return raw * (named(pageId) ? namedPageBoost : 1)
        const share = wordsMatched()
        if (share < minCoverage) return undefined
        return raw * share * (named(pageId) ? namedPageBoost : 1)
      }
      const pageMatches = new Map<number, { sum: number; terms: string[] }>()
      for (const hit of pageIndex.search(text, searchOptions)) {
        pageMatches.set(hit.id as number, { sum: hit.score / hit.terms.length, terms: hit.terms })
      }
      // A section scores its own matches plus its page's, times the query words matched in
      // either, times the page's boost.
      const scored: { id: number; raw: number; coverage: number; exact: number }[] = []
      const seen = new Uint8Array(entries.length)
      // A query of nothing but words found all over the docs ("pipecat" in the Pipecat docs)
      // gets no signal from body text, only cost: match it against headings alone.
      const sectionHits = sectionIndex.search(
        text,
        plan.common ? { ...searchOptions, fields: ['headings'] } : searchOptions,
      )
      for (const hit of sectionHits) {
        const id = hit.id as number
        const entry = entries[id]!
        if (filter && !matches(entry.page, filter)) continue
        seen[id] = 1
        const pageMatch = pageMatches.get(entry.pageId)
        const sum = hit.score / hit.terms.length + (pageMatch?.sum ?? 0)
        const matched = matchedWords(hit.terms, pageMatch?.terms)
        const raw = weigh(sum * matched * entry.page.boost, entry.pageId)
        if (raw === undefined) continue
        const coverage = options.coverage ? informationMatched() : 0
        const exact = options.coverage ? exactlyMatched() : 0
        scored.push({ id, raw, coverage, exact })
      }
      // A page matched only on its title or description is represented by its opening section.
      for (const [pageId, pageMatch] of pageMatches) {
        const id = firstSection[pageId]!
        const entry = entries[id]
        if (!entry || seen[id] || (filter && !matches(entry.page, filter))) continue
        const matched = matchedWords(pageMatch.terms)
        const raw = weigh(pageMatch.sum * matched * entry.page.boost, pageId)
        if (raw === undefined) continue
        const coverage = options.coverage ? informationMatched() : 0
        const exact = options.coverage ? exactlyMatched() : 0
        scored.push({ id, raw, coverage, exact })
      }
      // A page the query names leads with its opening section, the page itself.
      const pageBest = new Map<number, number>()
      for (const hit of scored) {
        const pageId = entries[hit.id]!.pageId
        if (named(pageId)) pageBest.set(pageId, Math.max(pageBest.get(pageId) ?? 0, hit.raw))
      }
      for (const hit of scored) {
        const pageId = entries[hit.id]!.pageId
        const top = pageBest.get(pageId)
        if (top !== undefined && hit.id === firstSection[pageId])
          hit.raw = Math.max(hit.raw, top * 1.01)
      }
      scored.sort((a, b) => b.raw - a.raw)

      // At most two sections per page lead the list, so one long page cannot fill it; a
      // page's further sections follow the other pages' results.
      const results: DocsSearchResult[] = []
      const overflow: DocsSearchResult[] = []
      const perPage = new Map<DocsPage, number>()
      for (const { id, raw, coverage, exact } of scored) {
        const score = normaliseScore(raw, queryWords)
        // Sorted by raw score, so the first one under the threshold ends the list.
        if (score < threshold) break
        const entry = entries[id]!
        const count = perPage.get(entry.page) ?? 0
        perPage.set(entry.page, count + 1)
        const shown = options.coverage ? { coverage, exact } : undefined
        if (count < sectionsPerPageFirst) results.push(toResult(entry, score, shown))
        else if (overflow.length < pageSize) overflow.push(toResult(entry, score, shown))
        if (results.length >= pageSize) break
      }
      return results.concat(overflow).slice(0, pageSize)
    },
    getPage(path) {
      let found = pagesByRoute.get(normaliseRequestedPath(path))
      // A full URL may carry the site's base path (`https://example.com/docs/quickstart`).
      const url = /^[a-z]+:\/\/[^/]+(\/[^?#]*)/i.exec(path.trim())
      const segments = url?.[1]?.split('/').filter(Boolean) ?? []
      // Dropping leading segments one at a time, longest first; the ones too long to be a
      // route are skipped, so a URL of thousands of segments costs no more than a short one.
      const first = Math.max(1, segments.length - routeSegments - 1)
      for (let start = first; !found && start < segments.length; start++) {
        found = pagesByRoute.get(normaliseRequestedPath(segments.slice(start).join('/')))
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
 * One section as a search result, the shape every search path returns (keyword, semantic and
 * the assistant's home-page fallback); `extra` metadata goes last.
 */
export function sectionResult(
  page: DocsPage,
  section: DocsSection,
  score: number,
  extra?: { coverage: number; exactWords: number },
): DocsSearchResult {
  return {
    content: section.content,
    path: page.path,
    metadata: {
      title: page.title,
      breadcrumbs: page.breadcrumbs,
      section: section.heading,
      ...(section.anchor ? { anchor: section.anchor } : {}),
      score,
      ...(page.version ? { version: page.version } : {}),
      ...(page.language ? { language: page.language } : {}),
      ...extra,
    },
  }
}

function toResult(
  { page, section }: IndexedSection,
  score: number,
  matched?: { coverage: number; exact: number },
): DocsSearchResult {
  return sectionResult(
    page,
    section,
    Math.round(score * 10_000) / 10_000,
    matched
      ? { coverage: Math.round(matched.coverage * 1000) / 1000, exactWords: matched.exact }
      : undefined,
  )
}

/** `https://site/docs/cli/index.mdx#x`, `cli/`, `/cli` all name the page at `/cli`. */
function normaliseRequestedPath(path: string): string {
  const withoutOrigin = path.trim().replace(/^[a-z]+:\/\/[^/]+/i, '')
  const bare = trimTrailing(trimLeading(cutQueryAndFragment(withoutOrigin), '/'), '/').replace(
    /\.mdx?$/i,
    '',
  )
  return routeOf(bare || 'index')
}

function clamp(value: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(value)) return fallback
  return Math.min(max, Math.max(min, value))
}
