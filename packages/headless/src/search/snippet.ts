/**
 * Search results carry the indexed markdown of a section. A reader wants its words: fences,
 * tables, emphasis markers, link targets and MDX tags are noise in a one-line snippet, while inline
 * code is meaningful and keeps its own look. Everything here is a single pass over the input
 * (every look-ahead is bounded or remembered), so hostile content cannot make a keystroke slow.
 */

/** A run of snippet text; `code` runs came from inline code or a code block. */
export interface SnippetPart {
  text: string
  code?: true
}

export interface SnippetOptions {
  /** Longest snippet in characters, ellipsis included. Defaults to `160`. */
  maxLength?: number
  /** When given, the snippet starts shortly before the first word matching a term of the query. */
  query?: string
}

const ellipsis = '…'
const maxInput = 20_000
// A tag or autolink longer than this is left as text: it keeps the scan for `>` bounded.
const maxTagLength = 256

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char)
}

class PartsBuilder {
  parts: SnippetPart[] = []
  private pendingSpace = false

  push(text: string, code = false) {
    if (!text) return
    const last = this.parts[this.parts.length - 1]
    const separator = this.pendingSpace && last ? ' ' : ''
    this.pendingSpace = false
    if (last && Boolean(last.code) === code) last.text += separator + text
    else if (code) {
      // The space between prose and code belongs to the prose, so code keeps its own edges.
      if (separator && last) last.text += separator
      this.parts.push({ text, code: true })
    } else this.parts.push({ text: separator + text })
  }

  space() {
    this.pendingSpace = true
  }
}

