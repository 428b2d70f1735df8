/**
 * The offline assistant's answer: extractive, composed only from the search results the `search`
 * tool returned. No language model is involved. The answer quotes whole blocks of the best
 * section (paragraphs, lists with the sentence that introduces them, tables with their header,
 * code) under that section's title and citation `[n](/page#section)` (n = position in the tool
 * result), adds at most one more section when the first leaves words of the question unanswered,
 * shows a code block from a cited page when the question asks for code (in the asked language,
 * naming the asked APIs), and ends with a `suggestions` block of pages the answer did not cite.
 */
import type { SearchResult } from '@docchat/core'
import { isWordChar } from '../text-scan'
import { stemOf } from '../search/search-terms'
import {
  excerptSection,
  fenceCode,
  linkedLines,
  matchCount,
  sectionText,
  renderUnit,
  sectionUnits,
  stemSet,
  type Unit,
} from './excerpt'
import { blocks, TermIndex, terms } from './text'

export interface CodeSnippet {
  language?: string
  code: string
  /** The section the code is in (its anchor and heading), when not the result's own. */
  anchor?: string
  section?: string
  /** The paragraph that introduces the code ("Add the processor to your pipeline:"). */
  lead?: string
}

export interface ComposeAnswerInput {
  question: string
  /** The query the results were found with (may carry terms of the previous turn or context). */
  query?: string
  /** Results as the tool returned them; citation numbers are their 1-based positions. */
  results: readonly SearchResult[]
  /** Code blocks of a result's whole page (its own section first), when `content` lacks them. */
  codeFor?: (result: SearchResult) => readonly CodeSnippet[]
  /**
   * A result's `content` with the docs' links as Markdown links, line for line
   * (`DocsSection.linked`): the answer quotes its lines, so the reader can follow them. Blocks
   * are still chosen by `content`'s words.
   */
  linkedContent?: (result: SearchResult) => string | undefined
  /** Pages to suggest beyond the results. */
  related?: readonly { title: string; path: string }[]
  /** 0 the first time a question is answered; n for its n-th regeneration. */
  attempt?: number
}

/** Names of languages a question may ask for, and the fence labels that count as that language. */
const languages: [RegExp, string[]][] = [
  [/\b(typescript|ts)\b/i, ['ts', 'typescript', 'tsx', 'mts']],
  [/\b(tsx|jsx|react)\b/i, ['tsx', 'jsx']],
  [/\b(javascript|js|node(\.?js)?)\b/i, ['js', 'javascript', 'mjs', 'jsx', 'ts']],
  [/\b(python|py)\b/i, ['python', 'py']],
  [/\b(bash|shell|terminal|command line|cli|curl)\b/i, ['bash', 'sh', 'shell', 'zsh', 'console']],
  [/\bhtml\b/i, ['html']],
  [/\bcss\b/i, ['css']],
  [/\b(json)\b/i, ['json', 'jsonc']],
  [/\b(yaml|yml)\b/i, ['yaml', 'yml']],
  [/\bswift\b/i, ['swift']],
  [/\bkotlin\b/i, ['kotlin', 'kt']],
  [/\bjava\b/i, ['java']],
  [/\bruby\b/i, ['ruby', 'rb']],
  [/\bphp\b/i, ['php']],
  [/\brust\b/i, ['rust', 'rs']],
  // The rest of what the docs corpora label their blocks with (Mintlify's own pages are MDX).
  [/\b(mdx|markdown)\b/i, ['mdx', 'markdown', 'md']],
  [/\btoml\b/i, ['toml']],
  [/\bxml\b/i, ['xml']],
  [/\bdockerfile\b/i, ['dockerfile']],
  [/\bpowershell\b/i, ['powershell', 'ps1', 'pwsh']],
  [/\bsql\b/i, ['sql']],
  [/\bgolang\b/i, ['go', 'golang']],
]

const codeWords =
  /\b(code|example|examples|snippet|snippets|sample|install|installation|command|commands|curl|npm|pnpm|yarn|pip|import|syntax|typescript|javascript|python|tsx|jsx|bash|html|css|json|yaml|swift|kotlin)\b/i
/** Calls `visit` with each run of ASCII word characters (`\w`), until it returns true. */
function someWordRun(text: string, visit: (start: number, end: number) => boolean): boolean {
  for (let start = 0; start < text.length; start++) {
    if (!isWordChar(text.charCodeAt(start))) continue
    let end = start + 1
    while (end < text.length && isWordChar(text.charCodeAt(end))) end++
    if (visit(start, end)) return true
    start = end
  }
  return false
}

const isLower = (code: number) => code >= 0x61 && code <= 0x7a
const isUpper = (code: number) => code >= 0x41 && code <= 0x5a

