/**
 * The offline assistant's answer: extractive, composed only from the search results the `search`
 * tool returned. No language model is involved: sentences are picked by term overlap with the
 * question, cited by their position in the tool result, and followed by a `suggestions` block.
 */
import type { SearchResult } from '@docchat/core'
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
  /** Code blocks of a result's section, when its `content` does not carry them. */
  codeFor?: (result: SearchResult) => readonly CodeSnippet[]
  /** Pages to suggest beyond the cited ones. */
  related?: readonly { title: string; path: string }[]
}

const codeQuestion =
  /\b(code|example|examples|snippet|install|installation|command|commands|cli|configure|config|configuration|setup|set up|import|function|hook|hooks|component|components|api|script|npm|pnpm|yarn|curl|props?|usage|snippets?)\b|`|\w+\.\w+\(|\b[a-z]+[A-Z]\w*\b/i

export function looksLikeCodeQuestion(question: string): boolean {
  return codeQuestion.test(question)
}

interface Candidate {
  sentence: string
  source: number
  position: number
  score: number
}

export function linkTo(result: SearchResult): string {
  const anchor = typeof result.metadata.anchor === 'string' ? result.metadata.anchor : ''
  if (!anchor || result.path.includes('#')) return result.path
  return `${result.path}#${anchor}`
}

export function titleOf(result: SearchResult): string {
  const title = result.metadata.title
  return typeof title === 'string' && title ? title : result.path
}

function sectionOf(result: SearchResult): string | undefined {
  const section = result.metadata.section
  return typeof section === 'string' && section && section !== titleOf(result) ? section : undefined
}

function pickSentences(input: ComposeAnswerInput): Candidate[] {
  const questionTerms = terms(input.question)
  const extraTerms = terms(input.query ?? '').filter((t) => !questionTerms.includes(t))
  const candidates: Candidate[] = []
  input.results.forEach((result, source) => {
    const heading = new TermIndex(`${titleOf(result)} ${sectionOf(result) ?? ''}`)
    const headingMatches = heading.matches(questionTerms)
    const prose = blocks(result.content)
      .filter((block) => block.kind === 'prose')
      .map((block) => block.text)
      .join('\n\n')
    sentences(prose).forEach((sentence, position) => {
      const index = new TermIndex(sentence)
      // The question's own words count most, then a section heading that names them, then words
      // the query borrowed from the previous turn or the context. Earlier results and earlier
      // sentences win ties: they are what search ranked and what the page leads with.
      const score =
        index.matches(questionTerms) * 10 +
        headingMatches * 6 +
        index.matches(extraTerms) * 3 -
        source * 2 -
        position * 0.5
      candidates.push({ sentence, source, position, score })
    })
  })
  const chosen: Candidate[] = []
  const perSource = new Map<number, number>()
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score)) {
    if (chosen.length >= 4) break
    const used = perSource.get(candidate.source) ?? 0
    if (used >= 2) continue
    if (chosen.some((c) => c.sentence === candidate.sentence)) continue
    if (chosen.length > 0 && candidate.score < 0) continue
    chosen.push(candidate)
    perSource.set(candidate.source, used + 1)
  }
  return chosen.sort((a, b) => a.source - b.source || a.position - b.position)
}

function pickCode(input: ComposeAnswerInput, sources: readonly number[]): CodeSnippet | undefined {
  const queryTerms = terms(input.question)
  let best: { snippet: CodeSnippet; score: number } | undefined
  const order = [...new Set([...sources, ...input.results.map((_, i) => i)])]
  for (const [rank, index] of order.entries()) {
    const result = input.results[index]
    if (!result) continue
    const inline = blocks(result.content)
      .filter((block) => block.kind === 'code' && block.text.trim())
      .map((block) => ({ language: block.language, code: block.text }))
    const snippets = inline.length > 0 ? inline : [...(input.codeFor?.(result) ?? [])]
    for (const snippet of snippets) {
      if (!snippet.code.trim() || snippet.code.length > 1500) continue
      const score = new TermIndex(snippet.code).matches(queryTerms) - rank * 2
      if (!best || score > best.score) best = { snippet, score }
    }
  }
  return best?.snippet
}

function intro(first: SearchResult, index: number): string {
  const section = sectionOf(first)
  const where = section
    ? `the "${section}" section of [${titleOf(first)}](${linkTo(first)})`
    : `[${titleOf(first)}](${linkTo(first)})`
  return `Here's what the docs say, mainly from ${where} [${index}]:`
}

function fence(snippet: CodeSnippet): string {
  const longest = Math.max(2, ...(snippet.code.match(/`{3,}/g) ?? []).map((m) => m.length))
  const ticks = '`'.repeat(longest + 1)
  return `${ticks}${snippet.language ?? ''}\n${snippet.code.replace(/\n+$/, '')}\n${ticks}`
}

/** A `suggestions` block as the real service writes it: `(Link text)[/path]` per line. */
export function suggestionsBlock(pages: readonly { title: string; path: string }[]): string {
  if (pages.length === 0) return ''
  const lines = pages.map((page) => `(${page.title.replace(/[()[\]]/g, '')})[${page.path}]`)
  return `\`\`\`suggestions\n${lines.join('\n')}\n\`\`\``
}

function suggestions(input: ComposeAnswerInput): { title: string; path: string }[] {
  const seen = new Set<string>()
  const pages: { title: string; path: string }[] = []
  const add = (title: string, path: string) => {
    const page = path.split('#')[0] || path
    if (!page.startsWith('/') || seen.has(page)) return
    seen.add(page)
    pages.push({ title, path: page })
  }
  for (const result of input.results) add(titleOf(result), result.path)
  for (const page of input.related ?? []) add(page.title, page.path)
  return pages.slice(0, 3)
}

export function composeAnswer(input: ComposeAnswerInput): string {
  const first = input.results[0]
  if (!first) return composeNotFound()
  const chosen = pickSentences(input)
  const parts: string[] = [intro(first, 1)]
  const bullets = chosen.map((c) => {
    const result = input.results[c.source]!
    return `- ${truncate(c.sentence, 320)} [${c.source + 1}](${linkTo(result)})`
  })
  if (bullets.length === 0) {
    const description = truncate(first.content.replace(/\s+/g, ' ').trim(), 320)
    bullets.push(`- ${description} [1](${linkTo(first)})`)
  }
  parts.push(bullets.join('\n'))
  if (looksLikeCodeQuestion(input.question)) {
    const code = pickCode(
      input,
      chosen.map((c) => c.source),
    )
    if (code) parts.push(`For example:\n\n${fence(code)}`)
  }
  const others = input.results
    .slice(1, 3)
    .filter((r) => r.path !== first.path)
    .map((r) => `[${titleOf(r)}](${linkTo(r)})`)
  if (others.length > 0) parts.push(`See also ${others.join(' and ')}.`)
  const block = suggestionsBlock(suggestions(input))
  if (block) parts.push(block)
  return parts.join('\n\n')
}

export function composeNotFound(corpusName?: string): string {
  const where = corpusName ? `the ${corpusName} documentation` : 'the documentation'
  return `I couldn't find anything about that in ${where}, so I won't guess. Try rephrasing the question with the names of the features or pages you mean, or search the docs directly.`
}
