/**
 * A search result's snippet, chosen on the server so code stays code (issue 23: snippets of code
 * results read "# Both agents share the same memory instance response = …"). The snippet is the
 * block of the section that best matches the query: prose as one line of light Markdown, or code
 * as a fenced block with its language, and `snippetKind` says which, so a client can show code in
 * a code font without parsing anything. Linear in the section's length (read up to a cap).
 */
import { fenceCode, sectionUnits, type Unit } from '../assistant/excerpt'
import { isStopWord, stemOf, wordsOf } from './search-terms'

export interface ResultSnippet {
  /** Prose: one line of light Markdown (inline code kept). Code: one fenced block. */
  snippet: string
  snippetKind: 'prose' | 'code'
  /** The code's language (its fence info), for `code` snippets that have one. */
  snippetLanguage?: string
}

/** Sections are read up to this many characters for a snippet. */
const maxContentChars = 20_000
/** Longest prose snippet, and most lines and characters per line of a code snippet. */
const proseChars = 220
const codeLines = 6
const codeLineChars = 120

function queryStems(query: string): { stems: Set<string>; last?: string } {
  const words = wordsOf(query).filter((word) => !isStopWord(word))
  return { stems: new Set(words.map(stemOf)), last: words.at(-1) }
}

/** How many query words a text has (the last one also as the start of a word: being typed). */
function matches(text: string, stems: ReadonlySet<string>, last?: string): number {
  let count = 0
  const seen = new Set<string>()
  for (const word of wordsOf(text)) {
    const stem = stemOf(word)
    if (stems.has(stem) && !seen.has(stem)) {
      seen.add(stem)
      count++
    } else if (last && last.length >= 2 && !seen.has(`\u0000${last}`) && word.startsWith(last)) {
      seen.add(`\u0000${last}`)
      count += 0.5
    }
  }
  return count
}

function oneLine(text: string): string {
  let out = ''
  let space = false
  for (const char of text) {
    if (char === '\n' || char === '\r' || char === '\t' || char === ' ') space = out.length > 0
    else {
      if (space) out += ' '
      space = false
      out += char
    }
  }
  return out
}

/** `text` cut at a word boundary near `max` characters, from around the first query word. */
function window(text: string, stems: ReadonlySet<string>, last?: string): string {
  if (text.length <= proseChars) return text
  let at = -1
  let offset = 0
  for (const word of text.split(' ')) {
    if (matches(word, stems, last) > 0) {
      at = offset
      break
    }
    offset += word.length + 1
  }
  let start = at > proseChars / 2 ? text.lastIndexOf(' ', at - 40) + 1 : 0
  if (start < 0) start = 0
  let end = Math.min(text.length, start + proseChars)
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end)
    if (space > start + proseChars / 2) end = space
  }
  return `${start > 0 ? '… ' : ''}${text.slice(start, end)}${end < text.length ? ' …' : ''}`
}

function proseOf(unit: Unit, stems: ReadonlySet<string>, last?: string): string {
  const { body } = unit
  if (body.kind === 'list') {
    const item = body.items.find((lines) => matches(lines.join(' '), stems, last) > 0)
    const lead = unit.lead ? `${oneLine(unit.lead.join(' '))} ` : ''
    return window(oneLine(`${lead}${(item ?? body.items[0] ?? []).join(' ')}`), stems, last)
  }
  if (body.kind === 'table') {
    const row = body.rows.find((line) => matches(line, stems, last) > 0) ?? body.rows[0] ?? ''
    const cells = row
      .split('|')
      .map((cell) => cell.trim())
      .filter(Boolean)
    return window(cells.join(' · '), stems, last)
  }
  if (body.kind === 'paragraph') return window(oneLine(body.lines.join(' ')), stems, last)
  if (body.kind === 'code') return ''
  return window(oneLine([...unit.titles, body.text].join(' ')), stems, last)
}

function codeOf(code: string, stems: ReadonlySet<string>, last?: string): string {
  const lines = code.split('\n')
  while (lines.length > 0 && !lines.at(-1)!.trim()) lines.pop()
  const first = Math.max(
    0,
    lines.findIndex((line) => matches(line, stems, last) > 0),
  )
  const start = Math.max(0, Math.min(first - 1, lines.length - codeLines))
  return lines
    .slice(start, start + codeLines)
    .map((line) => (line.length > codeLineChars ? `${line.slice(0, codeLineChars)}…` : line))
    .join('\n')
}

/** The snippet of a section's content for a query, or undefined for an empty section. */
export function snippetOf(content: string, query: string): ResultSnippet | undefined {
  const text = content.length > maxContentChars ? content.slice(0, maxContentChars) : content
  const units = sectionUnits(text)
  if (units.length === 0) return undefined
  const { stems, last } = queryStems(query)
  let best = units[0]!
  let bestScore = -1
  for (const unit of units) {
    const body = unit.body.kind === 'code' ? unit.body.code : ''
    // Prose wins ties: it says what the section is about; code only when it alone matches more.
    const score =
      unit.body.kind === 'code'
        ? matches(body, stems, last) - 0.5
        : matches(
            [...unit.titles, ...(unit.lead ?? []), proseOf(unit, stems, last)].join(' '),
            stems,
            last,
          )
    if (score > bestScore) {
      best = unit
      bestScore = score
    }
  }
  if (best.body.kind === 'code') {
    const language = best.body.language
    return {
      snippet: fenceCode(codeOf(best.body.code, stems, last), language),
      snippetKind: 'code',
      ...(language ? { snippetLanguage: language } : {}),
    }
  }
  const prose = proseOf(best, stems, last)
  return prose ? { snippet: prose, snippetKind: 'prose' } : undefined
}
