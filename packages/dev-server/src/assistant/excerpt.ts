/**
 * Whole-block excerpts of a docs section, for the offline assistant (issue 23). A section's light
 * Markdown is read as blocks (paragraphs, lists, tables, code, headings and the short label lines
 * that `ParamField`s, steps and bold titles become), and the blocks as *units* that each read on
 * their own: a list or table or code block with the paragraph that introduces it ("… options:"),
 * a label or heading with the block it titles, a table with its header row. An excerpt is a
 * choice of whole units in the docs' order, so it never holds a sentence fragment, a table row
 * without its header, a bullet without the sentence that introduces it, or a heading's words as
 * prose. Every scan here is linear in the section's length.
 */
import { isWhitespace } from '../text-scan'
import { blocks as splitCode } from './text'
import { stemOf, wordsOf } from '../search/search-terms'

export type Block =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; items: string[][] }
  | { kind: 'table'; header: string; separator: string; rows: string[] }
  | { kind: 'code'; code: string; language?: string }
  | { kind: 'heading'; text: string }
  | { kind: 'label'; text: string }

/** A block that reads on its own, with what it needs to be understood. */
export interface Unit {
  /** Headings and labels that title the body (`#### Python`, `variant ('panel' | …)`). */
  titles: string[]
  /** The paragraph that introduces a list, table or code block ("It takes these options:"). */
  lead?: string[]
  body: Block
  /** Position in the section. */
  index: number
  /**
   * Pointers its prose makes at blocks the excerpt does not quote ("(See below for …)", "See the
   * table below."), left out when it is shown (`renderUnit`).
   */
  cut?: readonly string[]
}

/** Question words an excerpt is matched on, and units it quotes at most. */
const maxStems = 32
const maxUnits = 12

/** Lines of light Markdown longer than this are not labels, whatever their punctuation. */
const maxLabelChars = 120

function headingText(line: string): string | undefined {
  let hashes = 0
  while (line.charCodeAt(hashes) === 0x23) hashes++
  if (hashes === 0 || hashes > 6 || !isWhitespace(line.charCodeAt(hashes))) return undefined
  return line.slice(hashes).trim()
}

/** The end of a list marker (`-`, `*`, `+`, `1.`, `1)`) followed by a blank, after indentation; -1 if none. */
function listMarkerEnd(line: string): number {
  let at = 0
  while (line.charCodeAt(at) === 0x20 || line.charCodeAt(at) === 0x09) at++
  const code = line.charCodeAt(at)
  let end = -1
  if (code === 0x2d || code === 0x2a || code === 0x2b) end = at + 1
  else {
    let digits = at
    while (
      digits < line.length &&
      line.charCodeAt(digits) >= 0x30 &&
      line.charCodeAt(digits) <= 0x39
    )
      digits++
    const after = line.charCodeAt(digits)
    if (digits > at && digits - at <= 9 && (after === 0x2e || after === 0x29)) end = digits + 1
  }
  if (end === -1 || !isWhitespace(line.charCodeAt(end))) return -1
  return end
}

/** `| --- | :-: |`: only pipes, dashes, colons and blanks, with at least one dash. */
function isTableSeparator(line: string): boolean {
  const trimmed = line.trim()
  if (!trimmed.includes('-') || !trimmed.includes('|')) return false
  for (let i = 0; i < trimmed.length; i++) {
    const code = trimmed.charCodeAt(i)
    if (code !== 0x7c && code !== 0x2d && code !== 0x3a && !isWhitespace(code)) return false
  }
  return true
}

const isTableLine = (line: string) => line.trimStart().startsWith('|')

/** Sentence-ending punctuation (after closing emphasis or code marks). */
function endsLikeSentence(text: string): boolean {
  let end = text.length
  while (
    end > 0 &&
    (text[end - 1] === '*' || text[end - 1] === '_' || isWhitespace(text.charCodeAt(end - 1)))
  )
    end--
  const last = text[end - 1]
  return (
    last === '.' || last === '!' || last === '?' || last === ':' || last === ';' || last === ','
  )
}

