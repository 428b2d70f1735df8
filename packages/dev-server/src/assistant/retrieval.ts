/**
 * What the offline assistant searches for and which results it is willing to answer from. It
 * ranks with the same index as the search endpoint (a finished question, so no completion of
 * the last word), then keeps only results that cover most of the query's words: an index with
 * typo and prefix tolerance always finds *something*, and this gate is what lets the assistant
 * say "not found" instead of answering from noise.
 */
import type { ContextItem } from '@docchat/core'
import type { DocsCorpus } from '../docs/types'
import type { DocsIndex, DocsSearchFilter, DocsSearchResult } from '../search'
import { queryTerm } from '../search/search-terms'
import { apiNames, looksLikeCodeQuestion } from './compose-answer'
import { hasAnaphora, TermIndex, terms, words } from './text'

/** Share of the query's words a result must match (a typo counts about 0.4 of a word). */
const minCoverage = 0.5
/** Normalised score (0–1) below which a result is noise, whatever it matched. */
const minScore = 0.2

/**
 * Words that ask for a form of answer rather than name a topic ("show me code for …"): they
 * would make retrieval favour any section that happens to say "example".
 */
const requestWords = new Set(
  'code example examples snippet snippets sample samples syntax usage show give write tell explain documentation docs doc page pages'.split(
    ' ',
  ),
)

/** Request words that never name a topic: every docs page is a page of documentation. */
const genericWords = new Set('documentation docs doc page pages show give tell explain'.split(' '))

/**
 * Language names pick the code block, not the page: docs written in Python rarely say "Python"
 * in the section that answers "show me Python code for X".
 */
const languageWords = new Set(
  'typescript javascript ts js tsx jsx python py bash shell html css json yaml'.split(' '),
)

/** Openings of a follow-up that only makes sense with the previous question ("and in Python?"). */
const followUpOpening = /^\s*(and|also|but|or|so|then|ok(ay)?|what about|how about)\b/i
/** Openings that continue the previous question only when little else follows ("in Python?"). */
const shortFollowUpOpening = /^\s*(in|with|for|using|via|same|now)\b/i

/**
 * A follow-up needs the previous question to be understood: it refers back ("how do I verify
 * it?") or continues it ("and in Python?", "what about Express?"). A question that stands on its
 * own ("What is the capital of France?") is searched by itself, however short, so the history
 * never drags an unrelated question back to the earlier topic.
 */
function isFollowUp(question: string): boolean {
  if (followUpOpening.test(question)) return true
  if (shortFollowUpOpening.test(question) && words(question).length <= 4) return true
  return hasAnaphora(question)
}

/** The query the offline assistant searches with: the question, plus what a follow-up refers to. */
export function retrievalQuery(
  question: string,
  previousQuestions: readonly string[],
  context: readonly ContextItem[] = [],
): string {
  const asked = ownTerms(question, { keepRequestWords: !asksToSee.test(question) })
  const all = terms(question).filter((term) => !requestWords.has(term))
  const own = asked.length > 0 ? asked : all
  // "What does this code do?" says nothing by itself: the attached context says what it is about.
  const parts = [own.length > 0 ? own.join(' ') : context.length > 0 ? '' : question.trim()]
  const previous = previousQuestions.at(-1)
  if (previous && isFollowUp(question)) {
    const borrowed = terms(previous).filter(
      (t) => !requestWords.has(t) && !languageWords.has(t) && !own.includes(t),
    )
    if (borrowed.length > 0) parts.push(borrowed.join(' '))
  }
  if (context.length > 0) {
    // The most frequent identifiers of the selection say what it is about.
    const counts = new Map<string, number>()
    for (const item of context) {
      for (const term of terms(item.value)) {
        if (term.length >= 3 && !/^\d+$/.test(term)) counts.set(term, (counts.get(term) ?? 0) + 1)
      }
    }
    const top = [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 6)
      .map(([term]) => term)
    if (top.length > 0) parts.push(top.join(' '))
  }
  return parts.filter(Boolean).join(' ')
}

