/**
 * The block structure of an answer's Markdown, read the way CommonMark (and GFM, for tables) reads
 * it: block quotes and list items as containers, with their indentation rules and lazy paragraph
 * continuation, and fenced and indented code, headings, thematic breaks, tables and paragraphs as
 * leaves. The export (conversation-markdown.ts) writes the answer back from this tree in a canonical
 * form, so that where code starts and ends never depends on how a reader re-reads the text.
 *
 * One pass over the lines; per line the work is bounded by the nesting, itself capped at
 * `MAX_NESTING`: linear in the length of the text.
 */

export interface MdItem {
  /** The list marker as written: `-`, `*`, `+`, `1.`, `2)`. */
  marker: string
  children: MdNode[]
  blankBefore: boolean
}

export type TableAlign = '' | 'left' | 'right' | 'center'

export type MdNode =
  | { type: 'quote'; children: MdNode[]; blankBefore: boolean }
  | {
      type: 'list'
      /** `-`, `*`, `+` for bullets, `.` or `)` for ordered lists. */
      kind: string
      ordered: boolean
      start: number
      items: MdItem[]
      blankBefore: boolean
    }
  /** Lines without their container prefixes and leading blanks, as CommonMark reads them. */
  | { type: 'paragraph'; lines: string[]; blankBefore: boolean }
  | { type: 'heading'; level: number; text: string; blankBefore: boolean }
  | { type: 'setext'; level: 1 | 2; lines: string[]; blankBefore: boolean }
  | {
      type: 'code'
      /** `` ` `` or `~` for a fence; `''` for an indented block. */
      fence: string
      fenceLength: number
      info: string
      lines: string[]
      blankBefore: boolean
    }
  | { type: 'break'; text: string; blankBefore: boolean }
  | {
      type: 'table'
      header: string[]
      align: TableAlign[]
      rows: string[][]
      blankBefore: boolean
    }

/** Containers deeper than this are read as text: bounds the work per line. */
const MAX_NESTING = 16
/** A list item's content may be indented this many columns after its marker, and no more. */
const MAX_MARKER_GAP = 4

type Container =
  | { type: 'document'; children: MdNode[] }
  | { type: 'quote'; node: Extract<MdNode, { type: 'quote' }>; children: MdNode[] }
  | {
      type: 'item'
      item: MdItem
      /** Columns its content is indented by: the marker, then the spaces after it. */
      width: number
      /** Began with a blank line: a second blank line ends it. */
      startedBlank: boolean
      children: MdNode[]
    }

type Leaf =
  | Extract<MdNode, { type: 'paragraph' }>
  | Extract<MdNode, { type: 'table' }>
  | (Extract<MdNode, { type: 'code' }> & { indent: number })

const isBlankText = (text: string, from: number): boolean => {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code !== 0x20 && code !== 0x09) return false
  }
  return true
}

/** A line being read: where it is, at which column, and columns left over from a split tab. */
class Cursor {
  pos = 0
  col = 0
  /** Columns of a tab only partly consumed: they count as spaces. */
  partial = 0
  constructor(readonly text: string) {}

  /** Columns of blank from here, and where the first other character is. */
  indent(): { cols: number; next: number } {
    let cols = this.partial
    let col = this.col
    let index = this.pos
    while (index < this.text.length) {
      const code = this.text.charCodeAt(index)
      if (code === 0x20) {
        cols++
        col++
      } else if (code === 0x09) {
        const width = 4 - (col % 4)
        cols += width
        col += width
      } else break
      index++
    }
    return { cols, next: index }
  }

  /** Consumes up to `count` columns of blank; a tab that crosses the limit is split. */
  consume(count: number): void {
    let left = count
    const fromPartial = Math.min(this.partial, left)
    this.partial -= fromPartial
    left -= fromPartial
    while (left > 0 && this.pos < this.text.length) {
      const code = this.text.charCodeAt(this.pos)
      if (code === 0x20) {
        this.pos++
        this.col++
        left--
      } else if (code === 0x09) {
        const width = 4 - (this.col % 4)
        this.pos++
        this.col += width
        if (width > left) {
          this.partial = width - left
          left = 0
        } else left -= width
      } else break
    }
  }