/** The blocks of a section's light Markdown, in order. */
export function parseBlocks(markdown: string): Block[] {
  const out: Block[] = []
  for (const piece of splitCode(markdown)) {
    if (piece.kind === 'code') {
      if (piece.text.trim()) out.push({ kind: 'code', code: piece.text, language: piece.language })
      continue
    }
    let current: Block | undefined
    let blank = false
    const close = () => {
      if (current) out.push(current)
      current = undefined
    }
    const lines = piece.text.split('\n')
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.replace(/\r$/, '')
      if (!line.trim()) {
        blank = true
        // A list may go on after a blank line (a loose list); anything else ends here.
        if (current?.kind !== 'list') close()
        continue
      }
      const heading = headingText(line.trimStart())
      if (heading !== undefined) {
        close()
        if (heading) out.push({ kind: 'heading', text: heading })
        blank = false
        continue
      }
      if (current?.kind === 'table') {
        if (isTableLine(line) && !blank) {
          current.rows.push(line.trim())
          continue
        }
        close()
      }
      if (isTableLine(line) && i + 1 < lines.length && isTableSeparator(lines[i + 1]!)) {
        close()
        current = { kind: 'table', header: line.trim(), separator: lines[i + 1]!.trim(), rows: [] }
        i++
        blank = false
        continue
      }
      const marker = listMarkerEnd(line)
      if (marker !== -1) {
        if (current?.kind !== 'list') {
          close()
          current = { kind: 'list', items: [] }
        }
        current.items.push([line.trimEnd()])
        blank = false
        continue
      }
      if (current?.kind === 'list') {
        // An indented line goes on with the item; after a blank line, an unindented one ends it.
        const indented = isWhitespace(line.charCodeAt(0))
        if (indented || !blank) {
          current.items.at(-1)!.push(line.trimEnd())
          blank = false
          continue
        }
        close()
      }
      if (current?.kind !== 'paragraph') {
        close()
        current = { kind: 'paragraph', lines: [] }
      }
      current.lines.push(line.trim())
      blank = false
    }
    close()
  }
  // A short line without end punctuation right before another block titles it: a label.
  return out.map((block, index) => {
    const next = out[index + 1]
    if (
      block.kind === 'paragraph' &&
      block.lines.length === 1 &&
      block.lines[0]!.length <= maxLabelChars &&
      !endsLikeSentence(block.lines[0]!) &&
      next &&
      next.kind !== 'heading'
    ) {
      return { kind: 'label', text: block.lines[0]! }
    }
    return block
  })
}

const endsWithColon = (lines: readonly string[]) => {
  const last = lines.at(-1)?.trimEnd() ?? ''
  return last.endsWith(':') || last.endsWith(':**')
}

/** Groups blocks into units: titles and lead-ins join the block they introduce. */
function toUnits(blocks: readonly Block[]): Unit[] {
  const units: Unit[] = []
  let titles: string[] = []
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!
    if (block.kind === 'heading') {
      // A heading titles what follows it; one followed by another heading titles nothing.
      titles = [block.text]
      continue
    }
    if (block.kind === 'label') {
      titles = [...titles, block.text]
      continue
    }
    const next = blocks[i + 1]
    if (
      block.kind === 'paragraph' &&
      endsWithColon(block.lines) &&
      next &&
      (next.kind === 'list' || next.kind === 'table' || next.kind === 'code')
    ) {
      units.push({ titles, lead: block.lines, body: next, index: units.length })
      i++
    } else {
      units.push({ titles, body: block, index: units.length })
    }
    titles = []
  }
  return units
}

export function sectionUnits(markdown: string): Unit[] {
  return toUnits(parseBlocks(markdown))
}

/** The text of a unit that matching reads: titles, lead-in and body. */
function unitText(unit: Unit): string {
  return [...unit.titles, ...(unit.lead ?? []), blockText(unit.body)].join('\n')
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return block.lines.join('\n')
    case 'list':
      return block.items.map((item) => item.join('\n')).join('\n')
    case 'table':
      return [block.header, ...block.rows].join('\n')
    case 'code':
      return block.code.replace(
        sampleSentence,
        (literal, double?: string, backtick?: string, single?: string) =>
          /\s/.test(double ?? backtick ?? single ?? '') ? '' : literal,
      )
    case 'heading':
    case 'label':
      return block.text
  }
}