export interface FindAnswersOptions {
  filter?: DocsSearchFilter
  /** How many results to return at most. */
  pageSize: number
  /** 0 for a question asked the first time; n for its n-th regeneration. */
  attempt?: number
  /**
   * The question as asked, when the query also carries words of the previous turn or of the
   * context: its own words then outweigh the borrowed ones, and a code question prefers sections
   * whose code names its APIs.
   */
  question?: string
  /**
   * `false` keeps every result, ranked the same way, for a language model that judges
   * relevance itself. Default `true`: only results that cover most of the query.
   */
  gate?: boolean
}

/**
 * "Show me code for X", "give me an example of X": the question asks to see X. Without such a
 * request, "code" and "page" can be the topic ("the same code example in several languages").
 */
const asksToSee =
  /\b(show|give|send|write) me\b|\bcode (for|to|that|which)\b|\bexamples? (of|for)\b/i

/** The question's own topical words, as `terms` reads them. */
function ownTerms(question: string, { keepRequestWords = false } = {}): string[] {
  return terms(question).filter(
    (term) =>
      (keepRequestWords ? !genericWords.has(term) : !requestWords.has(term)) &&
      !languageWords.has(term),
  )
}

/** Words that ask what the product is rather than about a part of it. */
const aboutWords = new Set('overview introduction intro about purpose'.split(' '))

/**
 * "What is DocChat?": every word names the docs' own product, which is on nearly every page and
 * so carries no signal for ranking. The docs' answer is their first page.
 */
function asksAboutTheProduct(query: string, corpus: DocsCorpus): boolean {
  const names = new Set(
    [corpus.siteName ?? '', corpus.name].flatMap((name) =>
      words(name).map((word) => queryTerm(word)),
    ),
  )
  const asked = words(query)
    .map(queryTerm)
    .filter((term): term is string => Boolean(term))
  return (
    asked.length > 0 &&
    asked.some((term) => names.has(term)) &&
    asked.every((term) => names.has(term) || aboutWords.has(term) || requestWords.has(term))
  )
}

function homeResult(corpus: DocsCorpus, filter?: DocsSearchFilter): DocsSearchResult | undefined {
  const page =
    corpus.pages.find(
      (p) =>
        (!filter?.version || !p.version || p.version === filter.version) &&
        (!filter?.language || !p.language || p.language === filter.language),
    ) ?? corpus.pages[0]
  const section = page?.sections[0]
  if (!page || !section) return undefined
  return {
    content: section.content,
    path: page.path,
    metadata: {
      title: page.title,
      breadcrumbs: page.breadcrumbs,
      section: section.heading,
      ...(section.anchor ? { anchor: section.anchor } : {}),
      score: 1,
      ...(page.version ? { version: page.version } : {}),
      ...(page.language ? { language: page.language } : {}),
    },
  }
}

/**
 * Results the offline assistant answers from, best first: ranked by the search index, kept only
 * when they cover most of the query's words and score above noise. A regeneration leads with the
 * next-best page, so the second answer is a different grounded one, not the same text.
 */
