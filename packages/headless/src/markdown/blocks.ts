export type TableAlign = 'left' | 'center' | 'right' | null

export type MarkdownBlock =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { type: 'code'; language: string; code: string; closed: boolean }
  | { type: 'list'; ordered: boolean; start: number; tight: boolean; items: MarkdownBlock[][] }
  | { type: 'blockquote'; children: MarkdownBlock[] }
  | { type: 'table'; align: TableAlign[]; header: string[]; rows: string[][] }
  | { type: 'thematic-break' }

export interface ScannedBlock {
  block: MarkdownBlock
  /** Index of the block's first line in the scanned lines. */
  line: number
}

/** Beyond this nesting (quotes in lists in quotes…) content is kept as plain paragraphs. */
const MAX_DEPTH = 12

const QUOTE = /^ {0,3}> ?(.*)$/
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*)|$)/
// Line classifiers are hand-written scans rather than regexes: `(.*?)…[ \t]*$` and friends
// backtrack quadratically on long runs of spaces, hashes or dashes (60,000 characters took seconds).

/** What regex `.` does not match: a line holding one is not a fence or heading (kept as it was). */
const LINE_TERMINATOR = /[\r\u2028\u2029]/

const isBlankChar = (char: string | undefined) => char === ' ' || char === '\t'

/** Index after up to three leading spaces. */
function afterIndent(line: string): number {
  let index = 0
  while (index < 3 && line[index] === ' ') index++
  return index
}

/** Where the run of 3+ backticks or tildes that a fence line starts with (after its indent) is. */
function fenceRun(line: string): { start: number; end: number } | null {
  const start = afterIndent(line)
  const char = line[start]
  if (char !== '`' && char !== '~') return null
  let end = start
  while (line[end] === char) end++
  return end - start < 3 ? null : { start, end }
}

/** An opening code fence: indent, marker (3+ backticks or tildes) and the rest of the line. */
function fenceOf(line: string): { indent: number; marker: string; info: string } | null {
  const run = fenceRun(line)
  if (!run) return null
  const info = line.slice(run.end)
  if (LINE_TERMINATOR.test(info)) return null
  return { indent: run.start, marker: line.slice(run.start, run.end), info }
}

/** A closing fence: 3+ backticks or tildes and nothing but spaces after them. */
function closingFenceOf(line: string): string | null {
  const run = fenceRun(line)
  if (!run) return null
  for (let index = run.end; index < line.length; index++) if (!isBlankChar(line[index])) return null
  return line.slice(run.start, run.end)
}

/**
 * An ATX heading: `#`×1–6, then blanks and text, less an optional closing run of `#` that follows a
 * blank (`## Title ##`). Same results as `^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$`.
 */
function headingOf(line: string): { level: 1 | 2 | 3 | 4 | 5 | 6; text: string } | null {
  const indent = afterIndent(line)
  let start = indent
  while (line[start] === '#') start++
  const level = (start - indent) as 1 | 2 | 3 | 4 | 5 | 6
  if (level < 1 || level > 6) return null
  if (start === line.length) return { level, text: '' }
  if (!isBlankChar(line[start])) return null
  while (isBlankChar(line[start])) start++
  let end = line.length
  while (end > start && isBlankChar(line[end - 1])) end--
  if (end === start) return { level, text: '' }
  let hashes = end
  while (hashes > start && line[hashes - 1] === '#') hashes--
  if (hashes < end) {
    let blanks = hashes
    while (blanks > start && isBlankChar(line[blanks - 1])) blanks--
    if (blanks < hashes && blanks > start) end = blanks
  }
  const text = line.slice(start, end)
  return LINE_TERMINATOR.test(text) ? null : { level, text: text.trim() }
}

/** `---`, `***` or `___` (3+ of one, blanks between allowed) alone on a line. */
function isThematicBreak(line: string): boolean {
  const start = afterIndent(line)
  const char = line[start]
  if (char !== '-' && char !== '*' && char !== '_') return false
  let count = 0
  for (let index = start; index < line.length; index++) {
    const current = line[index]
    if (current === char) count++
    else if (!isBlankChar(current)) return false
  }
  return count >= 3
}