/**
 * Whether `text[start, end)` is in `camelCase` (lowercase letters, then a capital), `PascalCase`
 * when `pascal` (a capital, lowercase letters, a capital), or `snake_case` (an inner `_`).
 */
function isIdentifierWord(text: string, start: number, end: number, pascal: boolean): boolean {
  let index = pascal && isUpper(text.charCodeAt(start)) ? start + 1 : start
  const lowerFrom = index
  while (index < end && isLower(text.charCodeAt(index))) index++
  if (index > lowerFrom && index < end && isUpper(text.charCodeAt(index))) return true
  for (let inner = start + 1; inner < end - 1; inner++) {
    if (text.charCodeAt(inner) === 0x5f) return true
  }
  return false
}

/**
 * `createDocsClient`, `use_chat`, `client.search(`, `` `code` ``: the question names an API. What
 * `/`[^`]+`|\b[a-z]+[A-Z]\w*|\b\w+_\w+\b|\b\w+\.\w+\(|\b\w+\(\)/` found, read word by word
 * (the regex backtracked through every run of underscores).
 */
function namesApi(question: string): boolean {
  let backtick = -1
  for (let index = question.indexOf('`'); index !== -1; index = question.indexOf('`', index + 1)) {
    if (backtick !== -1 && index > backtick + 1) return true
    backtick = index
  }
  return someWordRun(question, (start, end) => {
    if (isIdentifierWord(question, start, end, false)) return true
    if (question[end] === '(') return question[end + 1] === ')'
    // `client.search(`: this word, a dot, the next word, a parenthesis.
    if (question[end] !== '.' || !isWordChar(question.charCodeAt(end + 1))) return false
    let next = end + 1
    while (isWordChar(question.charCodeAt(next))) next++
    return question[next] === '('
  })
}

/**
 * "Show me …" asks to see the thing, which in docs is usually code: `/\bshow me\b/i`, or what
 * `/\bwhat does .+ look like\b/i` found (something between the two on one line), read in one pass.
 */
function asksToSee(question: string): boolean {
  if (/\bshow me\b/i.test(question)) return true
  let opening = -1
  for (const match of question.matchAll(/\bwhat does |[\n\r\u2028\u2029]| look like\b/gi)) {
    const index = match.index ?? 0
    if (match[0].length === 1) opening = -1
    else if (match[0].startsWith(' ')) {
      if (opening !== -1 && index > opening + 'what does '.length) return true
    } else if (opening === -1) opening = index
  }
  return false
}

/** "How do I …" is answered well by code when the docs' own code for it shares its words. */
const howTo = /\bhow (do|can|should|would) (i|we|you)\b|^\s*how to\b/i

export function looksLikeCodeQuestion(question: string): boolean {
  return codeWords.test(question) || namesApi(question) || asksToSee(question)
}

/** The fence labels of the language a question asks for, if it names one. */
export function askedLanguages(question: string): string[] {
  for (const [pattern, labels] of languages) if (pattern.test(question)) return labels
  return []
}

/** API names in a question: identifiers as written (`createDocsClient`, `DocChatWidget`). */
export function apiNames(question: string): string[] {
  const names = new Set<string>()
  for (const match of question.matchAll(/`([^`]+)`/g)) names.add(match[1]!.replace(/\(\)$/, ''))
  // Words in camelCase, PascalCase (two capitals at least) or snake_case, as
  // `/\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|\w+_\w+)\b/g` found them.
  someWordRun(question, (start, end) => {
    if (!isIdentifierWord(question, start, end, true)) return false
    const word = question.slice(start, end)
    // "TypeScript" and "JavaScript" name a language, not an API.
    if (!languages.some(([pattern]) => pattern.test(word))) names.add(word)
    return false
  })
  return [...names]
}

function linkTo(result: SearchResult): string {
  const anchor = typeof result.metadata.anchor === 'string' ? result.metadata.anchor : ''
  if (!anchor || result.path.includes('#')) return result.path
  return `${result.path}#${anchor}`
}

function titleOf(result: SearchResult): string {
  const title = result.metadata.title
  return typeof title === 'string' && title ? title : result.path
}

function pageOf(result: SearchResult): string {
  const page = result.metadata.page
  if (typeof page === 'string' && page) return page
  return result.path.split('#')[0] || result.path
}

function sectionOf(result: SearchResult): string | undefined {
  const section = result.metadata.section
  return typeof section === 'string' && section && section !== titleOf(result) ? section : undefined
}

/**
 * A code block for a code question: from the cited pages (the lead's first), preferring blocks
 * that name the question's APIs, then ones in the asked language, then ones sharing its words.
 */
