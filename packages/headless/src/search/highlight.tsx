'use client'

import { DATA_LIMITS } from '@docchat/core'
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useMemo } from 'react'
import { queryWords } from './search-terms'

export interface HighlightRange {
  start: number
  end: number
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Words that carry no search intent. Marking them (or single letters) lights up every line of a
 * snippet for a question like "how do I stream a reply" and hides the words that matched.
 */
const stopWords = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it ' +
    'its me my no not of on or our should so than that the their them then there these they this ' +
    'those to too us was we were what when where which who why will with would you your'
  ).split(' '),
)

/**
 * The terms of `query` worth marking: whitespace-separated, trimmed of surrounding punctuation,
 * without stop words or one-character terms, longest first (`queryWords`: read from at most
 * 1,000 characters, words over 64 left out).
 */
export function highlightTerms(query: string): string[] {
  const terms = new Set<string>()
  for (const term of queryWords(query)) {
    if (Array.from(term).length < 2 || stopWords.has(term)) continue
    terms.add(term)
  }
  return Array.from(terms)
    .sort((a, b) => b.length - a.length)
    .slice(0, 16)
}

/**
 * Ranges of `text` where a word, or the start of a word, matches a term of `query`
 * (case-insensitive): "stream" marks "stream" and the "Stream" of "Streaming", never the middle
 * of "upstream". Stop words and one-letter terms are ignored.
 */
export function findHighlightRanges(fullText: string, query: string): HighlightRange[] {
  const terms = highlightTerms(query)
  if (terms.length === 0 || !fullText) return []
  // Marks are looked for in the first DATA_LIMITS.highlightChars characters only: a title or a
  // snippet line is far shorter, and the cap keeps hostile text from costing a keystroke.
  const text =
    fullText.length > DATA_LIMITS.highlightChars
      ? fullText.slice(0, DATA_LIMITS.highlightChars)
      : fullText
  const lower = text.toLowerCase()
  // Lower-casing that changes lengths (rare letters) would shift every range: match case-blind then.
  const sameLength = lower.length === text.length
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), sameLength ? 'gu' : 'giu')
  const ranges: HighlightRange[] = []
  for (const match of (sameLength ? lower : text).matchAll(pattern)) {
    const start = match.index
    if (match[0].length === 0 || !startsWord(text, start)) continue
    ranges.push({ start, end: start + match[0].length })
  }
  return ranges
}

const wordChar = /[\p{L}\p{N}]/u
const lowerChar = /\p{Ll}/u
const upperChar = /\p{Lu}/u

/** Nothing alphanumeric before `index`, or a camelCase hump ("readDataStream" → "Stream"). */
function startsWord(text: string, index: number): boolean {
  const before = text[index - 1]
  if (before === undefined || !wordChar.test(before)) return true
  return lowerChar.test(before) && upperChar.test(text[index] ?? '')
}

export interface HighlightProps extends Omit<ComponentPropsWithoutRef<'span'>, 'children'> {
  text: string
  query: string
}

/** The text with matches wrapped in `<mark>`; built from React elements, never from HTML. */
export const Highlight = forwardRef<HTMLSpanElement, HighlightProps>(function Highlight(
  { text, query, ...props },
  ref,
) {
  const parts = useMemo(() => {
    const nodes: ReactNode[] = []
    let cursor = 0
    for (const range of findHighlightRanges(text, query)) {
      if (range.start > cursor) nodes.push(text.slice(cursor, range.start))
      nodes.push(<mark key={range.start}>{text.slice(range.start, range.end)}</mark>)
      cursor = range.end
    }
    if (cursor < text.length) nodes.push(text.slice(cursor))
    return nodes
  }, [text, query])
  return (
    <span ref={ref} {...props}>
      {parts}
    </span>
  )
})
