import { decodeEntities } from './entities'

export type InlineNode =
  | { type: 'text'; value: string }
  | { type: 'code'; value: string }
  | { type: 'strong' | 'emphasis' | 'delete'; children: InlineNode[] }
  | { type: 'link'; href: string; title?: string; children: InlineNode[] }
  | { type: 'image'; src: string; alt: string; title?: string }
  | { type: 'break' }

const MAX_DEPTH = 8
const MAX_LINK_TEXT = 1000
/** The longest link destination or title looked for after a `](`. */
const MAX_LINK_TAIL = 2048
const PUNCTUATION = /[!-/:-@[-`{-~]/
const WHITESPACE = /\s/
const WORD = /[\p{L}\p{N}]/u
const BARE_URL = /https?:\/\/[^\s<>]+/y
/** Characters a bare URL's host cannot start with. */
const NOT_HOST_START = /[\s<>/?#]/
const AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y
const EMAIL_AUTOLINK = /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+)>/y

interface Context {
  depth: number
  inLink: boolean
  /** Per delimiter: a position from which no closer exists (keeps unmatched runs linear). */
  noCloserFrom: Map<string, number>
  /** Per `[`: its matching `]` (or -1), from one scan of this source (keeps link labels linear). */
  brackets?: Map<number, number>
  /** Characters left for rescans of `brackets` (see `closingBracket`). */
  bracketBudget?: number
  /** Backtick runs of this source by length (see `codeSpanEnd`). */
  backtickRuns?: Map<number, number[]>
  /** Characters left for link tails to look at (see `linkTail`). */
  tailBudget?: number
}

function nestedContext(context: Context, inLink = context.inLink): Context {
  return { depth: context.depth + 1, inLink, noCloserFrom: new Map() }
}

function isWhitespace(char: string | undefined): boolean {
  return char === undefined || WHITESPACE.test(char)
}

function isPunctuation(char: string | undefined): boolean {
  return char !== undefined && PUNCTUATION.test(char)
}

/** The run of `char` at `index`, and the characters just before and after it. */
function delimiterRun(source: string, index: number, char: string) {
  let run = 0
  while (source[index + run] === char) run++
  return { run, before: source[index - 1], after: source[index + run] }
}

/**
 * Whether a delimiter run can open or close (CommonMark's flanking): the character it faces is
 * not whitespace, nor punctuation unless the one on its other side is whitespace or punctuation;
 * and an `_` run with a word character on its other side is inside a word.
 */
function canDelimit(char: string, facing: string | undefined, other: string | undefined): boolean {
  const flanking =
    !isWhitespace(facing) && (!isPunctuation(facing) || isWhitespace(other) || isPunctuation(other))
  const intraword = char === '_' && other !== undefined && WORD.test(other)
  return flanking && !intraword
}

/** Start positions of the source's maximal backtick runs, by run length. */
function indexBacktickRuns(source: string): Map<number, number[]> {
  const runs = new Map<number, number[]>()
  let start = source.indexOf('`')
  while (start !== -1) {
    let end = start + 1
    while (source[end] === '`') end++
    const list = runs.get(end - start)
    if (list) list.push(start)
    else runs.set(end - start, [start])
    start = source.indexOf('`', end)
  }
  return runs
}

/**
 * Index just after the code span starting at `index`, or -1 when it is not closed. The closer is the
 * next run of exactly as many backticks; looking it up in an index of runs (built once per source)
 * keeps openers of many different lengths from each scanning to the end.
 */
function codeSpanEnd(
  source: string,
  index: number,
  context: Context,
): { end: number; run: number } {
  let run = 0
  while (source[index + run] === '`') run++
  context.backtickRuns ??= indexBacktickRuns(source)
  const starts = context.backtickRuns.get(run)
  if (starts) {
    const from = index + run
    let low = 0
    let high = starts.length
    while (low < high) {
      const middle = (low + high) >>> 1
      if (starts[middle]! < from) low = middle + 1
      else high = middle
    }
    if (low < starts.length) return { end: starts[low]! + run, run }
  }
  return { end: -1, run }
}

function findCloser(source: string, from: number, delimiter: string, context: Context): number {
  const known = context.noCloserFrom.get(delimiter)
  if (known !== undefined && from >= known) return -1
  const char = delimiter[0]!
  let index = from
  while (index < source.length) {
    const current = source[index]
    if (current === '\\') {
      index += 2
      continue
    }
    if (current === '`') {
      const span = codeSpanEnd(source, index, context)
      index = span.end === -1 ? index + span.run : span.end
      continue
    }
    if (current === char) {
      const { run, before, after } = delimiterRun(source, index, char)
      // Right-flanking: it faces back.
      if (run >= delimiter.length && canDelimit(char, before, after) && index > from) {
        return index + (run - delimiter.length)
      }
      index += run
      continue
    }
    index++
  }
  context.noCloserFrom.set(delimiter, Math.min(from, known ?? from))
  return -1
}

/**
 * Records the matching `]` of every `[` in `source[from..end)` in one stack scan, with escapes and
 * code spans skipped as the main loop skips them. A scan started at any `[` it passes would take the
 * same steps from there, so each recorded match is what that scan would find; a `[` still open at
 * the end of the source has none (-1).
 */
function scanBrackets(
  source: string,
  from: number,
  end: number,
  into: Map<number, number>,
  context: Context,
): void {
  const open: number[] = []
  let index = from
  for (; index < end; index++) {
    const char = source[index]
    if (char === '\\') {
      index++
    } else if (char === '`') {
      const span = codeSpanEnd(source, index, context)
      if (span.end !== -1) index = span.end - 1
      else index += span.run - 1
    } else if (char === '[') {
      open.push(index)
    } else if (char === ']') {
      const start = open.pop()
      if (start !== undefined) into.set(start, index)
    }
  }
  if (index >= source.length) for (const start of open) into.set(start, -1)
}

/** The `]` closing the link label that starts at `open` (at most `MAX_LINK_TEXT` on), or -1. */
function closingBracket(source: string, open: number, context: Context): number {
  if (!context.brackets) {
    context.brackets = new Map()
    context.bracketBudget = 4 * source.length
    scanBrackets(source, open, source.length, context.brackets, context)
  } else if (!context.brackets.has(open) && context.bracketBudget! > 0) {
    // A `[` the first scan stepped over inside what it read as a code span, whose backtick the main
    // loop took as part of a URL. Rescan from here, within a budget so that hostile text full of
    // such places stays linear (past it, such a `[` is literal text).
    const end = Math.min(source.length, open + context.bracketBudget!)
    context.bracketBudget! -= end - open
    scanBrackets(source, open, end, context.brackets, context)
  }
  const close = context.brackets.get(open) ?? -1
  return close !== -1 && close - open < MAX_LINK_TEXT ? close : -1
}

/**
 * `source.indexOf(char, from)` that gives up at `limit`: a link tail that never closes must not send
 * every `[a](<` of a long text scanning to its end.
 */
function indexBefore(source: string, char: string, from: number, limit: number): number {
  const end = Math.min(source.length, limit)
  for (let index = from; index < end; index++) if (source[index] === char) return index
  return -1
}

/**
 * Parses `(destination "title")` right after a `]`. Each attempt may look up to `MAX_LINK_TAIL` on
 * (more for a title); the characters looked at are charged to a budget of a few times the source's
 * length, so text packed with `[a](` that never closes stays linear (past the budget, literal text).
 */
function linkTail(
  source: string,
  open: number,
  context: Context,
): { destination: string; title?: string; end: number } | null {
  if (source[open] !== '(') return null
  context.tailBudget ??= 4 * (source.length + MAX_LINK_TAIL)
  if (context.tailBudget <= 0) return null
  const reach = { end: open }
  const tail = readLinkTail(source, open, reach)
  context.tailBudget -= reach.end - open
  return tail
}

function readLinkTail(
  source: string,
  open: number,
  reach: { end: number },
): { destination: string; title?: string; end: number } | null {
  let index = open + 1
  while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
  let destination = ''
  if (source[index] === '<') {
    const limit = index + MAX_LINK_TAIL
    const close = indexBefore(source, '>', index, limit)
    reach.end = close === -1 ? Math.min(source.length, limit) : close
    if (close === -1 || source.slice(index, close).includes('\n')) return null
    destination = source.slice(index + 1, close)
    index = close + 1
  } else {
    let depth = 0
    const start = index
    while (index < source.length && index - start < MAX_LINK_TAIL) {
      const code = source.charCodeAt(index)
      if (code === 0x5c && index + 1 < source.length) {
        index += 2
        continue
      }
      // Whitespace and control characters end a destination.
      if (code <= 0x20 || (code >= 0x7f && WHITESPACE.test(source[index]!))) break
      if (code === 0x28) depth++
      if (code === 0x29) {
        if (depth === 0) break
        depth--
      }
      index++
    }
    reach.end = index
    destination = source.slice(start, index)
  }
  while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
  reach.end = index
  let title: string | undefined
  const quote = source[index]
  if (quote === '"' || quote === "'" || quote === '(') {
    const closeChar = quote === '(' ? ')' : quote
    const limit = index + 1 + MAX_LINK_TAIL
    const close = indexBefore(source, closeChar, index + 1, limit)
    reach.end = close === -1 ? Math.min(source.length, limit) : close
    if (close === -1) return null
    title = decodeEntities(source.slice(index + 1, close))
    index = close + 1
    while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
    reach.end = index
  }
  if (source[index] !== ')') return null
  return title === undefined
    ? { destination, end: index + 1 }
    : { destination, title, end: index + 1 }
}

const URL_TRAILING_PUNCTUATION = new Set('.,:;!?\'"*_~')

function trimUrl(url: string): string {
  let end = url.length
  while (end > 0 && URL_TRAILING_PUNCTUATION.has(url[end - 1]!)) end--
  // Drop closing parens that have no opening partner, as GFM does for `(see https://x.y)`: count
  // both once, then give back unmatched `)` from the end.
  let balance = 0
  for (let index = 0; index < end; index++) {
    const char = url.charCodeAt(index)
    if (char === 0x28) balance++
    else if (char === 0x29) balance--
  }
  while (balance < 0 && url.charCodeAt(end - 1) === 0x29) {
    end--
    balance++
  }
  return url.slice(0, end)
}

function plainText(nodes: InlineNode[]): string {
  return nodes
    .map((node) => {
      if (node.type === 'text' || node.type === 'code') return node.value
      if (node.type === 'break') return '\n'
      if (node.type === 'image') return node.alt
      return plainText(node.children)
    })
    .join('')
}

function parse(source: string, context: Context): InlineNode[] {
  const nodes: InlineNode[] = []
  const length = source.length
  let index = 0
  // Literal text is kept as a range of the source, `source[runStart..index)`, after `text` (earlier
  // lines of the same text node): appending is free and trailing blanks are found by looking back
  // over the run alone, so nothing here rescans the text gathered so far.
  let text = ''
  let runStart = 0
  const flush = () => {
    const value = runStart < index ? text + source.slice(runStart, index) : text
    if (value) nodes.push({ type: 'text', value: decodeEntities(value) })
    text = ''
  }

  while (index < length) {
    const char = source[index]!

    if (char === '\\') {
      const next = source[index + 1]
      if (next === '\n') {
        flush()
        nodes.push({ type: 'break' })
        index += 2
        runStart = index
        continue
      }
      if (next !== undefined && PUNCTUATION.test(next)) {
        // Escaped characters are literal: keep `&` from being read as an entity later.
        flush()
        nodes.push({ type: 'text', value: next })
        index += 2
        runStart = index
        continue
      }
      index++
      continue
    }

    if (char === '\n') {
      let spaces = 0
      while (index - spaces > runStart && source[index - spaces - 1] === ' ') spaces++
      if (spaces >= 2) {
        text += source.slice(runStart, index - spaces)
        if (text) nodes.push({ type: 'text', value: decodeEntities(text) })
        text = ''
        nodes.push({ type: 'break' })
      } else {
        let end = index - spaces
        while (end > runStart && (source[end - 1] === ' ' || source[end - 1] === '\t')) end--
        text += `${source.slice(runStart, end)}\n`
      }
      index++
      while (source[index] === ' ' || source[index] === '\t') index++
      runStart = index
      continue
    }

    if (char === '`') {
      const span = codeSpanEnd(source, index, context)
      if (span.end === -1) {
        index += span.run
        continue
      }
      let value = source.slice(index + span.run, span.end - span.run).replace(/\n/g, ' ')
      if (value.length > 2 && value.startsWith(' ') && value.endsWith(' ') && value.trim()) {
        value = value.slice(1, -1)
      }
      flush()
      nodes.push({ type: 'code', value })
      index = span.end
      runStart = index
      continue
    }

    if (
      (char === '[' || (char === '!' && source[index + 1] === '[')) &&
      context.depth < MAX_DEPTH
    ) {
      const image = char === '!'
      const open = image ? index + 1 : index
      if (!context.inLink || image) {
        const close = closingBracket(source, open, context)
        const tail = close === -1 ? null : linkTail(source, close + 1, context)
        if (tail) {
          const label = source.slice(open + 1, close)
          flush()
          if (image) {
            const alt = plainText(parse(label, nestedContext(context)))
            nodes.push(
              tail.title === undefined
                ? { type: 'image', src: tail.destination, alt }
                : { type: 'image', src: tail.destination, alt, title: tail.title },
            )
          } else {
            const children = parse(label, nestedContext(context, true))
            nodes.push(
              tail.title === undefined
                ? { type: 'link', href: tail.destination, children }
                : { type: 'link', href: tail.destination, title: tail.title, children },
            )
          }
          index = tail.end
          runStart = index
          continue
        }
      }
      index++
      continue
    }

    if (char === '<' && !context.inLink) {
      AUTOLINK.lastIndex = index
      EMAIL_AUTOLINK.lastIndex = index
      const url = AUTOLINK.exec(source)
      const email = url ? null : EMAIL_AUTOLINK.exec(source)
      if (url || email) {
        flush()
        const value = (url ?? email)![1]!
        nodes.push({
          type: 'link',
          href: url ? value : `mailto:${value}`,
          children: [{ type: 'text', value }],
        })
        index += (url ?? email)![0].length
        runStart = index
        continue
      }
      // Anything else that looks like HTML stays literal text.
      index++
      continue
    }

    if (
      char === 'h' &&
      !context.inLink &&
      (index === 0 || !WORD.test(source[index - 1]!)) &&
      source.startsWith('http', index)
    ) {
      // Check the host's first character before matching the rest: `http:///` over and over must
      // not scan to the end of the text each time.
      const hostStart = index + (source.startsWith('https://', index) ? 8 : 7)
      const host = source[hostStart]
      if (
        (hostStart === index + 8 || source.startsWith('http://', index)) &&
        host !== undefined &&
        !NOT_HOST_START.test(host)
      ) {
        BARE_URL.lastIndex = index
        const match = BARE_URL.exec(source)
        if (match) {
          const url = trimUrl(match[0])
          if (/^https?:\/\/[^/?#]+/.test(url)) {
            flush()
            nodes.push({ type: 'link', href: url, children: [{ type: 'text', value: url }] })
            index += url.length
            runStart = index
            continue
          }
        }
      }
    }

    if ((char === '*' || char === '_' || char === '~') && context.depth < MAX_DEPTH) {
      const { run, before, after } = delimiterRun(source, index, char)
      let matched = false
      // Left-flanking: it faces forward.
      if (canDelimit(char, after, before)) {
        const sizes = char === '~' ? (run === 2 || run === 1 ? [run] : []) : [3, 2, 1]
        for (const size of sizes) {
          if (size > run) continue
          const delimiter = char.repeat(size)
          const closer = findCloser(source, index + run, delimiter, context)
          if (closer === -1) continue
          const inner = source.slice(index + size, closer)
          const children = parse(inner, nestedContext(context))
          flush()
          if (char === '~') nodes.push({ type: 'delete', children })
          else if (size === 3)
            nodes.push({ type: 'strong', children: [{ type: 'emphasis', children }] })
          else nodes.push({ type: size === 2 ? 'strong' : 'emphasis', children })
          index = closer + size
          runStart = index
          matched = true
          break
        }
      }
      if (!matched) index += run
      continue
    }

    index++
  }
  flush()
  return nodes
}

/** Parses inline markdown (GFM subset) into nodes. Raw HTML stays text. */
export function parseInline(source: string): InlineNode[] {
  if (source === '') return []
  return parse(source, { depth: 0, inLink: false, noCloserFrom: new Map() })
}
