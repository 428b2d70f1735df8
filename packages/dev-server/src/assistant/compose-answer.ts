/**
 * The offline assistant's answer: extractive, composed only from the search results the `search`
 * tool returned. No language model is involved. The answer leads with the best section's own
 * words, adds a few sentences from the other results that share the question's words, shows a
 * code block from a cited page when the question asks for code (in the asked language, naming
 * the asked APIs), cites every sentence as `[n](/page#section)` (n = position in the tool
 * result), and ends with a `suggestions` block of pages the answer did not cite.
 */
import type { SearchResult } from '@docchat/core'
import { isWordChar, trimTrailing } from '../text-scan'
import { blocks, sentences, TermIndex, terms, truncate } from './text'

export interface CodeSnippet {
  language?: string
  code: string
}

export interface ComposeAnswerInput {
  question: string
  /** The query the results were found with (may carry terms of the previous turn or context). */
  query?: string
  /** Results as the tool returned them; citation numbers are their 1-based positions. */
  results: readonly SearchResult[]
  /** Code blocks of a result's whole page (its own section first), when `content` lacks them. */
  codeFor?: (result: SearchResult) => readonly CodeSnippet[]
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
]

const codeWords =
  /\b(code|example|examples|snippet|snippets|sample|install|installation|command|commands|curl|npm|pnpm|yarn|pip|import|syntax|typescript|javascript|python|tsx|jsx|bash|html|css|json|yaml)\b/i
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
function askedLanguages(question: string): string[] {
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

interface Candidate {
  sentence: string
  source: number
  position: number
  score: number
}

function proseSentences(result: SearchResult): string[] {
  const prose = blocks(result.content)
    .filter((block) => block.kind === 'prose')
    .map((block) => block.text)
    .join('\n\n')
  return sentences(prose)
}

/**
 * The lead: the best section's own words. Its opening sentence says what the section is about;
 * when another sentence of it shares more of the question's words, that one follows. A
 * regeneration of a one-page answer leads with the section's later sentences instead.
 */
function leadSentences(result: SearchResult, questionTerms: string[], attempt: number): string[] {
  const all = proseSentences(result)
  if (all.length === 0) return []
  const offset = attempt > 0 && all.length > 2 ? Math.min(all.length - 1, attempt * 2) : 0
  const own = all.slice(offset)
  const lead = [own[0]!]
  let best: { sentence: string; matches: number } | undefined
  own.slice(1).forEach((sentence, i) => {
    const matches = new TermIndex(sentence).matches(questionTerms) - i * 0.01
    if (matches >= 1 && (!best || matches > best.matches)) best = { sentence, matches }
  })
  const firstMatches = new TermIndex(lead[0]!).matches(questionTerms)
  if (best && best.matches > firstMatches) lead.push(best.sentence)
  else if (own[1] && lead[0]!.length < 120) lead.push(own[1])
  return lead
}

/** Sentences from the other results that share the question's words, best first, two per source. */
function supportingSentences(
  input: ComposeAnswerInput,
  questionTerms: string[],
  used: ReadonlySet<string>,
): Candidate[] {
  const extraTerms = terms(input.query ?? '').filter((t) => !questionTerms.includes(t))
  const candidates: Candidate[] = []
  input.results.forEach((result, source) => {
    const heading = new TermIndex(`${titleOf(result)} ${sectionOf(result) ?? ''}`)
    const headingMatches = heading.matches(questionTerms)
    proseSentences(result).forEach((sentence, position) => {
      if (used.has(sentence)) return
      const index = new TermIndex(sentence)
      const own = index.matches(questionTerms)
      if (own === 0) return
      // The question's own words count most, then a heading that names them, then words the
      // query borrowed from the previous turn. Earlier results and sentences win ties.
      const score =
        own * 10 + headingMatches * 4 + index.matches(extraTerms) * 3 - source * 2 - position * 0.5
      candidates.push({ sentence, source, position, score })
    })
  })
  const chosen: Candidate[] = []
  const perSource = new Map<number, number>()
  for (const candidate of candidates.sort((a, b) => b.score - a.score)) {
    if (chosen.length >= 3) break
    const count = perSource.get(candidate.source) ?? 0
    if (count >= 2 || chosen.some((c) => c.sentence === candidate.sentence)) continue
    chosen.push(candidate)
    perSource.set(candidate.source, count + 1)
  }
  return chosen.sort((a, b) => a.source - b.source || a.position - b.position)
}

/**
 * A code block for a code question: from the cited pages (the lead's first), preferring blocks
 * that name the question's APIs, then ones in the asked language, then ones sharing its words.
 */
function pickCode(
  input: ComposeAnswerInput,
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
    const snippets = [...inline, ...(input.codeFor?.(result) ?? [])]
    snippets.forEach((snippet, order) => {
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

function fence(snippet: CodeSnippet): string {
  const longest = Math.max(2, ...(snippet.code.match(/`{3,}/g) ?? []).map((m) => m.length))
  const ticks = '`'.repeat(longest + 1)
  return `${ticks}${snippet.language ?? ''}\n${trimTrailing(snippet.code, '\n')}\n${ticks}`
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

function cite(result: SearchResult, source: number): string {
  return `[${source + 1}](${linkTo(result)})`
}

export function composeAnswer(input: ComposeAnswerInput): string {
  const first = input.results[0]
  if (!first) return composeNotFound()
  const attempt = input.attempt ?? 0
  const questionTerms = terms(input.question)
  const cited = new Set<string>([pageOf(first)])
  const parts: string[] = []

  const lead = leadSentences(first, questionTerms, attempt)
  // A section that is all code (an "Express" example) leads with its name; its code follows.
  const codeOnly = lead.length === 0 && blocks(first.content).some((b) => b.kind === 'code')
  const opening =
    lead.length > 0
      ? truncate(lead.join(' '), 480)
      : codeOnly
        ? `The docs show this in **${sectionOf(first) ?? titleOf(first)}**:`
        : truncate(first.content.replace(/\s+/g, ' ').trim(), 320)
  parts.push(`${opening} ${cite(first, 0)}`)

  const supporting = supportingSentences(input, questionTerms, new Set(lead))
  if (supporting.length > 0) {
    parts.push(
      supporting
        .map((c) => {
          const result = input.results[c.source]!
          cited.add(pageOf(result))
          return `- ${truncate(c.sentence, 320)} ${cite(result, c.source)}`
        })
        .join('\n'),
    )
  }

  const asksForCode = looksLikeCodeQuestion(input.question)
  if (asksForCode || codeOnly || howTo.test(input.question)) {
    const code = pickCode(input)
    const fits = code && (asksForCode || codeOnly || code.named > 0 || code.shared >= 2)
    if (code && fits) {
      const result = input.results[code.source]!
      const from =
        pageOf(result) === pageOf(first) ? '' : ` from [${titleOf(result)}](${linkTo(result)})`
      cited.add(pageOf(result))
      parts.push(`For example${from} ${cite(result, code.source)}:\n\n${fence(code.snippet)}`)
    }
  }

  const block = suggestionsBlock(suggestions(input, cited))
  if (block) parts.push(block)
  return parts.join('\n\n')
}

export function composeNotFound(corpusName?: string): string {
  const where = corpusName ? `the ${corpusName} documentation` : 'the documentation'
  return `I couldn't find anything about that in ${where}, so I won't guess. Try rephrasing the question with the names of the features or pages you mean, or search the docs directly.`
}
