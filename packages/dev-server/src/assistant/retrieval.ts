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
import { sectionResult } from '../search/docs-index'
import { isStopWord, queryTerm, stem } from '../search/search-terms'
import { apiNames, askedLanguages, looksLikeCodeQuestion } from './compose-answer'
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
  'typescript javascript ts js tsx jsx python py bash shell html css json yaml swift kotlin java ruby php rust'.split(
    ' ',
  ),
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
function isFollowUp(question: string, knows?: (word: string) => boolean): boolean {
  if (followUpOpening.test(question)) return true
  if (shortFollowUpOpening.test(question) && words(question).length <= 4) return true
  // "How big can each file be?": two words of its own, the docs' words, say what; the thread says
  // of what. ("What is the capital of France?" has words the docs never use: it stands alone.)
  // The borrowed words only rank: an answer must still have the question's own words.
  const own = ownTerms(question)
  if (knows && own.length > 0 && own.length <= 2 && words(question).length <= 7) {
    if (own.some((term) => knows(term))) return true
  }
  return hasAnaphora(question)
}

/** The query the offline assistant searches with: the question, plus what a follow-up refers to. */
export function retrievalQuery(
  question: string,
  previousQuestions: readonly string[],
  context: readonly ContextItem[] = [],
  /** Whether the docs have a word (`DocsIndex.knows`): lets a short question borrow. */
  knows?: (word: string) => boolean,
): string {
  const asked = ownTerms(question, { keepRequestWords: !asksToSee.test(question) })
  const all = terms(question).filter((term) => !requestWords.has(term))
  const own = asked.length > 0 ? asked : all
  // "What does this code do?" says nothing by itself: the attached context says what it is about.
  const parts = [own.length > 0 ? own.join(' ') : context.length > 0 ? '' : question.trim()]
  const previous = previousQuestions.at(-1)
  if (previous && isFollowUp(question, knows)) {
    const borrowed = terms(previous).filter(
      (t) => !requestWords.has(t) && !languageWords.has(t) && !own.includes(t),
    )
    if (borrowed.length > 0) parts.push(borrowed.join(' '))
  }
  if (context.length > 0) parts.push(contextTerms(context).join(' '))
  return parts.filter(Boolean).join(' ')
}

/** Words of code that say nothing about what the code is for. */
const codeKeywords = new Set(
  `const let var function return import export from default async await new class extends if else
  for while of in true false null undefined this type interface def self none print pass lambda
  public private static void string number boolean any div span true html body script style`.split(
    /\s+/,
  ),
)

/**
 * What a context item (a code block, a selection) is about: its words counted over the whole
 * text, identifiers (`DocChatProvider`, `createDocsClient`, `@docchat/widget`) counting double,
 * code keywords and numbers left out; the six that weigh most.
 */
export function contextTerms(context: readonly ContextItem[]): string[] {
  const counts = new Map<string, number>()
  for (const item of context) {
    for (const match of item.value.matchAll(/[\p{L}\p{N}_$]+/gu)) {
      const token = match[0]
      if (token.length < 3 || token.length > 64 || /^[\d_$]+$/.test(token)) continue
      const term = token.toLowerCase()
      if (codeKeywords.has(term) || isStopWord(term) || terms(term).length === 0) continue
      const identifier = /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(token)
      counts.set(term, (counts.get(term) ?? 0) + (identifier ? 2 : 1))
    }
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 6)
    .map(([term]) => term)
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
  /**
   * Context items sent with the question: their words are in the query, and sections of the
   * page they came from (their `path`, else `currentPath`) rank first among equals.
   */
  context?: readonly ContextItem[]
  currentPath?: string
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
  return sectionResult(page, section, 1)
}

/** Characters that end a sentence: a word after them is capitalised for that reason alone. */
const sentenceEnd = new Set(['.', '?', '!', ':', '"', "'", '(', '\u201c', '\u2018'])

/**
 * Names in a question that the docs never use: capitalised words (not opening a sentence) of
 * three letters or more that no page has, even by stem: "Is there a Flutter SDK…", "connect an
 * Azure DevOps repository". The question asks about something the docs don't cover, however
 * well its other words match; lower-case words the docs lack ("stolen", "laptop") are only a
 * reader's own phrasing and say nothing either way.
 */
export function unknownNames(question: string, index: DocsIndex): string[] {
  const names: string[] = []
  for (const match of question.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = match[0]
    const at = match.index ?? 0
    const first = word.charCodeAt(0)
    if (word.length < 3 || word.length > 64 || first < 0x41 || first > 0x5a) continue
    let before = at - 1
    while (before >= 0 && question[before] === ' ') before--
    if (before < 0 || sentenceEnd.has(question[before]!)) continue
    if (isStopWord(word) || index.knows(word) || showsLanguage(index.corpus, word)) continue
    names.push(word)
  }
  return names
}

const fenceLabels = new WeakMap<DocsCorpus, Set<string>>()

/**
 * Whether a word names a language the docs have code in: docs may show Python without ever
 * writing "Python", but a "Golang SDK" the docs have no Go for is still a name they lack.
 */