/**
 * A string literal of code (on one line). One with a space in it is sample text, not what the
 * code is about: a request sending 'Which CSS variables can I set?', an element with
 * starter-questions="How do I install DocChat?". A single quote opens or closes one only outside
 * a word: the apostrophes of a comment's "Don't … it's" enclose no literal, and its words count.
 * Linear: no quote is crossed, so each literal is read once.
 */
const sampleSentence =
  /"([^"'`\n]*)"|`([^"'`\n]*)`|(?<![\p{L}\p{N}_])'([^"'`\n]*)'(?![\p{L}\p{N}_])/gu

/** Stems of a text's words, for matching a question against blocks. */
export function stemSet(text: string): Set<string> {
  const out = new Set<string>()
  for (const word of wordsOf(text)) out.add(stemOf(word))
  return out
}

/** A section's text as matching reads it (code without its sample sentences). */
export function sectionText(markdown: string): string {
  return sectionUnits(markdown).map(unitText).join('\n')
}

/** How many of `stems` a text has. */
export function matchCount(text: string, stems: readonly string[]): number {
  if (stems.length === 0) return 0
  const have = stemSet(text)
  let count = 0
  for (const stem of stems) if (have.has(stem)) count++
  return count
}

/** Lists and tables longer than this show the items or rows that match, not all of them. */
const longList = 8
/** Rows of a table whose column the question names, quoted whole up to this many. */
const wholeTable = 30

/** A numbered list is a procedure: its steps are quoted all or not at all. */
const isOrdered = (items: readonly string[][]) =>
  listMarkerEnd(items[0]?.[0] ?? '') > 0 && /^\s*\d/.test(items[0]![0]!)

/**
 * A unit cut down to the rows of its long table, or the items of its long bulleted list, that
 * match (the header row and the lead-in kept). `tablesOnly` leaves lists whole.
 */
function focusUnit(unit: Unit, stems: readonly string[], tablesOnly = false): Unit {
  const { body } = unit
  if (
    body.kind === 'list' &&
    !tablesOnly &&
    body.items.length > longList &&
    !isOrdered(body.items)
  ) {
    const items = bestParts(body.items, (item) => item.join('\n'), stems)
    return { ...unit, body: { ...body, items } }
  }
  if (body.kind === 'table' && body.rows.length > longList) {
    // A question naming a column ("what can a viewer do?") asks about the whole table: rows are
    // chosen by its other words, and all of them (up to `wholeTable`) when none match those.
    const header = stemSet(body.header)
    const named = stems.some((stem) => header.has(stem))
    const rest = named ? stems.filter((stem) => !header.has(stem)) : stems
    const rows = bestParts(body.rows, (row) => row, rest)
    const none = rows.length === Math.min(longList, body.rows.length) && rows[0] === body.rows[0]
    return {
      ...unit,
      body: { ...body, rows: named && none ? body.rows.slice(0, wholeTable) : rows },
    }
  }
  return unit
}

/**
 * The parts (rows, items) that match the question best, in order: each question word weighs by
 * how few parts have it, and parts scoring at least half the best are kept, at most `longList`.
 * None matching: the first `longList`.
 */
function bestParts<T>(
  parts: readonly T[],
  text: (part: T) => string,
  stems: readonly string[],
): T[] {
  // One bit per question word (at most `maxStems`, so 32 bits); no set allocated per part.
  const bits = new Map<string, number>()
  stems.slice(0, maxStems).forEach((stem, i) => {
    if (!bits.has(stem)) bits.set(stem, 1 << i)
  })
  const masks = parts.map((part) => {
    let mask = 0
    for (const match of text(part).matchAll(/[\p{L}\p{N}]+/gu)) {
      const bit = bits.get(stemOf(match[0]))
      if (bit !== undefined) mask |= bit
    }
    return mask
  })
  const weights = [...bits.values()].map((bit) => {
    let df = 0
    for (const mask of masks) if (mask & bit) df++
    return { bit, weight: df === 0 ? 0 : Math.log(1 + parts.length / df) }
  })
  const scores = masks.map((mask) =>
    weights.reduce((sum, { bit, weight }) => sum + (mask & bit ? weight : 0), 0),
  )
  let best = 0
  for (const score of scores) if (score > best) best = score
  if (best === 0) return parts.slice(0, longList)
  const kept: T[] = []
  for (let i = 0; i < parts.length && kept.length < longList; i++) {
    if (scores[i]! >= best * 0.5) kept.push(parts[i]!)
  }
  return kept
}

/** A fence longer than any run of backticks inside the code. */
export function fenceCode(code: string, language?: string): string {
  let longest = 2
  let run = 0
  for (let i = 0; i < code.length; i++) {
    run = code.charCodeAt(i) === 0x60 ? run + 1 : 0
    if (run > longest) longest = run
  }
  const ticks = '`'.repeat(longest + 1)
  let end = code.length
  while (end > 0 && code[end - 1] === '\n') end--
  return `${ticks}${language ?? ''}\n${code.slice(0, end)}\n${ticks}`
}

