/**
 * Small, deterministic text helpers for the offline assistant: terms, sentences, relevance. They
 * read docs text, context a request sent and answers being composed, so each runs in linear time:
 * where a regex would backtrack on a long run of one character, a scan does the same work.
 */
import {
  fenceRunEnd,
  isLineTerminator,
  isWhitespace,
  whitespaceEnd,
  withoutDelimited,
} from '../text-scan'

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
function stem(term: string): string {
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
function memo<T>(compute: (text: string) => T, limit = 4000): (text: string) => T {
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

export interface TextBlock {
  kind: 'prose' | 'code'
  text: string
  language?: string
}

/** Splits light Markdown into prose and fenced code blocks. */
export const blocks = memo(splitBlocks)

/**
 * The fences of `/^(```+|~~~+)([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/gm`, found without its backtracking
 * (an unclosed fence made it rescan the rest of the text, per fence and per marker length):
 * an opening run of 3 or more backticks or tildes at a line start, its info to the end of the
 * line, then the first later line that is exactly as many of the same marker (trailing blanks
 * allowed). If no line closes the whole run, a shorter run closes it (the rest of the run joins
 * the info), as the regex's backtracking did.
 */
function splitBlocks(markdown: string): TextBlock[] {
  const out: TextBlock[] = []
  let closings: Map<string, number[]> | undefined
  let last = 0
  for (let start = 0; start < markdown.length; start++) {
    const runEnd = fenceRunEnd(markdown, start)
    if (runEnd === -1) continue
    const marker = markdown[start]
    const infoEnd = markdown.indexOf('\n', runEnd)
    if (infoEnd === -1) continue
    closings ??= closingFenceLines(markdown)
    const bodyStart = infoEnd + 1
    for (let length = runEnd - start; length >= 3; length--) {
      const newline = firstAtOrAfter(closings.get(`${marker}${length}`), bodyStart)
      if (newline === undefined) continue
      if (start > last) out.push({ kind: 'prose', text: markdown.slice(last, start) })
      const info = markdown.slice(start + length, infoEnd).trim()
      out.push({
        kind: 'code',
        text: markdown.slice(bodyStart, newline),
        language: info.split(/\s+/)[0] || undefined,
      })
      let end = newline + 1 + length
      while (markdown[end] === ' ' || markdown[end] === '\t') end++
      last = end
      start = end - 1
      break
    }
  }
  if (last < markdown.length) out.push({ kind: 'prose', text: markdown.slice(last) })
  return out
}

/**
 * Lines that can close a fence, by marker and length (`` `3 ``, `~4`): the positions of the `\n`
 * before each line made of one run of backticks or tildes and then only spaces or tabs.
 */
function closingFenceLines(markdown: string): Map<string, number[]> {
  const lines = new Map<string, number[]>()
  for (let newline = markdown.indexOf('\n'); newline !== -1; ) {
    const start = newline + 1
    const marker = markdown[start]
    let end = start
    if (marker === '`' || marker === '~') {
      while (markdown[end] === marker) end++
      const length = end - start
      while (markdown[end] === ' ' || markdown[end] === '\t') end++
      if (end === markdown.length || isLineTerminator(markdown.charCodeAt(end))) {
        const key = `${marker}${length}`
        const list = lines.get(key)
        if (list) list.push(newline)
        else lines.set(key, [newline])
      }
    }
    newline = markdown.indexOf('\n', end)
  }
  return lines
}

/** The first of an ascending list that is at least `min` (binary search). */
function firstAtOrAfter(list: readonly number[] | undefined, min: number): number | undefined {
  if (!list) return undefined
  let low = 0
  let high = list.length
  while (low < high) {
    const middle = (low + high) >> 1
    if (list[middle]! < min) low = middle + 1
    else high = middle
  }
  return list[low]
}

/** Sentences (or list items) of a prose block, with Markdown noise removed. */
export const sentences = memo(splitSentences)

function splitSentences(prose: string): string[] {
  const out: string[] = []
  for (const rawLine of splitParagraphs(prose)) {
    const listItem = /^\s*(?:[-*+]|\d+\.)\s/.test(rawLine)
    const line = withoutListMarkers(withoutHeadingLines(rawLine))
      // Tags are markup, except inside inline code ("from a `<DocChatProvider>`").
      .split(/(`[^`\n]*`)/)
      .map((part, i) => (i % 2 === 1 ? part : withoutTags(part)))
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

/** The end of a list marker (`-`, `*`, `+` or `12.`) at `at`, or -1. */
function listMarkerEnd(text: string, at: number): number {
  const code = text.charCodeAt(at)
  if (code === 0x2d || code === 0x2a || code === 0x2b) return at + 1
  let end = at
  while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++
  return end > at && text.charCodeAt(end) === 0x2e ? end + 1 : -1
}

/**
 * `text.split(/\n{2,}|\n(?=\s*(?:[-*+]|\d+\.)\s)/)`: paragraphs, and a new piece at each line that
 * starts a list item. Whitespace runs are measured once, not once per newline inside them.
 */
export function splitParagraphs(text: string): string[] {
  const pieces: string[] = []
  let from = 0
  // The list-item test for the whitespace run ending at `runEnd`, kept while newlines share it.
  let runEnd = -1
  let startsItem = false
  for (let index = 0; index < text.length; index++) {
    if (text.charCodeAt(index) !== 0x0a) continue
    let end = index + 1
    while (text.charCodeAt(end) === 0x0a) end++
    if (end - index < 2) {
      if (index + 1 > runEnd) {
        runEnd = whitespaceEnd(text, index + 1)
        const marker = listMarkerEnd(text, runEnd)
        startsItem = marker !== -1 && isWhitespace(text.charCodeAt(marker))
      }
      if (!startsItem) continue
    }
    pieces.push(text.slice(from, index))
    from = end
    index = end - 1
  }
  pieces.push(text.slice(from))
  return pieces
}

/**
 * Removes each match of a line-start pattern that begins with optional whitespace (which may span
 * lines, as `^\s*` does): `match(text, afterWhitespace)` returns where the match ends, or -1. One
 * whitespace run is measured, and matched at its end, once for all the line starts inside it.
 */
function removeAtLineStarts(text: string, match: (afterWhitespace: number) => number): string {
  let out = ''
  let copied = 0
  let runEnd = -1
  let matchEnd = -1
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && !isLineTerminator(text.charCodeAt(start - 1))) continue
    if (start > runEnd) {
      runEnd = whitespaceEnd(text, start)
      matchEnd = match(runEnd)
    }
    if (matchEnd === -1) continue
    out += text.slice(copied, start)
    copied = matchEnd
    start = matchEnd - 1
    runEnd = -1
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/** `text.replace(/^\s*#{1,6}\s+.*$/gm, '')`: heading lines (and the blank lines before them). */
export function withoutHeadingLines(text: string): string {
  return removeAtLineStarts(text, (at) => {
    let hashes = at
    while (text.charCodeAt(hashes) === 0x23) hashes++
    if (hashes === at || hashes - at > 6 || !isWhitespace(text.charCodeAt(hashes))) return -1
    let end = whitespaceEnd(text, hashes)
    while (end < text.length && !isLineTerminator(text.charCodeAt(end))) end++
    return end
  })
}

/** `text.replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, '')`: list markers and the blanks around them. */
export function withoutListMarkers(text: string): string {
  return removeAtLineStarts(text, (at) => {
    const marker = listMarkerEnd(text, at)
    if (marker === -1 || !isWhitespace(text.charCodeAt(marker))) return -1
    return whitespaceEnd(text, marker)
  })
}

/** `text.replace(/<[^>]+>/g, '')`: each `<` up to the next `>` with something between them. */
export function withoutTags(text: string): string {
  return withoutDelimited(text, '<', '>', { nonEmpty: true })
}

/**
 * `text` without its `suggestions` blocks, as `/```+suggestions[\s\S]*?(```+|$)/g` removed them:
 * from three or more backticks and `suggestions` to the next run of three or more backticks, or
 * to the end. Found with `indexOf`, so a long run of backticks costs one pass.
 */
export function withoutSuggestionBlocks(text: string): string {
  let out = ''
  let copied = 0
  for (let at = text.indexOf('```suggestions'); at !== -1; ) {
    let start = at
    while (start > copied && text.charCodeAt(start - 1) === 0x60) start--
    const close = text.indexOf('```', at + '```suggestions'.length)
    let end = close === -1 ? text.length : close + 3
    while (text.charCodeAt(end) === 0x60) end++
    out += text.slice(copied, start)
    copied = end
    at = text.indexOf('```suggestions', end)
  }
  return copied === 0 ? text : out + text.slice(copied)
}

export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${cut.slice(0, space > max * 0.6 ? space : max).trimEnd()}…`
}

/**
 * What `text.match(/\s*\S+\s*` + `/g)` returned: each word with the whitespace around it (null:
 * no word), without rescanning a run of whitespace that no word follows.
 */
export function wordTokens(text: string): string[] | null {
  const tokens: string[] = []
  let from = 0
  while (from < text.length) {
    const word = whitespaceEnd(text, from)
    if (word === text.length) break
    let end = word
    while (end < text.length && !isWhitespace(text.charCodeAt(end))) end++
    end = whitespaceEnd(text, end)
    tokens.push(text.slice(from, end))
    from = end
  }
  return tokens.length > 0 ? tokens : null
}

/** Splits text into small word groups (1–3 words, keeping whitespace) for streaming deltas. */
export function wordGroups(text: string): string[] {
  const tokens = wordTokens(text) ?? (text ? [text] : [])
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

/**
 * What `full` has after `partial`, when `partial` is its start: exactly, or but for whitespace
 * (a client may trim the text it kept, or join deltas with other blanks). Undefined when it is
 * not. One pass over both.
 */
export function textAfter(full: string, partial: string): string | undefined {
  if (full.startsWith(partial)) return full.slice(partial.length)
  let f = 0
  let p = 0
  while (p < partial.length) {
    const pc = partial.charCodeAt(p)
    if (isWhitespace(pc)) {
      p++
      continue
    }
    while (f < full.length && isWhitespace(full.charCodeAt(f))) f++
    if (f >= full.length || full.charCodeAt(f) !== pc) return undefined
    f++
    p++
  }
  return full.slice(f)
}