/** A table's delimiter row: cells of `:?-+:?` between optional outer pipes. */
function isTableDelimiter(line: string): boolean {
  let index = afterIndent(line)
  if (line[index] === '|') index++
  let cells = 0
  for (;;) {
    while (isBlankChar(line[index])) index++
    const cellStart = index
    if (line[index] === ':') index++
    const dashes = index
    while (line[index] === '-') index++
    if (index === dashes) {
      // Not a cell: only the trailing pipe and blanks (already skipped) may end the row.
      return cells > 0 && cellStart === index && index === line.length
    }
    if (line[index] === ':') index++
    while (isBlankChar(line[index])) index++
    cells++
    if (line[index] === '|') index++
    else return index === line.length
  }
}

function isBlank(line: string): boolean {
  return line.trim() === ''
}

function leadingSpaces(line: string): number {
  let count = 0
  for (const char of line) {
    if (char === ' ') count++
    else if (char === '\t') count += 4 - (count % 4)
    else break
  }
  return count
}

function stripIndent(line: string, width: number): string {
  let removed = 0
  let index = 0
  while (index < line.length && removed < width) {
    const char = line[index]
    if (char === ' ') removed++
    else if (char === '\t') removed += 4 - (removed % 4)
    else break
    index++
  }
  return line.slice(index)
}

/** Splits a table row on unescaped pipes outside code spans. */
function splitTableRow(line: string): string[] {
  let text = line.trim()
  if (text.startsWith('|')) text = text.slice(1)
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1)
  const cells: string[] = []
  let current = ''
  let inCode = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!
    if (char === '\\' && text[index + 1] === '|') {
      current += '|'
      index++
    } else if (char === '`') {
      inCode = !inCode
      current += char
    } else if (char === '|' && !inCode) {
      cells.push(current.trim())
      current = ''
    } else {
      current += char
    }
  }
  cells.push(current.trim())
  return cells
}

function tableAlign(cell: string): TableAlign {
  const left = cell.startsWith(':')
  const right = cell.endsWith(':')
  if (left && right) return 'center'
  if (right) return 'right'
  if (left) return 'left'
  return null
}

function isTableStart(line: string, next: string | undefined): boolean {
  if (next === undefined || !line.includes('|') || !isTableDelimiter(next)) return false
  if (!next.includes('|') && !line.trim().startsWith('|')) {
    // A lone `---` under a line is a thematic break, not a one-column table.
    return false
  }
  return splitTableRow(line).length === splitTableRow(next).length
}

function listMarker(line: string) {
  const match = LIST_ITEM.exec(line)
  if (!match) return null
  const [, indent = '', marker = '', spacing, rest] = match
  const ordered = /\d/.test(marker)
  return {
    indent: indent.length,
    marker,
    ordered,
    delimiter: ordered ? marker.slice(-1) : marker,
    start: ordered ? Number.parseInt(marker, 10) : 1,
    spacing: spacing ?? '',
    rest: rest ?? '',
  }
}

/** Whether `line` starts a block that may interrupt a paragraph. */
function interruptsParagraph(line: string, next: string | undefined): boolean {
  if (fenceOf(line) || headingOf(line) || isThematicBreak(line) || QUOTE.test(line)) {
    return true
  }
  const marker = listMarker(line)
  if (marker && marker.rest.trim() !== '' && (!marker.ordered || marker.start === 1)) return true
  return isTableStart(line, next)
}

/**
 * Scans lines (without their newline) into blocks. Each block's end is decided only from lines
 * before the next block's start plus at most one lookahead line, which is what lets the
 * incremental parser treat every block but the last as final.
 */