/**
 * A section's lines, as its plain text has them (trimmed), mapped to the same lines with the
 * docs' links (`DocsSection.linked`, line for line). Only lines that differ; a line the section
 * has twice with different links is left plain.
 */
export type LinkedLines = ReadonlyMap<string, string>

export function linkedLines(plain: string, linked: string | undefined): LinkedLines | undefined {
  if (linked === undefined) return undefined
  const plainLines = plain.split('\n')
  const linkedLines = linked.split('\n')
  // Not line for line (the section was cut or changed on the way): no links rather than wrong ones.
  if (plainLines.length !== linkedLines.length) return undefined
  const out = new Map<string, string>()
  const ambiguous = new Set<string>()
  plainLines.forEach((line, i) => {
    const key = line.trim()
    const value = linkedLines[i]!.trim()
    if (key === value) return
    if (out.has(key) && out.get(key) !== value) ambiguous.add(key)
    else out.set(key, value)
  })
  for (const key of ambiguous) out.delete(key)
  return out.size > 0 ? out : undefined
}

/** A line of a unit with its links, its indentation kept. */
export function withLinks(line: string, links: LinkedLines | undefined): string {
  if (!links) return line
  const key = line.trim()
  const linked = links.get(key)
  if (linked === undefined) return line
  return line.slice(0, line.length - line.trimStart().length) + linked
}

/**
 * A label as a title line: a `ParamField`'s `name (type, default: x)` with the name as code, any
 * other label in bold, as the docs site shows them (with its links, when `links` has them).
 */
function titleLine(text: string, links?: LinkedLines): string {
  if (text.includes('**')) return withLinks(text, links)
  const space = text.indexOf(' (')
  const name = space > 0 ? text.slice(0, space) : ''
  if (
    name &&
    text.endsWith(')') &&
    /^[A-Za-z_$@][\w.$@[\]/-]*$/.test(name) &&
    // One capitalised word is a tab's or card's title ("React (Vite)"), not a field's name.
    !/^[A-Z][a-z]+$/.test(name) &&
    !name.includes('`')
  ) {
    return `**\`${name}\`**${text.slice(space)}`
  }
  return `**${withLinks(text, links)}**`
}

/**
 * A unit as Markdown, each block as the docs wrote it; with `links`, the docs' links in its prose
 * (what the reader sees; lengths and matching read the unit without them).
 */
export function renderUnit(unit: Unit, links?: LinkedLines): string {
  const line = (text: string) => withLinks(text, links)
  const prose = (lines: readonly string[]) => {
    const { cut } = unit
    if (!cut) return lines.map(line).join('\n')
    return lines
      .map((text) => {
        const linked = line(text)
        // A pointer with a link in it is not in the linked line as written: that line goes plain.
        const whole = cut.every((piece) => !text.includes(piece) || linked.includes(piece))
        return withoutPointers(whole ? linked : text, cut).trim()
      })
      .filter(Boolean)
      .join('\n')
  }
  const parts: string[] = unit.titles.map((title) => titleLine(title, links))
  if (unit.lead) parts.push(prose(unit.lead))
  const { body } = unit
  switch (body.kind) {
    case 'paragraph':
      parts.push(prose(body.lines))
      break
    case 'list':
      parts.push(body.items.map((item) => item.map(line).join('\n')).join('\n'))
      break
    case 'table':
      parts.push([line(body.header), body.separator, ...body.rows.map(line)].join('\n'))
      break
    case 'code':
      parts.push(fenceCode(body.code, body.language))
      break
    case 'heading':
    case 'label':
      parts.push(titleLine(body.text, links))
      break
  }
  return parts.join('\n\n')
}

