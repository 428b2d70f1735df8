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
const PUNCTUATION = /[!-/:-@[-`{-~]/
const WHITESPACE = /\s/
const WORD = /[\p{L}\p{N}]/u
const BARE_URL = /https?:\/\/[^\s<>]+/y
const AUTOLINK = /<([a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*)>/y
const EMAIL_AUTOLINK = /<([a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+)>/y

interface Context {
  depth: number
  inLink: boolean
  /** Per delimiter: a position from which no closer exists (keeps unmatched runs linear). */
  noCloserFrom: Map<string, number>
}

function isWhitespace(char: string | undefined): boolean {
  return char === undefined || WHITESPACE.test(char)
}

function isPunctuation(char: string | undefined): boolean {
  return char !== undefined && PUNCTUATION.test(char)
}

/** Index just after the code span starting at `index`, or -1 when it is not closed. */
function codeSpanEnd(source: string, index: number): { end: number; run: number } {
  let run = 0
  while (source[index + run] === '`') run++
  let search = index + run
  while (search < source.length) {
    const next = source.indexOf('`', search)
    if (next === -1) break
    let closeRun = 0
    while (source[next + closeRun] === '`') closeRun++
    if (closeRun === run) return { end: next + closeRun, run }
    search = next + closeRun
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
      const span = codeSpanEnd(source, index)
      index = span.end === -1 ? index + span.run : span.end
      continue
    }
    if (current === char) {
      let run = 0
      while (source[index + run] === char) run++
      const before = source[index - 1]
      const after = source[index + run]
      const rightFlanking =
        !isWhitespace(before) &&
        (!isPunctuation(before) || isWhitespace(after) || isPunctuation(after))
      const intraword = char === '_' && after !== undefined && WORD.test(after)
      if (run >= delimiter.length && rightFlanking && !intraword && index > from) {
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

function closingBracket(source: string, open: number): number {
  let depth = 0
  const limit = Math.min(source.length, open + MAX_LINK_TEXT)
  for (let index = open; index < limit; index++) {
    const char = source[index]
    if (char === '\\') {
      index++
    } else if (char === '`') {
      const span = codeSpanEnd(source, index)
      if (span.end !== -1) index = span.end - 1
      else index += span.run - 1
    } else if (char === '[') {
      depth++
    } else if (char === ']') {
      depth--
      if (depth === 0) return index
    }
  }
  return -1
}

/** Parses `(destination "title")` right after a `]`. */
function linkTail(
  source: string,
  open: number,
): { destination: string; title?: string; end: number } | null {
  if (source[open] !== '(') return null
  let index = open + 1
  while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
  let destination = ''
  if (source[index] === '<') {
    const close = source.indexOf('>', index)
    if (close === -1 || source.slice(index, close).includes('\n')) return null
    destination = source.slice(index + 1, close)
    index = close + 1
  } else {
    let depth = 0
    const start = index
    while (index < source.length && index - start < 2048) {
      const char = source[index]!
      if (char === '\\' && index + 1 < source.length) {
        index += 2
        continue
      }
      if (WHITESPACE.test(char) || char.charCodeAt(0) < 0x20) break
      if (char === '(') depth++
      if (char === ')') {
        if (depth === 0) break
        depth--
      }
      index++
    }
    destination = source.slice(start, index)
  }
  while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
  let title: string | undefined
  const quote = source[index]
  if (quote === '"' || quote === "'" || quote === '(') {
    const closeChar = quote === '(' ? ')' : quote
    const close = source.indexOf(closeChar, index + 1)
    if (close === -1) return null
    title = decodeEntities(source.slice(index + 1, close))
    index = close + 1
    while (source[index] === ' ' || source[index] === '\t' || source[index] === '\n') index++
  }
  if (source[index] !== ')') return null
  return title === undefined
    ? { destination, end: index + 1 }
    : { destination, title, end: index + 1 }
}

function trimUrl(url: string): string {
  let end = url.length
  while (end > 0 && /[.,:;!?'"*_~]/.test(url[end - 1]!)) end--
  let trimmed = url.slice(0, end)
  // Drop a closing paren that has no opening partner, as GFM does for `(see https://x.y)`.
  while (trimmed.endsWith(')')) {
    const opens = trimmed.split('(').length - 1
    const closes = trimmed.split(')').length - 1
    if (closes <= opens) break
    trimmed = trimmed.slice(0, -1)
  }
  return trimmed
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
  let text = ''
  const flush = () => {
    if (text) {
      nodes.push({ type: 'text', value: decodeEntities(text) })
      text = ''
    }
  }
  const length = source.length
  let index = 0

  while (index < length) {
    const char = source[index]!

    if (char === '\\') {
      const next = source[index + 1]
      if (next === '\n') {
        flush()
        nodes.push({ type: 'break' })
        index += 2
        continue
      }
      if (next !== undefined && PUNCTUATION.test(next)) {
        // Escaped characters are literal: keep `&` from being read as an entity later.
        flush()
        nodes.push({ type: 'text', value: next })
        index += 2
        continue
      }
      text += char
      index++
      continue
    }

    if (char === '\n') {
      const hardBreak = /( {2,})$/.exec(text)
      if (hardBreak) {
        text = text.slice(0, -hardBreak[1]!.length)
        flush()
        nodes.push({ type: 'break' })
      } else {
        text = text.replace(/[ \t]+$/, '')
        text += '\n'
      }
      index++
      while (source[index] === ' ' || source[index] === '\t') index++
      continue
    }

    if (char === '`') {
      const span = codeSpanEnd(source, index)
      if (span.end === -1) {
        text += '`'.repeat(span.run)
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
      continue
    }

    if (
      (char === '[' || (char === '!' && source[index + 1] === '[')) &&
      context.depth < MAX_DEPTH
    ) {
      const image = char === '!'
      const open = image ? index + 1 : index
      if (!context.inLink || image) {
        const close = closingBracket(source, open)
        const tail = close === -1 ? null : linkTail(source, close + 1)
        if (tail) {
          const label = source.slice(open + 1, close)
          flush()
          if (image) {
            const alt = plainText(
              parse(label, { ...context, depth: context.depth + 1, noCloserFrom: new Map() }),
            )
            nodes.push(
              tail.title === undefined
                ? { type: 'image', src: tail.destination, alt }
                : { type: 'image', src: tail.destination, alt, title: tail.title },
            )
          } else {
            const children = parse(label, {
              ...context,
              depth: context.depth + 1,
              inLink: true,
              noCloserFrom: new Map(),
            })
            nodes.push(
              tail.title === undefined
                ? { type: 'link', href: tail.destination, children }
                : { type: 'link', href: tail.destination, title: tail.title, children },
            )
          }
          index = tail.end
          continue
        }
      }
      text += char
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
        continue
      }
      // Anything else that looks like HTML stays literal text.
      text += char
      index++
      continue
    }

    if (
      char === 'h' &&
      !context.inLink &&
      (index === 0 || !WORD.test(source[index - 1]!)) &&
      source.startsWith('http', index)
    ) {
      BARE_URL.lastIndex = index
      const match = BARE_URL.exec(source)
      if (match) {
        const url = trimUrl(match[0])
        if (/^https?:\/\/[^/?#]+/.test(url)) {
          flush()
          nodes.push({ type: 'link', href: url, children: [{ type: 'text', value: url }] })
          index += url.length
          continue
        }
      }
    }

    if ((char === '*' || char === '_' || char === '~') && context.depth < MAX_DEPTH) {
      let run = 0
      while (source[index + run] === char) run++
      const before = source[index - 1]
      const after = source[index + run]
      const leftFlanking =
        !isWhitespace(after) &&
        (!isPunctuation(after) || isWhitespace(before) || isPunctuation(before))
      const intraword = char === '_' && before !== undefined && WORD.test(before)
      let matched = false
      if (leftFlanking && !intraword) {
        const sizes = char === '~' ? (run === 2 || run === 1 ? [run] : []) : [3, 2, 1]
        for (const size of sizes) {
          if (size > run) continue
          const delimiter = char.repeat(size)
          const closer = findCloser(source, index + run, delimiter, context)
          if (closer === -1) continue
          const inner = source.slice(index + size, closer)
          const children = parse(inner, {
            ...context,
            depth: context.depth + 1,
            noCloserFrom: new Map(),
          })
          flush()
          if (char === '~') nodes.push({ type: 'delete', children })
          else if (size === 3)
            nodes.push({ type: 'strong', children: [{ type: 'emphasis', children }] })
          else nodes.push({ type: size === 2 ? 'strong' : 'emphasis', children })
          index = closer + size
          matched = true
          break
        }
      }
      if (!matched) {
        text += char.repeat(run)
        index += run
      }
      continue
    }

    text += char
    index++
  }
  flush()
  return nodes
}

/** Parses inline markdown (GFM subset) into nodes. Raw HTML stays text. */
export function parseInline(source: string): InlineNode[] {
  return parse(source, { depth: 0, inLink: false, noCloserFrom: new Map() })
}