function pickCode(
  input: ComposeAnswerInput,
  only?: (snippet: CodeSnippet, source: number) => boolean,
): { snippet: CodeSnippet; source: number; named: number; shared: number } | undefined {
  const questionTerms = terms(input.question)
  const names = apiNames(input.question).map((name) => name.toLowerCase())
  const wanted = askedLanguages(input.question)
  let best:
    | { snippet: CodeSnippet; source: number; score: number; named: number; shared: number }
    | undefined
  const seen = new Set<string>()
  input.results.forEach((result, source) => {
    if (result.metadata.kind === 'context') return
    const inline = blocks(result.content)
      .filter((block) => block.kind === 'code' && block.text.trim())
      .map((block) => ({ language: block.language, code: block.text }))
    const snippets = [...(input.codeFor?.(result) ?? []), ...inline]
    snippets.forEach((snippet, order) => {
      if (only && !only(snippet, source)) return
      const code = snippet.code.trim()
      if (!code || code.length > 2500 || seen.has(code)) return
      seen.add(code)
      const language = snippet.language?.toLowerCase() ?? ''
      if (language === 'suggestions' || language === 'mermaid') return
      const lower = code.toLowerCase()
      const named = names.filter((name) => lower.includes(name)).length
      const languageFits = wanted.length === 0 || wanted.includes(language)
      const shared = new TermIndex(code).matches(questionTerms)
      const score =
        named * 8 +
        (wanted.length > 0 ? (languageFits ? 6 : -6) : 0) +
        shared * 1.5 -
        source * 3 -
        order * 0.2 -
        (code.length > 1200 ? 2 : 0)
      if (!best || score > best.score) best = { snippet, source, score, named, shared }
    })
  })
  return best
}

/** A `suggestions` block as the real service writes it: `(Link text)[/path]` per line. */
export function suggestionsBlock(pages: readonly { title: string; path: string }[]): string {
  if (pages.length === 0) return ''
  const lines = pages.map((page) => `(${page.title.replace(/[()[\]]/g, '')})[${page.path}]`)
  return `\`\`\`suggestions\n${lines.join('\n')}\n\`\`\``
}

/** Pages to read next: each page once, and none the answer already cites. */
function suggestions(
  input: ComposeAnswerInput,
  cited: ReadonlySet<string>,
): { title: string; path: string }[] {
  const seen = new Set(cited)
  const pages: { title: string; path: string }[] = []
  const add = (title: string, path: string) => {
    const page = path.split('#')[0] || path
    if (!page.startsWith('/') || seen.has(page)) return
    seen.add(page)
    pages.push({ title, path: page })
  }
  for (const result of input.results) {
    if (result.metadata.kind !== 'context') add(titleOf(result), pageOf(result))
  }
  for (const page of input.related ?? []) add(page.title, page.path)
  return pages.slice(0, 3)
}

function cite(result: SearchResult, source: number, link = linkTo(result)): string {
  return `[${source + 1}](${link})`
}

/** Words that ask for a form of answer or name a language, not a topic: they match any block. */
const formWords = new Set(
  'code example examples snippet snippets sample samples syntax usage show give write tell explain documentation docs doc page pages please fine typescript javascript ts js tsx jsx python py bash shell html css json yaml swift kotlin'.split(
    ' ',
  ),
)

/** Stems of a text's content words (no stop words, no words that ask for a form of answer). */
function contentStems(text: string): string[] {
  return [
    ...new Set(
      terms(text)
        .filter((term) => !formWords.has(term))
        .map(stemOf),
    ),
  ]
}

/** Characters of prose the best section is quoted with, and the second one. */
const primaryBudget = 1100
const secondaryBudget = 600