export function scanBlocks(lines: readonly string[], depth = 0): ScannedBlock[] {
  const blocks: ScannedBlock[] = []
  const count = lines.length
  let index = 0

  while (index < count) {
    const line = lines[index]!
    if (isBlank(line)) {
      index++
      continue
    }
    const start = index

    if (depth >= MAX_DEPTH) {
      const text: string[] = []
      while (index < count && !isBlank(lines[index]!)) text.push(lines[index++]!.trim())
      blocks.push({ block: { type: 'paragraph', text: text.join('\n') }, line: start })
      continue
    }

    const fence = fenceOf(line)
    if (fence && !(fence.marker.startsWith('`') && fence.info.includes('`'))) {
      const { indent, marker } = fence
      const language = (fence.info.trim().split(/\s+/)[0] ?? '').slice(0, 32)
      const code: string[] = []
      let closed = false
      index++
      while (index < count) {
        const current = lines[index]!
        const close = closingFenceOf(current)
        if (close && close[0] === marker[0] && close.length >= marker.length) {
          closed = true
          index++
          break
        }
        code.push(stripIndent(current, indent))
        index++
      }
      blocks.push({ block: { type: 'code', language, code: code.join('\n'), closed }, line: start })
      continue
    }

    const heading = headingOf(line)
    if (heading) {
      blocks.push({ block: { type: 'heading', ...heading }, line: start })
      index++
      continue
    }

    if (isThematicBreak(line)) {
      blocks.push({ block: { type: 'thematic-break' }, line: start })
      index++
      continue
    }

    if (QUOTE.test(line)) {
      const content: string[] = []
      let lazyAllowed = false
      while (index < count) {
        const current = lines[index]!
        const quote = QUOTE.exec(current)
        if (quote) {
          content.push(quote[1]!)
          lazyAllowed = !isBlank(quote[1]!) && !fenceOf(quote[1]!)
          index++
        } else if (
          lazyAllowed &&
          !isBlank(current) &&
          !interruptsParagraph(current, lines[index + 1])
        ) {
          content.push(current)
          index++
        } else {
          break
        }
      }
      const children = scanBlocks(content, depth + 1).map((scanned) => scanned.block)
      blocks.push({ block: { type: 'blockquote', children }, line: start })
      continue
    }

    const first = listMarker(line)
    if (first) {
      const items: MarkdownBlock[][] = []
      let tight = true
      let marker = first
      while (marker) {
        const contentIndent =
          marker.rest === '' || marker.spacing.length > 4
            ? marker.indent + marker.marker.length + 1
            : marker.indent + marker.marker.length + marker.spacing.length
        const itemLines: string[] = [
          marker.spacing.length > 4 ? marker.spacing.slice(1) + marker.rest : marker.rest,
        ]
        index++
        let previousBlank = false
        let sawBlankInside = false
        while (index < count) {
          const current = lines[index]!
          if (isBlank(current)) {
            itemLines.push('')
            previousBlank = true
            index++
            continue
          }
          const lead = leadingSpaces(current)
          const nested = listMarker(current)
          if (lead >= contentIndent || (nested && lead > marker.indent + 1)) {
            if (previousBlank) sawBlankInside = true
            itemLines.push(stripIndent(current, Math.min(lead, contentIndent)))
            previousBlank = false
            index++
            continue
          }
          if (!previousBlank && !nested && !interruptsParagraph(current, lines[index + 1])) {
            itemLines.push(current.trim())
            index++
            continue
          }
          break
        }
        while (itemLines.length > 0 && isBlank(itemLines[itemLines.length - 1]!)) itemLines.pop()
        if (sawBlankInside) tight = false
        items.push(scanBlocks(itemLines, depth + 1).map((scanned) => scanned.block))

        const next = index < count ? listMarker(lines[index]!) : null
        if (
          next &&
          next.ordered === first.ordered &&
          next.delimiter === first.delimiter &&
          leadingSpaces(lines[index]!) < contentIndent
        ) {
          if (previousBlank) tight = false
          marker = next
        } else {
          break
        }
      }
      blocks.push({
        block: { type: 'list', ordered: first.ordered, start: first.start, tight, items },
        line: start,
      })
      continue
    }

    if (isTableStart(line, lines[index + 1])) {
      const header = splitTableRow(line)
      const align = splitTableRow(lines[index + 1]!).map(tableAlign)
      const rows: string[][] = []
      index += 2
      while (index < count) {
        const current = lines[index]!
        if (isBlank(current) || interruptsParagraph(current, lines[index + 1])) break
        const cells = splitTableRow(current)
        rows.push(header.map((_, column) => cells[column] ?? ''))
        index++
      }
      blocks.push({ block: { type: 'table', align, header, rows }, line: start })
      continue
    }

    const text: string[] = [line]
    index++
    while (index < count) {
      const current = lines[index]!
      if (isBlank(current) || interruptsParagraph(current, lines[index + 1])) break
      text.push(current)
      index++
    }
    blocks.push({
      block: {
        type: 'paragraph',
        text: text.map((part) => part.replace(/^[ \t]+/, '')).join('\n'),
      },
      line: start,
    })
  }
  return blocks
}

/** Parses a whole markdown document into blocks (no caching). */
export function parseMarkdownBlocks(markdown: string): MarkdownBlock[] {
  return scanBlocks(markdown.split(/\r?\n/)).map((scanned) => scanned.block)
}