  /** Moves past the characters before `index`, which are not blanks: one column each. */
  skipTo(index: number): void {
    while (this.pos < index) {
      this.pos++
      this.col++
    }
    this.partial = 0
  }

  /** The rest of the line, a split tab written as spaces. */
  rest(): string {
    return ' '.repeat(this.partial) + this.text.slice(this.pos)
  }

  blankRest(): boolean {
    return isBlankText(this.text, this.pos)
  }
}

function runOf(text: string, from: number, char: string): number {
  let end = from
  while (text[end] === char) end++
  return end - from
}

/** `#`–`######` then a blank or the end: the level, else 0. */
function atxLevel(text: string, at: number): number {
  const run = runOf(text, at, '#')
  if (run < 1 || run > 6) return 0
  const after = text[at + run]
  return after === undefined || after === ' ' || after === '\t' ? run : 0
}

/** A line of three or more `*`, `-` or `_` (the same one) and blanks only. */
function isThematicBreak(text: string, at: number): boolean {
  const char = text[at]
  if (char !== '*' && char !== '-' && char !== '_') return false
  let count = 0
  for (let index = at; index < text.length; index++) {
    const c = text[index]
    if (c === char) count++
    else if (c !== ' ' && c !== '\t') return false
  }
  return count >= 3
}

/** A setext underline: `=`s or `-`s, then blanks only. */
function setextLevel(text: string, at: number): 0 | 1 | 2 {
  const char = text[at]
  if (char !== '=' && char !== '-') return 0
  const run = runOf(text, at, char)
  return isBlankText(text, at + run) ? (char === '=' ? 1 : 2) : 0
}

/** An opening code fence at `at`: three or more backticks (info without any) or tildes. */
function fenceAt(text: string, at: number) {
  const char = text[at]
  if (char !== '`' && char !== '~') return undefined
  const length = runOf(text, at, char)
  if (length < 3) return undefined
  const info = text.slice(at + length)
  if (char === '`' && info.includes('`')) return undefined
  return { char, length, info: info.trim() }
}

/** A list marker at `at`, followed by a blank or the end of the line. */
function listMarkerAt(text: string, at: number) {
  const char = text[at]
  if (char === '-' || char === '+' || char === '*') {
    const after = text[at + 1]
    if (after !== undefined && after !== ' ' && after !== '\t') return undefined
    return { marker: char, kind: char, ordered: false, start: 1 }
  }
  let end = at
  while (end - at < 9 && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++
  if (end === at) return undefined
  const delimiter = text[end]
  if (delimiter !== '.' && delimiter !== ')') return undefined
  const after = text[end + 1]
  if (after !== undefined && after !== ' ' && after !== '\t') return undefined
  return {
    marker: text.slice(at, end + 1),
    kind: delimiter,
    ordered: true,
    start: Number(text.slice(at, end)),
  }
}

/**
 * Splits a table row on its unescaped pipes (GFM splits inside code spans too), without the empty
 * cells outside a leading and a trailing pipe.
 */
function splitTableRow(row: string): string[] {
  const text = row.trim()
  const cells: string[] = []
  let start = 0
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (char === '\\') index++
    else if (char === '|') {
      cells.push(text.slice(start, index))
      start = index + 1
    }
  }
  cells.push(text.slice(start))
  if (text.startsWith('|')) cells.shift()
  if (text.endsWith('|') && !text.endsWith('\\|') && cells.length > 0) cells.pop()
  return cells.map((cell) => cell.trim())
}

/** A GFM delimiter row (`| --- | :-: |`): its alignments, or undefined. */
function delimiterRow(text: string): TableAlign[] | undefined {
  if (!text.includes('|') && !text.includes('-')) return undefined
  if (!text.includes('|')) return undefined
  const cells = splitTableRow(text)
  if (cells.length === 0) return undefined
  const align: TableAlign[] = []
  for (const cell of cells) {
    const left = cell.startsWith(':')
    const right = cell.endsWith(':') && cell.length > 1
    const dashes = cell.slice(left ? 1 : 0, right ? -1 : undefined)
    if (dashes.length === 0 || runOf(dashes, 0, '-') !== dashes.length) return undefined
    align.push(left && right ? 'center' : left ? 'left' : right ? 'right' : '')
  }
  return align
}