function isFence(line: string): string | null {
  const match = /^\s{0,3}(`{3,}|~{3,})/.exec(line)
  return match ? match[1]! : null
}

function isTableDelimiter(line: string): boolean {
  return /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/.test(line) && line.includes('-')
}

/** A table row's inside (outer pipes dropped), or `null` for any other line. */
function tableRow(line: string): string | null {
  const trimmed = line.trim()
  if (!trimmed.startsWith('|')) return null
  return trimmed.slice(1, trimmed.endsWith('|') && trimmed.length > 1 ? -1 : undefined)
}

/** Markdown block syntax at the start of a line: headings, quotes, list markers, table pipes. */
function stripLineStart(line: string): string {
  return line.replace(/^\s*(?:>\s*)*(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)?/, '')
}

function dropLine(line: string): boolean {
  const trimmed = line.trim()
  return (
    trimmed === '' ||
    /^(?:-{3,}|\*{3,}|_{3,})$/.test(trimmed) ||
    /^(?:import|export)\s/.test(trimmed) ||
    /^\[[^\]]{1,100}\]:\s/.test(trimmed) ||
    isTableDelimiter(trimmed)
  )
}

/**
 * Backtick runs of a line, so a code span's closing run (same length, CommonMark) is found by
 * walking forward once per length instead of rescanning the rest of the line.
 */
function backtickRuns(line: string): Map<number, number[]> {
  const runs = new Map<number, number[]>()
  let i = line.indexOf('`')
  while (i !== -1 && i < line.length) {
    let end = i
    while (line[end] === '`') end++
    const length = end - i
    const list = runs.get(length) ?? []
    list.push(i)
    runs.set(length, list)
    i = line.indexOf('`', end)
  }
  return runs
}

/** Inline markdown of one line into parts: code spans kept as code, markers and link targets dropped. */
function inline(line: string, out: PartsBuilder) {
  // Output positions of `[` still waiting for their `](`; emptied when the link is found.
  const chars: string[] = []
  const openBrackets: number[] = []
  const runs = line.includes('`') ? backtickRuns(line) : null
  const cursors = new Map<number, number>()
  // Past this index no `)` is left on the line.
  let noParen = Number.POSITIVE_INFINITY
  const flush = () => {
    const text = chars.join('').replace(/\s+/g, ' ')
    chars.length = 0
    openBrackets.length = 0
    if (text === ' ') out.space()
    else out.push(text)
  }
  let i = 0
  while (i < line.length) {
    const char = line[i]!
    if (char === '`') {
      let run = i
      while (line[run] === '`') run++
      const length = run - i
      const list = runs?.get(length) ?? []
      let cursor = cursors.get(length) ?? 0
      while (cursor < list.length && list[cursor]! < run) cursor++
      cursors.set(length, cursor + 1)
      const close = list[cursor]
      if (close === undefined) {
        // An unmatched run is literal text in CommonMark; in a snippet it is just noise.
        i = run
        continue
      }
      flush()
      const code = line.slice(run, close).replace(/\s+/g, ' ').trim()
      if (code) out.push(code, true)
      i = close + length
      continue
    }
    if (char === '|') {
      chars.push(' · ')
      i++
      continue
    }
    if (char === '*' || char === '~') {
      i++
      continue
    }
    if (char === '_') {
      // snake_case stays; emphasis underscores sit at a word's edge.
      if (isWordChar(line[i - 1]) && isWordChar(line[i + 1])) chars.push('_')
      i++
      continue
    }
    if (char === '\\' && i + 1 < line.length && /[\\`*_{}[\]()#+\-.!|<>~]/.test(line[i + 1]!)) {
      chars.push(line[i + 1]!)
      i += 2
      continue
    }
    if (char === '!' && line[i + 1] === '[') {
      i++
      continue
    }
    if (char === '[') {
      openBrackets.push(chars.length)
      chars.push('[')
      i++
      continue
    }
    if (char === ']' && openBrackets.length > 0) {
      const open = openBrackets.pop()!
      if (line[i + 1] === '(') {
        const close = i + 2 < noParen ? line.indexOf(')', i + 2) : -1
        if (close !== -1) {
          chars[open] = ''
          i = close + 1
          continue
        }
        noParen = Math.min(noParen, i + 2)
      }
      chars.push(']')
      i++
      continue
    }
    if (char === '<' && /[A-Za-z/!]/.test(line[i + 1] ?? '')) {
      const close = line.slice(i + 1, i + 1 + maxTagLength).indexOf('>')
      if (close !== -1) {
        const inner = line.slice(i + 1, i + 1 + close)
        // An autolink keeps its address; a tag (HTML, MDX component) disappears.
        if (/^https?:\/\//i.test(inner)) chars.push(inner)
        else chars.push(' ')
        i = i + 2 + close
        continue
      }
    }
    chars.push(char)
    i++
  }
  flush()
}

/** The content of a search result as clean snippet parts (no length limit). */
export function cleanSnippetParts(markdown: string): SnippetPart[] {
  const out = new PartsBuilder()
  let fence: string | null = null
  let inTable = false
  const lines = markdown.split('\n')
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '')
    const marker = isFence(line)
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null
      else if (line.trim()) {
        out.space()
        out.push(line.trim().replace(/\s+/g, ' '), true)
      }
      continue
    }
    if (marker) {
      fence = marker
      continue
    }
    if (dropLine(line)) continue
    const row = tableRow(line)
    if (row !== null) {
      // Cells of consecutive rows read as one list: "Option · Default · theme · light".
      if (inTable) out.push(' · ')
      else out.space()
      inTable = true
      inline(row, out)
      continue
    }
    inTable = false
    out.space()
    inline(stripLineStart(line), out)
  }
  return tidy(out.parts)
}

function tidy(parts: SnippetPart[]): SnippetPart[] {
  const result: SnippetPart[] = []
  for (const part of parts) {
    const text = part.text.replace(/\s+/g, ' ').replace(/(?: · )+/g, ' · ')
    if (text.trim()) result.push(part.code ? { text, code: true } : { text })
  }
  if (result.length > 0) {
    result[0]!.text = result[0]!.text.replace(/^[\s·]+/, '')
    const last = result[result.length - 1]!
    last.text = last.text.replace(/[\s·]+$/, '')
  }
  return result.filter((part) => part.text)
}

/** Index in `text` of the first word starting with a query term of 2+ characters, or -1. */
function firstMatch(text: string, query: string): number {
  const lower = text.toLowerCase()
  let best = -1
  for (const term of query.toLowerCase().split(/\s+/)) {
    const word = term.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    if (word.length < 3) continue
    let from = 0
    while (from < lower.length) {
      const at = lower.indexOf(word, from)
      if (at === -1) break
      if (!isWordChar(lower[at - 1])) {
        if (best === -1 || at < best) best = at
        break
      }
      from = at + 1
    }
  }
  return best
}

/**
 * A one-line snippet of a search result's markdown: clean text with inline code as `code` parts,
 * at most `maxLength` characters, starting near the first query match when it is far in.
 */
export function snippetParts(markdown: string, options: SnippetOptions = {}): SnippetPart[] {
  const maxLength = Math.max(16, options.maxLength ?? 160)
  // A snippet shows one line: the first few thousand characters always hold it and its match.
  const parts = cleanSnippetParts(
    markdown.length > maxInput ? markdown.slice(0, maxInput) : markdown,
  )
  const full = parts.map((part) => part.text).join('')
  let start = 0
  if (options.query) {
    const match = firstMatch(full, options.query)
    // Keep some lead-in so the match reads in context; only skip when it would be cut off.
    if (match > maxLength * 0.6) {
      start = Math.max(0, match - Math.floor(maxLength * 0.25))
      const space = full.lastIndexOf(' ', start)
      if (space > 0 && start - space < 20) start = space + 1
    }
  }
  const lead = start > 0 ? ellipsis : ''
  const room = maxLength - lead.length
  const truncated = full.length - start > room
  const end = truncated ? start + room - 1 : full.length
  const result: SnippetPart[] = []
  let offset = 0
  for (const part of parts) {
    const from = Math.max(start, offset)
    const to = Math.min(end, offset + part.text.length)
    if (to > from) {
      const text = part.text.slice(from - offset, to - offset)
      result.push(part.code ? { text, code: true } : { text })
    }
    offset += part.text.length
  }
  if (lead) result.unshift({ text: lead })
  if (truncated) {
    const last = result[result.length - 1]
    if (last && !last.code) last.text = `${last.text.trimEnd()}${ellipsis}`
    else result.push({ text: ellipsis })
  }
  return result
}

/** The snippet as plain text (inline code without its styling). */
export function snippetText(markdown: string, options?: SnippetOptions): string {
  return snippetParts(markdown, options)
    .map((part) => part.text)
    .join('')
}