function showsLanguage(corpus: DocsCorpus, word: string): boolean {
  const wanted = askedLanguages(word)
  if (wanted.length === 0) return false
  let labels = fenceLabels.get(corpus)
  if (!labels) {
    labels = new Set()
    for (const page of corpus.pages) {
      for (const section of page.sections) {
        for (const block of section.codeBlocks) {
          if (block.language) labels.add(block.language.toLowerCase())
        }
      }
    }
    fenceLabels.set(corpus, labels)
  }
  return wanted.some((label) => labels.has(label))
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
  // A name the docs never use: whatever else matches, it is not what was asked about.
  if (
    options.gate !== false &&
    options.question &&
    unknownNames(options.question, index).length > 0
  ) {
    return []
  }
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
  const context = options.context ?? []
  /** A follow-up is answered by a section that has at least one of its own words. */
  const hasOwn = (result: DocsSearchResult) =>
    !borrowed ||
    context.length > 0 ||
    ownRanking.has(`${result.path}#${result.metadata.anchor ?? ''}`) ||
    new TermIndex(sectionText(result)).matches(own) > 0
  // Words of the question as asked, stop words included ("without", "before"): a heading made of
  // them ("Without React") names what the question asks.
  const questionWords = new Set(
    words(options.question ?? query)
      .flatMap((word) => [word, ...word.split(/[-_.]/)])
      .map((word) => stem(word)),
  )
  // The page a code block or selection came from is what the reader was reading about.
  const contextPages = new Set(
    context
      .map((item) => item.path ?? options.currentPath ?? '')
      .map((path) => path.split('#')[0]!.split('?')[0]!)
      .filter((path) => path.startsWith('/')),
  )
  const onContextPage = (result: DocsSearchResult) => (contextPages.has(result.path) ? 1.5 : 1)
  const focus = (result: DocsSearchResult) => {
    if (own.length === 0) return 1
    // The share of the question's own words the section itself says (its page's title and its
    // heading included): what the answer quotes is the section, so words matched only in the
    // page's keywords or description ("docchat-open" for "open") answer nothing.
    const mentioned = new TermIndex(sectionText(result)).matches(own) / own.length
    if (!borrowed) return 0.5 + 0.5 * mentioned
    const ranked = ownRanking.get(`${result.path}#${result.metadata.anchor ?? ''}`) ?? 0
    return 0.25 + mentioned + (bestOwn > 0 ? ranked / bestOwn : 0)
  }
  // A code question prefers a section whose own code names the APIs it asks about.
  const names =
    options.question && looksLikeCodeQuestion(options.question)
      ? apiNames(options.question).map((name) => name.toLowerCase())
      : []
  // A question that asks for code in a language prefers a section, then a page, that has some.
  const wanted = options.question ? askedLanguages(options.question) : []
  const languageFit = (result: DocsSearchResult) => {
    if (wanted.length === 0) return 1
    const page = pageOf(index.corpus, result)
    const section = sectionOfPage(page, result)
    const has = (blocks: readonly { language?: string }[] | undefined) =>
      (blocks ?? []).some((block) => wanted.includes(block.language?.toLowerCase() ?? ''))
    if (has(section?.codeBlocks)) return 1.6
    return page?.sections.some((s) => has(s.codeBlocks)) ? 1.3 : 1
  }
  const codeFit = (result: DocsSearchResult) => {
    if (names.length === 0) return languageFit(result)
    const code = codeOfSection(index.corpus, result).toLowerCase()
    return (
      (1 + names.filter((name) => code.includes(name)).length / names.length) * languageFit(result)
    )
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
        // Most of the question's weight matched, and not as noise.
        (coverage(result) >= minCoverage && score(result) >= minScore / 2) ||
        // Three of its words as written, most of its weight, scoring above noise: a reader's
        // long question whose own phrasing the docs lack ("are old chats saved somewhere").
        (Number(result.metadata.exactWords ?? 0) >= 3 &&
          coverage(result) >= minCoverage * 0.8 &&
          score(result) >= minScore),
    )
    .filter(hasOwn)
    .map((result, rank) => ({
      result,
      rank,
      key:
        score(result) *
        coverage(result) ** 2 *
        (1 + 0.5 * titleMatch(result, asked)) *
        (1 + 0.5 * headingMatch(result, questionWords)) *
        onContextPage(result) *
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

const pagesByPath = new WeakMap<DocsCorpus, Map<string, DocsCorpus['pages'][number]>>()

function pageOf(corpus: DocsCorpus, result: DocsSearchResult) {
  let pages = pagesByPath.get(corpus)
  if (!pages) {
    pages = new Map(corpus.pages.map((page) => [page.path, page]))
    pagesByPath.set(corpus, pages)
  }
  return pages.get(result.path)
}

function sectionOfPage(page: DocsCorpus['pages'][number] | undefined, result: DocsSearchResult) {
  const anchor = String(result.metadata.anchor ?? '')
  return page?.sections.find((s) => s.anchor === anchor) ?? page?.sections[0]
}

function codeOfSection(corpus: DocsCorpus, result: DocsSearchResult): string {
  const section = sectionOfPage(pageOf(corpus, result), result)
  return section?.codeBlocks.map((block) => block.code).join('\n') ?? ''
}

/**
 * Whether the question names a section's heading: all of its words (two or more, stop words
 * included) are the question's. "and without React?" → _Without React_.
 */
function headingMatch(result: DocsSearchResult, asked: ReadonlySet<string>): number {
  const section = String(result.metadata.section ?? '')
  if (!section || section === result.metadata.title) return 0
  const heading = words(section).map((word) => stem(word))
  if (heading.length < 2) return 0
  return heading.every((word) => asked.has(word)) ? 1 : 0
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
