'use client'

import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useMemo } from 'react'

export interface HighlightRange {
  start: number
  end: number
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Ranges of `text` matching any whitespace-separated term of `query` (case-insensitive). */
export function findHighlightRanges(text: string, query: string): HighlightRange[] {
  const terms = Array.from(new Set(query.trim().split(/\s+/).filter(Boolean)))
    .sort((a, b) => b.length - a.length)
    .slice(0, 16)
  if (terms.length === 0 || !text) return []
  const pattern = new RegExp(terms.map(escapeRegExp).join('|'), 'giu')
  const ranges: HighlightRange[] = []
  for (const match of text.matchAll(pattern)) {
    if (match[0].length === 0) continue
    ranges.push({ start: match.index, end: match.index + match[0].length })
  }
  return ranges
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
