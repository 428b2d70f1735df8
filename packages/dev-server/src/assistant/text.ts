/** Small, deterministic text helpers for the offline assistant: terms, sentences, relevance. */

const stopwords = new Set(
  `a about above after again against all also am an and any are as at be because been before being
  below between both but by can could did do does doing done down during each else even ever every
  few for from further get gets getting give go going got had has have having he her here hers him
  his how i if in into is it its itself just know let like make makes may me might more most much
  must my need no nor not now of off on once only or other our out over own please same she should
  so some such tell than that the their them then there these they this those through to too under
  until up us use used uses using very want was way we well were what when where which while who
  whom why will with within without would you your yours thing things something anything really
  show explain work works help happen happens happened often i'm i've it's what's how's don't doesn't
  can't`.split(/\s+/),
)

/** Words that point back to the previous turn: a follow-up needs that turn to be understood. */
const anaphora = new Set(
  'it its this that those these them they there more else also same another other instead one'.split(
    ' ',
  ),
)

export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}_'-]*/gu) ?? []
}

/** Content terms of a text: lower-cased words without stopwords, in order, unique. */
export function terms(text: string): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const word of words(text)) {
    const term = word.replace(/'s$/, '')
    if (term.length < 2 || stopwords.has(term) || seen.has(term)) continue
    seen.add(term)
    out.push(term)
  }
  return out
}

export function hasAnaphora(text: string): boolean {
  return words(text).some((word) => anaphora.has(word))
}

const suffixes = ['ations', 'ation', 'ings', 'ing', 'ers', 'ed', 'es', 's', 'e', 'ly']

/** A cheap stem, used as a word prefix: `configure`/`configuration`, `widgets`/`widget`. */
export function stem(term: string): string {
  for (const suffix of suffixes) {
    if (term.endsWith(suffix) && term.length - suffix.length >= 4) {
      return term.slice(0, -suffix.length)
    }
  }
  return term
}

/**
 * Small memo for work done on the same texts request after request (section contents): the
 * offline assistant reads the same few hundred sections over and over.
 */
export function memo<T>(compute: (text: string) => T, limit = 4000): (text: string) => T {
  const cache = new Map<string, T>()
  return (text) => {
    let value = cache.get(text)
    if (value === undefined) {
      value = compute(text)
      if (cache.size >= limit) cache.delete(cache.keys().next().value as string)
      cache.set(text, value)
    }
    return value
  }
}

const vocabularyOf = memo((text: string) => [...new Set(words(text))])

export class TermIndex {
  private readonly vocabulary: string[]

  constructor(text: string) {
    this.vocabulary = vocabularyOf(text)
  }

  has(term: string): boolean {
    const prefix = stem(term)
    return this.vocabulary.some((word) => word.startsWith(prefix))
  }

  /** How many of `queryTerms` occur (by stem). */
  matches(queryTerms: readonly string[]): number {
    let count = 0
    for (const term of queryTerms) if (this.has(term)) count++
    return count
  }
}

/**
 * Whether a text answers a query well enough to be used: most of the query's terms must occur.
 * Search engines with prefix and typo tolerance always return *something*; this gate is what lets
 * the assistant say "not found" instead of answering from noise.
 */
export function isRelevant(queryTerms: readonly string[], text: string): boolean {
  if (queryTerms.length === 0) return false
  const matched = new TermIndex(text).matches(queryTerms)
  return matched >= Math.min(2, queryTerms.length) || matched / queryTerms.length >= 0.6
}

export interface TextBlock {
  kind: 'prose' | 'code'
  text: string
  language?: string
}

/** Splits light Markdown into prose and fenced code blocks. */
export const blocks = memo(splitBlocks)

function splitBlocks(markdown: string): TextBlock[] {
  const out: TextBlock[] = []
  const fence = /^(```+|~~~+)([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/gm
  let last = 0
  for (const match of markdown.matchAll(fence)) {
    const index = match.index ?? 0
    if (index > last) out.push({ kind: 'prose', text: markdown.slice(last, index) })
    const info = (match[2] ?? '').trim()
    out.push({ kind: 'code', text: match[3] ?? '', language: info.split(/\s+/)[0] || undefined })
    last = index + match[0].length
  }
  if (last < markdown.length) out.push({ kind: 'prose', text: markdown.slice(last) })
  return out
}

/** Sentences (or list items) of a prose block, with Markdown noise removed. */
export const sentences = memo(splitSentences)

function splitSentences(prose: string): string[] {
  const out: string[] = []
  for (const rawLine of prose.split(/\n{2,}|\n(?=\s*(?:[-*+]|\d+\.)\s)/)) {
    const listItem = /^\s*(?:[-*+]|\d+\.)\s/.test(rawLine)
    const line = rawLine
      .replace(/^\s*#{1,6}\s+.*$/gm, '')
      .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')
      // Tags are markup, except inside inline code ("from a `<DocChatProvider>`").
      .split(/(`[^`\n]*`)/)
      .map((part, i) => (i % 2 === 1 ? part : part.replace(/<[^>]+>/g, '')))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
    // Table rows are not sentences; a `|` inside inline code (`'start' | 'end'`) is not a table.
    const outsideCode = line.replace(/`[^`]*`/g, '')
    if (!line || /^\|/.test(outsideCode) || (outsideCode.match(/\|/g)?.length ?? 0) >= 2) continue
    // A short line without end punctuation outside a list is a heading, not a statement.
    if (!listItem && !/[.!?:;)`]$/.test(line) && line.length < 80) continue
    for (const sentence of line.split(/(?<=[.!?])\s+(?=[A-Z0-9`*_[(])/)) {
      const clean = sentence.trim()
      if (clean.length >= 20 && !clean.endsWith(':')) out.push(clean)
    }
  }
  return out
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${cut.slice(0, space > max * 0.6 ? space : max).trimEnd()}…`
}

/** Splits text into small word groups (1–3 words, keeping whitespace) for streaming deltas. */
export function wordGroups(text: string): string[] {
  const tokens = text.match(/\s*\S+\s*/g) ?? (text ? [text] : [])
  const sizes = [2, 1, 3, 2, 1, 2, 3]
  const out: string[] = []
  let i = 0
  let n = 0
  while (i < tokens.length) {
    const size = sizes[n++ % sizes.length] ?? 2
    out.push(tokens.slice(i, i + size).join(''))
    i += size
  }
  return out
}