/** `**Page › Section** [n](/page#section)`: where the blocks below it come from. */
function sourceLine(
  result: SearchResult,
  source: number,
  at?: { section?: string; anchor: string },
): string {
  const section = at ? at.section : sectionOf(result)
  const link = at ? (at.anchor ? `${pageOf(result)}#${at.anchor}` : pageOf(result)) : linkTo(result)
  const plain = (text: string) => text.replace(/[*_`[\]]/g, '')
  const heading = section && section !== titleOf(result) ? ` › ${plain(section)}` : ''
  return `**${plain(titleOf(result))}${heading}** ${cite(result, source, link)}`
}

function hasCode(units: readonly Unit[], wanted: readonly string[]): boolean {
  return units.some(
    (unit) =>
      unit.body.kind === 'code' &&
      (wanted.length === 0 || wanted.includes(unit.body.language?.toLowerCase() ?? '')),
  )
}

/**
 * The answer's text, or undefined when no result has a block to quote (the caller then says the
 * docs don't cover it).
 */
export function planAnswer(input: ComposeAnswerInput): string | undefined {
  const results = input.results.filter((result) => result.metadata.kind !== 'context')
  const first = results[0]
  if (!first) return undefined
  const sourceOf = (result: SearchResult) => input.results.indexOf(result)
  const own = contentStems(input.question)
  // A question of nothing but borrowed words ("and in Python?") is matched on the query's.
  const stems = own.length > 0 ? own : contentStems(input.query ?? '')
  const asksForCode = looksLikeCodeQuestion(input.question)
  const wanted = askedLanguages(input.question)
  const firstUnits = sectionUnits(first.content)
  const allCode = firstUnits.length > 0 && firstUnits.every((unit) => unit.body.kind === 'code')
  // A "how do I" question is answered well by the section's own code, as the docs show it.
  const codeInFirst =
    (asksForCode || allCode || howTo.test(input.question)) && hasCode(firstUnits, wanted)
  const excerpt = excerptSection(first.content, {
    stems,
    budget: primaryBudget,
    code: codeInFirst || allCode,
  })
  if (excerpt.units.length === 0) return undefined
  const linksOf = (result: SearchResult) =>
    linkedLines(result.content, input.linkedContent?.(result))
  const firstLinks = linksOf(first)
  const parts = [
    sourceLine(first, sourceOf(first)),
    ...excerpt.units.map((unit) => renderUnit(unit, firstLinks)),
  ]
  const cited = new Set<string>([pageOf(first)])
  const shownCode = excerpt.units.filter((unit) => unit.body.kind === 'code')

  // One more section, when the first leaves some of the question's words unanswered and another
  // result answers them.
  const heading = stemSet(`${titleOf(first)} ${sectionOf(first) ?? ''}`)
  const uncovered = stems.filter((stem) => !excerpt.covered.has(stem) && !heading.has(stem))
  if (uncovered.length > 0) {
    let second: { result: SearchResult; matched: number } | undefined
    for (const result of results.slice(1)) {
      if (linkTo(result) === linkTo(first)) continue
      const matched = matchCount(
        `${titleOf(result)} ${sectionOf(result) ?? ''}\n${sectionText(result.content)}`,
        uncovered,
      )
      if (matched > 0 && (!second || matched > second.matched)) second = { result, matched }
    }
    if (second) {
      const more = excerptSection(second.result.content, {
        stems: uncovered,
        budget: secondaryBudget,
        // A "how do I" answered by its second section shows that section's code.
        code: (asksForCode || howTo.test(input.question)) && !hasCode(shownCode, wanted),
      })
      if (more.units.length > 0 && more.covered.size > 0) {
        const links = linksOf(second.result)
        parts.push(
          sourceLine(second.result, sourceOf(second.result)),
          ...more.units.map((unit) => renderUnit(unit, links)),
        )
        cited.add(pageOf(second.result))
        shownCode.push(...more.units.filter((unit) => unit.body.kind === 'code'))
      }
    }
  }

  if ((asksForCode || howTo.test(input.question)) && !hasCode(shownCode, wanted)) {
    // A "how do I" question that doesn't ask for code gets the quoted section's own code, when
    // that code has the question's words; code from elsewhere would answer something else.
    const firstAnchor = String(first.metadata.anchor ?? '')
    const code = asksForCode
      ? pickCode(input)
      : pickCode(
          input,
          (snippet, source) =>
            input.results[source] === first &&
            (snippet.anchor === undefined || snippet.anchor === firstAnchor),
        )
    const fits = code && (asksForCode || code.named > 0 || code.shared >= 2)
    if (code && fits) {
      const result = input.results[code.source]!
      const { anchor, section } = code.snippet
      cited.add(pageOf(result))
      // Code of the section already quoted goes with it, under its title; any other under its own.
      const sameSection =
        result === first && (anchor === undefined || anchor === String(first.metadata.anchor ?? ''))
      const quoted = [
        ...(code.snippet.lead ? [code.snippet.lead] : []),
        fenceCode(code.snippet.code, code.snippet.language),
      ]
      if (sameSection) parts.splice(1 + excerpt.units.length, 0, ...quoted)
      else {
        const at = anchor === undefined ? undefined : { section, anchor }
        parts.push(sourceLine(result, code.source, at), ...quoted)
      }
    }
  }

  const block = suggestionsBlock(suggestions(input, cited))
  if (block) parts.push(block)
  return parts.join('\n\n')
}

export function composeAnswer(input: ComposeAnswerInput): string {
  return planAnswer(input) ?? composeNotFound()
}

export function composeNotFound(corpusName?: string): string {
  const where = corpusName ? `the ${corpusName} documentation` : 'the documentation'
  return `I couldn't find anything about that in ${where}, so I won't guess. Try rephrasing the question with the names of the features or pages you mean, or search the docs directly.`
}
