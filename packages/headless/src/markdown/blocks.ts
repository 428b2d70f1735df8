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

const FENCE = /^( {0,3})(`{3,}|~{3,})(.*)$/
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/
const QUOTE = /^ {0,3}> ?(.*)$/
const LIST_ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])(?:([ \t]+)(.*)|$)/
const TABLE_DELIMITER = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/

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
export function splitTableRow(line: string): string[] {
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
  if (next === undefined || !line.includes('|') || !TABLE_DELIMITER.test(next)) return false
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
  if (FENCE.test(line) || HEADING.test(line) || THEMATIC_BREAK.test(line) || QUOTE.test(line)) {
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

    const fence = FENCE.exec(line)
    if (fence && !(fence[2]!.startsWith('`') && fence[3]!.includes('`'))) {
      const indent = fence[1]!.length
      const marker = fence[2]!
      const language = (fence[3]!.trim().split(/\s+/)[0] ?? '').slice(0, 32)
      const code: string[] = []
      let closed = false
      index++
      while (index < count) {
        const current = lines[index]!
        const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(current)
        if (close && close[1]![0] === marker[0] && close[1]!.length >= marker.length) {
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

    const heading = HEADING.exec(line)
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6
      blocks.push({
        block: { type: 'heading', level, text: (heading[2] ?? '').trim() },
        line: start,
      })
      index++
      continue
    }

    if (THEMATIC_BREAK.test(line)) {
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
          lazyAllowed = !isBlank(quote[1]!) && !FENCE.test(quote[1]!)
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