/** Reads `markdown` (line ends already `\n`) into its block tree. */
export function parseMarkdownStructure(markdown: string): MdNode[] {
  const document: Container = { type: 'document', children: [] }
  const stack: Container[] = [document]
  let leaf: Leaf | undefined
  let pendingBlank = false

  const add = (node: MdNode) => {
    node.blankBefore = pendingBlank
    pendingBlank = false
    stack[stack.length - 1]!.children.push(node)
  }
  const closeTo = (depth: number) => {
    if (stack.length > depth) leaf = undefined
    stack.length = Math.min(stack.length, depth)
  }
  const closeLeaf = () => {
    if (leaf?.type === 'code' && leaf.fence === '') {
      // An indented block ends at its last line with content.
      while (leaf.lines.length > 0 && isBlankText(leaf.lines[leaf.lines.length - 1]!, 0)) {
        leaf.lines.pop()
      }
    }
    leaf = undefined
  }

  for (const line of markdown.split('\n')) {
    const cursor = new Cursor(line)
    // 1. Which open containers the line continues.
    let matched = 1
    for (; matched < stack.length; matched++) {
      const container = stack[matched]!
      const { cols, next } = cursor.indent()
      if (container.type === 'quote') {
        if (cols > 3 || line[next] !== '>') break
        cursor.consume(cols)
        cursor.skipTo(next + 1)
        cursor.consume(1)
      } else if (container.type === 'item') {
        if (cursor.blankRest()) {
          if (container.startedBlank && container.children.length === 0) break
          continue
        }
        if (cols < container.width) break
        cursor.consume(container.width)
      }
    }
    const allMatched = matched === stack.length

    // 2. An open fenced or indented code block takes the line when every container goes on.
    if (leaf?.type === 'code' && allMatched) {
      if (leaf.fence !== '') {
        const { cols, next } = cursor.indent()
        const run = runOf(line, next, leaf.fence)
        if (cols <= 3 && run >= leaf.fenceLength && isBlankText(line, next + run)) {
          closeLeaf()
          continue
        }
        cursor.consume(Math.min(cols, leaf.indent))
        leaf.lines.push(cursor.rest())
        continue
      }
      const { cols } = cursor.indent()
      if (cursor.blankRest()) {
        cursor.consume(4)
        leaf.lines.push(cursor.rest())
        continue
      }
      if (cols >= 4) {
        cursor.consume(4)
        leaf.lines.push(cursor.rest())
        continue
      }
      closeLeaf()
    }
    if (leaf?.type === 'code' && !allMatched) closeLeaf()

    // 3. New containers and leaves that start on this line.
    let opened = false
    const openHere = () => {
      if (!opened) {
        closeTo(matched)
        closeLeaf()
        opened = true
      }
    }
    const paragraphOpen = () => leaf?.type === 'paragraph' && !opened
    let done = false
    for (;;) {
      const { cols, next } = cursor.indent()
      if (cursor.blankRest()) break
      if (cols >= 4) {
        // Indented code cannot interrupt a paragraph (not even lazily) or a table.
        if ((leaf?.type === 'paragraph' || leaf?.type === 'table') && !opened) break
        openHere()
        cursor.consume(4)
        const code: Leaf = {
          type: 'code',
          fence: '',
          fenceLength: 0,
          info: '',
          lines: [cursor.rest()],
          blankBefore: false,
          indent: 0,
        }
        add(code)
        leaf = code
        done = true
        break
      }
      const char = line[next]
      const depth = stack.length
      if (char === '>' && depth <= MAX_NESTING) {
        openHere()
        cursor.consume(cols)
        cursor.skipTo(next + 1)
        cursor.consume(1)
        const node: Extract<MdNode, { type: 'quote' }> = {
          type: 'quote',
          children: [],
          blankBefore: false,
        }
        add(node)
        stack.push({ type: 'quote', node, children: node.children })
        matched = stack.length
        continue
      }
      const level = atxLevel(line, next)
      if (level > 0) {
        openHere()
        let text = line.slice(next + level).trim()
        // A closing sequence (` ##`) is not part of the text.
        let end = text.length
        while (end > 0 && text[end - 1] === '#') end--
        if (end === 0) text = ''
        else if (end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t')) {
          text = text.slice(0, end).trim()
        }
        add({ type: 'heading', level, text, blankBefore: false })
        done = true
        break
      }
      const fence = fenceAt(line, next)
      if (fence) {
        openHere()
        const code: Leaf = {
          type: 'code',
          fence: fence.char,
          fenceLength: fence.length,
          info: fence.info,
          lines: [],
          blankBefore: false,
          indent: cols,
        }
        add(code)
        leaf = code
        done = true
        break
      }
      if (paragraphOpen() && allMatched && leaf?.type === 'paragraph') {
        const setext = setextLevel(line, next)
        if (setext) {
          const paragraph = leaf
          const parent = stack[stack.length - 1]!.children
          parent[parent.lastIndexOf(paragraph)] = {
            type: 'setext',
            level: setext,
            lines: paragraph.lines,
            blankBefore: paragraph.blankBefore,
          }
          closeLeaf()
          done = true
          break
        }
      }
      if (isThematicBreak(line, next)) {
        openHere()
        add({ type: 'break', text: line.slice(next).trim(), blankBefore: false })
        done = true
        break
      }
      const list = depth <= MAX_NESTING ? listMarkerAt(line, next) : undefined
      if (list) {
        const after = next + list.marker.length
        const contentBlank = isBlankText(line, after)
        // The first item of a list may interrupt a paragraph only with content, and (ordered)
        // only from 1.
        const interrupts = paragraphOpen() && allMatched
        if (!interrupts || (!contentBlank && (!list.ordered || list.start === 1))) {
          openHere()
          cursor.consume(cols)
          cursor.skipTo(after)
          const gap = cursor.indent()
          const spaces = contentBlank || gap.cols > MAX_MARKER_GAP ? 1 : gap.cols
          const parent = stack[stack.length - 1]!
          const last = parent.children[parent.children.length - 1]
          const item: MdItem = { marker: list.marker, children: [], blankBefore: false }
          if (last?.type === 'list' && last.kind === list.kind) {
            item.blankBefore = pendingBlank
            pendingBlank = false
            last.items.push(item)
          } else {
            add({
              type: 'list',
              kind: list.kind,
              ordered: list.ordered,
              start: list.start,
              items: [item],
              blankBefore: false,
            })
          }
          stack.push({
            type: 'item',
            item,
            width: list.marker.length + spaces,
            startedBlank: contentBlank,
            children: item.children,
          })
          matched = stack.length
          if (contentBlank) {
            done = true
            break
          }
          cursor.consume(spaces)
          continue
        }
      }
      break
    }
    if (done) continue

    const rest = cursor.rest()
    const blank = isBlankText(rest, 0)
    // 4. A paragraph (or table) goes on: lazily too, when no container or block opened.
    if (!opened && !blank && leaf?.type === 'paragraph') {
      const text = rest.trimStart()
      const align = allMatched ? delimiterRow(text) : undefined
      const header = leaf.lines[leaf.lines.length - 1]
      if (align && header?.includes('|')) {
        // GFM: the paragraph's last line is the header of a table that starts here.
        const paragraph = leaf
        const parent = stack[stack.length - 1]!.children
        paragraph.lines.pop()
        const table: Leaf = {
          type: 'table',
          header: splitTableRow(header),
          align,
          rows: [],
          blankBefore: paragraph.lines.length > 0 ? false : paragraph.blankBefore,
        }
        if (paragraph.lines.length === 0) parent[parent.lastIndexOf(paragraph)] = table
        else parent.push(table)
        leaf = table
        continue
      }
      leaf.lines.push(text)
      continue
    }
    if (!opened && !blank && leaf?.type === 'table' && allMatched) {
      leaf.rows.push(splitTableRow(rest))
      continue
    }
    closeTo(matched)
    closeLeaf()
    if (blank) {
      pendingBlank = true
      continue
    }
    const paragraph: Leaf = { type: 'paragraph', lines: [rest.trimStart()], blankBefore: false }
    add(paragraph)
    leaf = paragraph
  }
  return document.children
}