export interface ExcerptOptions {
  /** Stems of the question's content words. */
  stems: readonly string[]
  /** Characters of prose to aim for (the best unit is kept whatever its length). */
  budget: number
  /** Include code blocks (the question asks for code, or the section is all code). */
  code: boolean
}

export interface Excerpt {
  units: Unit[]
  /** Stems of the question the chosen units have. */
  covered: Set<string>
  /** The best unit's match count. */
  best: number
}

/** Weight on a question word that a unit's title or lead-in has. */
const titleBonus = 1.25
/**
 * How close to the best gain a unit earlier in the docs still wins the greedy cover's pick: one
 * with the same words, a title bonus aside.
 */
const nearTie = 1 / titleBonus

/**
 * How well a unit answers: the question's words it has, each weighted by how few of the
 * section's units have it (in an "Options" section every option says "assistant"; one says
 * "sidebar"), a little more when a title or lead-in has it.
 */
function unitScorer(units: readonly Unit[], stems: readonly string[]) {
  const vocab = units.map((unit) => stemSet(unitText(unit)))
  const weight = new Map<string, number>()
  for (const stem of stems) {
    const df = vocab.filter((have) => have.has(stem)).length
    weight.set(stem, Math.log(1 + (units.length + 1) / (df + 0.5)))
  }
  /** The weight of the question's words a unit has, leaving out those already `covered`. */
  return (unit: Unit, covered?: ReadonlySet<string>) => {
    const have = vocab[unit.index] ?? stemSet(unitText(unit))
    const titled = stemSet([...unit.titles, ...(unit.lead ?? [])].join('\n'))
    let score = 0
    for (const stem of stems) {
      if (covered?.has(stem) || !have.has(stem)) continue
      score += (weight.get(stem) ?? 1) * (titled.has(stem) ? titleBonus : 1)
    }
    return score
  }
}

/** Words that open a sentence by pointing back at the one before it. */
const backReferences = new Set('this that these those such it they then'.split(' '))
/** Paragraphs quoted at most before a unit that points back (each may point back again). */
const maxAntecedents = 2

/** Whether a unit without a title opens with a word that points back ("That shape …"). */
function pointsBack(unit: Unit): boolean {
  if (unit.titles.length > 0) return false
  const first = unit.lead?.[0] ?? (unit.body.kind === 'paragraph' ? unit.body.lines[0] : undefined)
  if (!first) return false
  // The first word only: a bounded slice, so a 100k-character line costs no more than a short one.
  const word = /^[\p{L}]+/u.exec(first.slice(0, 16))?.[0]
  return word !== undefined && backReferences.has(word.toLowerCase())
}

/**
 * Prose that points elsewhere in the page, by where (above or below) and what: an aside
 * "(see below)", a sentence "See the table below.", a clause ", as shown above". Its `text` is
 * what is left out when the block it points at is not quoted.
 */
interface Pointer {
  text: string
  direction: 'before' | 'after'
  /** The kind of block it names ("the table below"); `elsewhere` for a topic or another part of the page ("below for an overview of …"); none for a bare "see below". */
  thing?: Block['kind'] | 'elsewhere'
  /** In the unit's lead-in: "below" is then the unit's own body. */
  lead: boolean
}

/** Longest aside or sentence read as a pointer: longer ones say more than where to look. */
const maxPointerChars = 200
/** Distinct pointers read in a unit: prose has a few, and a run of them is not worth more work. */
const maxPointers = 8
const asideOpening =
  /^(?:see|as (?:shown|described|listed|explained|noted|mentioned)|shown|described|listed|explained|more on this)\b/i