export function findAnswers(
  index: DocsIndex,
  query: string,
  options: FindAnswersOptions,
): DocsSearchResult[] {
  const { corpus } = index
  const found = index.search(query, {
    pageSize: 50,
    filter: options.filter,
    typing: false,
    coverage: true,
  })
  const coverage = (result: DocsSearchResult) => Number(result.metadata.coverage ?? 0)
  const score = (result: DocsSearchResult) => Number(result.metadata.score ?? 0)
  // A follow-up's query carries the previous question's words; the sections that also have the
  // words of the question being asked come first ("and how do I preview it?" → preview).
  const own = options.question
    ? ownTerms(options.question, { keepRequestWords: !asksToSee.test(options.question) })
    : []
  const borrowed = own.length > 0 && words(query).some((word) => !own.includes(word))
  // Words as written ("text-to-speech", which tells it from "speech-to-text") and their parts;
  // a follow-up's own words only, so a title naming the earlier topic does not win.
  const asked = new Set(
    (borrowed ? own : words(query))
      .flatMap((word) => [word, ...word.split(/[-_.]/)])
      .map(queryTerm)
      .filter((term): term is string => Boolean(term)),
  )
  // Each candidate gains for having the asked words at all, and more for ranking well on them
  // alone (a section titled "Preview locally" over one that mentions a preview in passing).
  const ownRanking = new Map<string, number>()
  let bestOwn = 0
  if (borrowed) {
    for (const result of index.search(own.join(' '), {
      pageSize: 50,
      filter: options.filter,
      typing: false,
      coverage: true,
    })) {
      const key = score(result) * coverage(result) ** 2
      bestOwn = Math.max(bestOwn, key)
      ownRanking.set(`${result.path}#${result.metadata.anchor ?? ''}`, key)
    }
  }
  const focus = (result: DocsSearchResult) => {
    if (!borrowed) return 1
    const ranked = ownRanking.get(`${result.path}#${result.metadata.anchor ?? ''}`) ?? 0
    const mentioned = new TermIndex(sectionText(result)).matches(own) / own.length
    return 0.25 + mentioned + (bestOwn > 0 ? ranked / bestOwn : 0)
  }
  // A code question prefers a section whose own code names the APIs it asks about.
  const names =
    options.question && looksLikeCodeQuestion(options.question)
      ? apiNames(options.question).map((name) => name.toLowerCase())
      : []
  const codeFit = (result: DocsSearchResult) => {
    if (names.length === 0) return 1
    const code = codeOfSection(index.corpus, result).toLowerCase()
    return 1 + names.filter((name) => code.includes(name)).length / names.length
  }
  // An answer must speak to all of the question, not to one word of it very loudly (a page
  // titled "createDocsClient" for "which errors does the client retry?"): the share of the
  // question's words a section covers counts twice over its score.
  const gate = options.gate !== false
  let strong = found
    .filter(
      (result) =>
        !gate ||
        // Nearly every word matched: a real match however long the query (context terms).
        coverage(result) >= 0.8 ||
        (score(result) >= minScore &&
          (coverage(result) >= minCoverage ||
            // Two of the question's words as written, in a small docs set whose vocabulary
            // lacks the rest ("what happens when I hit the rate limit?").
            (Number(result.metadata.exactWords ?? 0) >= 2 && coverage(result) >= minCoverage / 2))),
    )
    .map((result, rank) => ({
      result,
      rank,
      key:
        score(result) *
        coverage(result) ** 2 *
        (1 + 0.5 * titleMatch(result, asked)) *
        focus(result) *
        codeFit(result),
    }))
    .sort((a, b) => b.key - a.key || a.rank - b.rank)
    .map(({ result }) => result)
  if (asksAboutTheProduct(query, corpus)) {
    const home = homeResult(corpus, options.filter)
    if (home) strong = [home, ...strong.filter((result) => result.path !== home.path)]
  }
  for (const result of strong) {
    delete result.metadata.coverage
    delete result.metadata.exactWords
  }
  return rotate(strong, options.attempt ?? 0).slice(0, options.pageSize)
}

function sectionText(result: DocsSearchResult): string {
  return `${result.metadata.title ?? ''} ${result.metadata.section ?? ''} ${result.content}`
}

function codeOfSection(corpus: DocsCorpus, result: DocsSearchResult): string {
  const page = corpus.pages.find((p) => p.path === result.path)
  const anchor = String(result.metadata.anchor ?? '')
  const section = page?.sections.find((s) => s.anchor === anchor) ?? page?.sections[0]
  return section?.codeBlocks.map((block) => block.code).join('\n') ?? ''
}

/**
 * Share of a page title's words that the query names: "Which React hooks…" is answered by the
 * page titled "Hooks" before the overview that mentions hooks among other things.
 */
function titleMatch(result: DocsSearchResult, asked: ReadonlySet<string>): number {
  const title = terms(String(result.metadata.title ?? ''))
    .map(queryTerm)
    .filter((term): term is string => Boolean(term))
  if (title.length === 0) return 0
  return title.filter((word) => asked.has(word)).length / title.length
}

/** Moves the results of the n-th next page to the front (pages in the order they first rank). */
function rotate(results: DocsSearchResult[], attempt: number): DocsSearchResult[] {
  if (attempt <= 0 || results.length === 0) return results
  const pages = [...new Set(results.map((result) => result.path))]
  if (pages.length < 2) return results
  const lead = pages[attempt % pages.length]
  return [
    ...results.filter((result) => result.path === lead),
    ...results.filter((result) => result.path !== lead),
  ]
}