const sentenceOpening = /^(?:see|refer to|check(?: out)?)\b/i
const whereWord = /\b(below|above)\b/i
const clause =
  /,? as (?:shown|described|listed|explained|noted|mentioned|seen) (?:above|below)\b|^As (?:shown|described|listed|explained|noted|mentioned|seen) (?:above|below), /gi

function pointedThing(text: string): Pointer['thing'] {
  const lower = text.toLowerCase()
  if (/\btables?\b/.test(lower)) return 'table'
  if (/\b(?:code|examples?|snippets?|samples?|commands?)\b/.test(lower)) return 'code'
  if (/\b(?:lists?|steps)\b/.test(lower)) return 'list'
  if (
    /\b(?:for|about|on how|sections?|pages?|diagrams?|images?|figures?|screenshots?|videos?|overview|details)\b/.test(
      lower,
    )
  )
    return 'elsewhere'
  return undefined
}

function pointer(text: string, lead: boolean, where: string): Pointer {
  const direction = where.toLowerCase() === 'below' ? 'after' : 'before'
  const thing = pointedThing(text)
  return { text, direction, lead, ...(thing ? { thing } : {}) }
}

/**
 * The pointers of a line of prose. Linear: an aside is looked for within `maxPointerChars` of
 * its `(`, and sentences and clauses are read once each (sentences only up to that length).
 */
function linePointers(line: string, lead: boolean, out: Pointer[]): void {
  for (let open = line.indexOf('('); open !== -1; open = line.indexOf('(', open + 1)) {
    const window = line.slice(open + 1, open + 1 + maxPointerChars)
    const close = window.indexOf(')')
    if (close === -1) continue
    const inner = window.slice(0, close)
    const where = whereWord.exec(inner)?.[1]
    if (!inner.includes('(') && where && asideOpening.test(inner.trimStart())) {
      out.push(pointer(`(${inner})`, lead, where))
    }
  }
  let start = 0
  for (let at = 0; at <= line.length; at++) {
    const char = line[at]
    const end =
      at === line.length ||
      ((char === '.' || char === '!' || char === '?') &&
        (at + 1 === line.length || line[at + 1] === ' '))
    if (!end) continue
    const sentence = line.slice(start, at + 1).trim()
    start = at + 1
    if (sentence.length === 0 || sentence.length > maxPointerChars) continue
    const where = whereWord.exec(sentence)?.[1]
    if (where && sentenceOpening.test(sentence)) out.push(pointer(sentence, lead, where))
  }
  for (const match of line.matchAll(clause)) {
    const where = whereWord.exec(match[0])![1]!
    out.push({
      text: match[0],
      direction: where.toLowerCase() === 'below' ? 'after' : 'before',
      lead,
    })
  }
}

function pointersOf(unit: Unit): Pointer[] {
  const out: Pointer[] = []
  for (const line of unit.lead ?? []) linePointers(line, true, out)
  if (unit.body.kind === 'paragraph')
    for (const line of unit.body.lines) linePointers(line, false, out)
  // Each distinct one once, and a few at most: `withoutPointers` reads the text once per piece.
  const seen = new Set<string>()
  return out.filter((at) => !seen.has(at.text) && seen.add(at.text)).slice(0, maxPointers)
}

/** Whether the block a pointer points at is quoted: the next (or previous) unit, of the kind it names. */
function pointsAtShown(
  at: Pointer,
  unit: Unit,
  units: readonly Unit[],
  shown: ReadonlySet<number>,
): boolean {
  if (at.thing === 'elsewhere') return false
  const target =
    at.direction === 'after' && at.lead
      ? unit.body
      : at.direction === 'after'
        ? shown.has(unit.index + 1) && units[unit.index + 1]?.body
        : shown.has(unit.index - 1) && units[unit.index - 1]?.body
  if (!target) return false
  return at.thing === undefined || target.kind === at.thing
}

/** `text` without the pointers in `cut` (and a blank beside each); a sentence it opened starts with a capital. */
function withoutPointers(text: string, cut: readonly string[]): string {
  let out = text
  // Its first occurrence: `cut` is a few distinct pieces, so this reads the text a few times.
  for (const piece of cut) {
    const at = out.indexOf(piece)
    if (at === -1) continue
    let before = out.slice(0, at)
    let after = out.slice(at + piece.length)
    if (
      before.endsWith(' ') &&
      (after === '' || after.startsWith(' ') || /^[.,;:!?]/.test(after))
    ) {
      before = before.slice(0, -1)
    } else if (before === '' && after.startsWith(' ')) after = after.slice(1)
    if (/^[A-Z]/.test(piece) && (before === '' || /[.!?] ?$/.test(before))) {
      after = after.charAt(0).toUpperCase() + after.slice(1)
    }
    out = before + after
  }
  return out
}

/**
 * Prose pointing at blocks the excerpt leaves out reads as a fragment, or promises what it does
 * not show: a paragraph that opens by pointing back ("Then work with a file in that path…" after
 * a code block left out) goes, unless it is all there is (a lead-in such as "These options:"
 * points at what it introduces, and stays); an aside, sentence or clause pointing above or below
 * ("(See below for an overview…)", "See the table below.") is cut from its paragraph or lead-in,
 * and a paragraph of nothing else goes.
 */
function withoutDanglingPointers(chosen: Unit[], units: readonly Unit[]): Unit[] {
  const shown = new Set(chosen.map((unit) => unit.index))
  const kept: Unit[] = []
  for (const unit of chosen) {
    const alone = chosen.length === 1
    if (
      !alone &&
      unit.body.kind === 'paragraph' &&
      unit.index !== 0 &&
      !shown.has(unit.index - 1) &&
      pointsBack(unit)
    )
      continue
    const cut = pointersOf(unit)
      .filter((at) => !pointsAtShown(at, unit, units, shown))
      .map((at) => at.text)
    if (cut.length === 0) {
      kept.push(unit)
      continue
    }
    const prose = [...(unit.lead ?? []), ...(unit.body.kind === 'paragraph' ? unit.body.lines : [])]
    const left = prose.map((line) => withoutPointers(line, cut).trim()).filter(Boolean)
    // Nothing but pointers: a paragraph goes (unless it is all there is); a lead-in stays whole.
    if (left.length === 0) {
      if (alone || unit.body.kind !== 'paragraph') kept.push(unit)
      continue
    }
    kept.push({ ...unit, cut })
  }
  return kept.length > 0 ? kept : chosen
}

/**
 * The units of a section that answer the question, in the docs' order: all of a short section;
 * of a long one, the units that match the question best (a long list or table cut to its matching
 * items or rows), and its opening when nothing in it matches (the section was found by its title).
 */
export function excerptSection(markdown: string, options: ExcerptOptions): Excerpt {
  const units = sectionUnits(markdown)
  // A question's first words say what it asks; the cap keeps scoring linear in the section.
  const stems = options.stems.slice(0, maxStems)
  options = { ...options, stems }
  const unitScore = unitScorer(units, options.stems)
  const all = units.filter((unit) => options.code || unit.body.kind !== 'code')
  const scored = all.map((unit) => ({ unit, score: unitScore(unit) }))
  const best = scored.reduce((max, entry) => Math.max(max, entry.score), 0)
  const size = (unit: Unit) => (unit.body.kind === 'code' ? 0 : renderUnit(unit).length)
  const total = all.reduce((sum, unit) => sum + size(unit), 0)
  let chosen: Unit[]
  if (total <= options.budget) {
    chosen = all.map((unit) => focusUnit(unit, options.stems, true))
  } else if (best === 0) {
    // Found by its heading or page title: its opening says what it is.
    chosen = []
    let used = 0
    for (const unit of all) {
      const focused = focusUnit(unit, options.stems)
      if (chosen.length > 0 && used + size(focused) > options.budget / 2) break
      chosen.push(focused)
      used += size(focused)
    }
  } else {
    // Greedy cover: the best unit, then each unit that adds question words the chosen ones
    // lack (`variant` has "sidebar", `side` adds "left"), while it adds enough to be worth it.
    chosen = []
    const covered = new Set<string>()
    let used = 0
    const candidates = [...scored]
    while (candidates.length > 0 && chosen.length < maxUnits) {
      const gains = candidates.map((entry) => unitScore(entry.unit, covered))
      // A loop, not Math.max(...gains): a section of 100k units would overflow the call's arguments.
      let gain = 0
      for (const g of gains) if (g > gain) gain = g
      // Of units that answer about as well (within `nearTie`), the docs' first: tabs that all
      // `npm install` something put the default path first, and a lead-in that happens to repeat
      // a question word ("DocChat's transport") should not pull the fifth tab ahead of it.
      let pick = -1
      candidates.forEach((entry, i) => {
        if (
          gain > 0 &&
          gains[i]! >= gain * nearTie &&
          (pick === -1 || entry.unit.index < candidates[pick]!.unit.index)
        )
          pick = i
      })
      if (pick === -1 || (chosen.length > 0 && gain < Math.max(0.9, best * 0.25))) break
      const unit = candidates.splice(pick, 1)[0]!.unit
      const focused = focusUnit(unit, options.stems)
      const length = size(focused)
      if (chosen.length > 0 && used + length > options.budget) continue
      chosen.push(focused)
      used += length
      for (const stem of stemSet(unitText(unit))) covered.add(stem)
    }
    // A table or list right after a chosen paragraph, that has the question's words too, is
    // what the paragraph announces ("three access levels: viewer, editor, and admin." and the
    // permissions table): quoted with it, though it adds no new word.
    for (const unit of [...chosen]) {
      const next = all.find((candidate) => candidate.index === unit.index + 1)
      if (
        unit.body.kind === 'paragraph' &&
        next &&
        (next.body.kind === 'table' || next.body.kind === 'list') &&
        !chosen.some((other) => other.index === next.index) &&
        unitScore(next) > 0
      ) {
        const focused = focusUnit(next, options.stems)
        if (used + size(focused) <= options.budget * 3) {
          chosen.push(focused)
          used += size(focused)
        }
      }
    }
    // A unit that opens by pointing back ("That shape has consequences …:", "These limits …")
    // needs the paragraph it points to, or it reads as a reply to something not shown.
    // A code block it points back at ("Then place the widget:" after the script tag) is quoted
    // too when code is, and ends the chain: it is a step of its own.
    for (const unit of [...chosen]) {
      let at = unit
      for (let step = 0; step < maxAntecedents && pointsBack(at); step++) {
        const before = units[at.index - 1]
        const code = before?.body.kind === 'code' && options.code
        if (!before || (!code && (before.body.kind !== 'paragraph' || before.titles.length > 0)))
          break
        if (chosen.some((other) => other.index === before.index)) break
        // Whatever the units before it took: without it, the unit doesn't read.
        if (size(before) > options.budget) break
        chosen.push(before)
        used += size(before)
        if (code) break
        at = before
      }
    }
    // The section's opening paragraph, when short, says what the rest is about.
    const opening = all[0]
    if (
      opening &&
      opening.body.kind === 'paragraph' &&
      opening.titles.length === 0 &&
      !chosen.some((unit) => unit.index === opening.index) &&
      used + size(opening) <= options.budget
    ) {
      chosen.push(opening)
    }
    chosen.sort((a, b) => a.index - b.index)
  }
  chosen = withoutDanglingPointers(chosen, units)
  // A code block beyond the first adds length, not an answer: keep the best one, and the one
  // before it when it points back at that ("Then place the widget:" after the script tag).
  const codeUnits = chosen.filter((unit) => unit.body.kind === 'code')
  if (codeUnits.length > 1) {
    const keep = codeUnits.reduce((a, b) => (unitScore(b) > unitScore(a) ? b : a))
    const before = pointsBack(keep) ? keep.index - 1 : -1
    chosen = chosen.filter(
      (unit) => unit.body.kind !== 'code' || unit === keep || unit.index === before,
    )
  }
  const covered = new Set<string>()
  for (const unit of chosen) {
    const have = stemSet(unitText(unit))
    for (const stem of options.stems) if (have.has(stem)) covered.add(stem)
  }
  return { units: chosen, covered, best }
}
