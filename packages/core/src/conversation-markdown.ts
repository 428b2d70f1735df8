// Types only: a runtime import of the schemas would pull zod into the drop-in.
import type { ContextItem } from './request-schemas'
import { citedPages, numberCitations } from './citations'
import { DATA_LIMITS, DOCS_LIMITS } from './docs-limits'
import { type MdNode, parseMarkdownStructure } from './markdown-structure'
import { toSafeUrl } from './url-policy'

/** A source as the export lists it; `url: null` (refused by the URL policy) is written as plain text. */
export interface MarkdownSource {
  title?: string | undefined
  url: string | null
}

export interface ConversationMarkdownLabels {
  question: string
  answer: string
  sources: string
  context: string
  selectedText: string
  code: string
  attachments: string
}

export interface ConversationMarkdownOptions<TMessage> {
  /** The `# heading`. Defaults to the first question. */
  title?: string | undefined
  /** Relative links (answers, sources) resolve under it, so the file works away from the site. */
  docsBaseUrl?: string | undefined
  /** The answer's Markdown. Defaults to its text parts (or `content`). */
  answerText?: (message: TMessage) => string
  /** The answer's sources. Defaults to its `source` parts. Every URL goes through the URL policy. */
  sources?: (message: TMessage) => ReadonlyArray<MarkdownSource>
  /** Context sent with a question (selected text, code blocks). Defaults to none. */
  contextOf?: (message: TMessage) => ReadonlyArray<ContextItem> | undefined
  labels?: Partial<ConversationMarkdownLabels>
}

/** Sources read per answer: retrieval returns a handful; stored data could hold any number. */
const maxSources = 100

export const defaultConversationMarkdownLabels: ConversationMarkdownLabels = {
  question: 'Question',
  answer: 'Answer',
  sources: 'Sources',
  context: 'Context',
  selectedText: 'Selected text',
  code: 'Code',
  attachments: 'Attachments',
}

type Fields = Record<string, unknown>
const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function textOf(message: unknown): string {
  if (!isObject(message)) return ''
  if (Array.isArray(message.parts)) {
    const texts: string[] = []
    for (const part of message.parts) {
      if (isObject(part) && part.type === 'text' && typeof part.text === 'string') {
        texts.push(part.text)
      }
    }
    if (texts.length > 0) return texts.join('\n\n')
  }
  return typeof message.content === 'string' ? message.content : ''
}

function sourcePartsOf(message: unknown): MarkdownSource[] {
  if (!isObject(message) || !Array.isArray(message.parts)) return []
  const sources: MarkdownSource[] = []
  for (const part of message.parts) {
    if (!isObject(part) || part.type !== 'source' || !isObject(part.source)) continue
    const { url, title } = part.source
    if (typeof url === 'string') {
      sources.push({ url, ...(typeof title === 'string' ? { title } : {}) })
    }
  }
  return sources
}

function attachmentNamesOf(message: unknown): string[] {
  if (!isObject(message) || !Array.isArray(message.experimental_attachments)) return []
  const names: string[] = []
  for (const attachment of message.experimental_attachments) {
    if (isObject(attachment) && typeof attachment.name === 'string' && attachment.name.trim()) {
      names.push(attachment.name)
    }
  }
  return names
}

// Everything inline Markdown (and GFM tables) reads as syntax; CommonMark lets any ASCII
// punctuation be backslash-escaped, so escaping these is always safe.
const INLINE_SYNTAX = /[\\`*_[\]<>#!|~&]/g

// GFM readers link `xmpp:` text by themselves (as they do http, https and mailto, which the URL
// policy allows): a backslash before the colon keeps it text.
const XMPP = /(xmpp):/gi

/** `text` with every character inline Markdown reads as syntax escaped. */
function escapeText(text: string): string {
  return text.replace(INLINE_SYNTAX, '\\$&').replace(XMPP, '$1\\:')
}

/** Text on one line that Markdown shows as written: no heading, link, emphasis or HTML. */
export function escapeMarkdownInline(text: string): string {
  return escapeText(text.replace(/\s+/g, ' ').trim())
}

// A line that would start a block (heading, list, quote, thematic break, setext underline).
const BLOCK_START = /^(\s*)([-+=>#]|(\d{1,9})([.)]))/

/** Plain text over several lines, each escaped, none starting a block of its own. */
function escapeMarkdownLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) =>
      line
        .replace(INLINE_SYNTAX, '\\$&')
        .replace(XMPP, '$1\\:')
        .replace(BLOCK_START, (_, space: string, marker: string, digits?: string, dot?: string) =>
          digits ? `${space}${digits}\\${dot}` : `${space}\\${marker}`,
        ),
    )
}

/** A fence longer than any run of backticks in `text`, so the text cannot close it. */
function fenceFor(text: string): string {
  let longest = 0
  let run = 0
  for (let i = 0; i < text.length; i++) {
    run = text.charCodeAt(i) === 96 ? run + 1 : 0
    if (run > longest) longest = run
  }
  return '`'.repeat(Math.max(3, longest + 1))
}

// What must not stand in a link target as written: blanks and controls end it, and brackets,
// parentheses, angle brackets, backticks, quotes and backslashes are syntax to some readers (marked
// reads code spans inside a destination). Percent-encoded, they are the same URL to a browser.
// biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is encoded
const NOT_IN_DESTINATION = /[\u0000-\u0020\u007f<>()[\]`"'\\]/g

/** `href` with every character that is syntax in a link target percent-encoded. */
function percentEncodeSyntax(href: string): string {
  return href.replace(
    NOT_IN_DESTINATION,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  )
}

/**
 * The link target as Markdown writes it (inline links, images, reference definitions): syntax
 * percent-encoded, and `&` written as `&amp;`. Renderers decode character references in a link
 * target once more, and the URL policy hands back a target already decoded (twice): a relative
 * `&#106;avascript:…` or `&sol;&sol;evil.example` it let through as a path would otherwise reach
 * the HTML as `javascript:` or `//evil.example`. `&amp;` reads back as the `&` the policy checked.
 */
function destination(href: string): string {
  return percentEncodeSyntax(href).replaceAll('&', '&amp;')
}

function safeHref(raw: string, docsBaseUrl: string | undefined): string | null {
  // toSafeUrl refuses anything past DATA_LIMITS.urlChars before reading it.
  return toSafeUrl(raw, { docsBaseUrl })?.href ?? null
}

/** `text` cut to `max` characters (with an ellipsis), before anything else reads it. */
function capped(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * The answer's Markdown, safe to render: every link (inline links and images, reference
 * definitions, autolinks) goes through the URL policy and a refused one becomes its text, raw HTML
 * is escaped, and code stays as written.
 *
 * Structural, not line by line: the answer is read into its blocks the way CommonMark reads them
 * (block quotes and list items with their indentation, fences inside them, tables), then written
 * back in a form that leaves a reader no other reading: every line carries its containers'
 * prefixes, code is fenced by a fence longer than any run in it and closed, code spans stay on one
 * line, and no line of text can start a block. Where code starts and ends therefore never depends
 * on how a renderer re-reads the text, and text outside code is escaped wherever it lands.
 *
 * Past `DATA_LIMITS.answerChars` the answer is cut first; linear in its length.
 */
export function sanitizeMarkdownLinks(markdown: string, docsBaseUrl?: string): string {
  const text = capped(markdown, DATA_LIMITS.answerChars).replace(/\r\n?/g, '\n')
  return writeBlocks(parseMarkdownStructure(text), docsBaseUrl).join('\n')
}

/** The sibling blocks of one container, a blank line where the answer had one or where needed. */
function writeBlocks(nodes: readonly MdNode[], base: string | undefined): string[] {
  const out: string[] = []
  let previous: MdNode | undefined
  for (const node of nodes) {
    const lines = writeBlock(node, base)
    if (lines.length === 0) continue
    if (previous && (node.blankBefore || mustSeparate(previous, node))) out.push('')
    for (const line of lines) out.push(line)
    previous = node
  }
  return out
}

/**
 * Whether `node` needs a blank line after `previous` to be read as its own block: text runs on into
 * a paragraph or table unless what follows can interrupt it.
 */
function mustSeparate(previous: MdNode, node: MdNode): boolean {
  if (previous.type === 'table') return true
  if (previous.type !== 'paragraph') return false
  if (node.type === 'paragraph' || node.type === 'table' || node.type === 'setext') return true
  if (node.type !== 'list') return false
  const [first] = node.items
  return !first || first.children.length === 0 || (node.ordered && node.start !== 1)
}

function writeBlock(node: MdNode, base: string | undefined): string[] {
  switch (node.type) {
    case 'paragraph':
      return writeText(node.lines, base)
    case 'setext': {
      const lines = writeText(node.lines, base)
      return lines.length === 0 ? [] : [...lines, node.level === 1 ? '===' : '---']
    }
    case 'heading': {
      const text = escapeClosingHashes(sanitizeInline(node.text, base).trim())
      return [text ? `${'#'.repeat(node.level)} ${text}` : '#'.repeat(node.level)]
    }
    case 'code': {
      // The answer's own fence when nothing in the code could close it, else a longer one.
      const char = node.fence || '`'
      const fence = char.repeat(Math.max(3, node.fenceLength, longestRun(node.lines, char) + 1))
      // An info string that starts with the fence's character would lengthen the fence.
      const info = node.info.startsWith(char) ? ` ${node.info}` : node.info
      return [`${fence}${info}`, ...node.lines, fence]
    }
    case 'break':
      // `___` is a break wherever it stands: `---` after text is a heading underline, and a
      // `-` or `*` break opening a list item would be read as a break of the list's own.
      return ['___']
    case 'table':
      return writeTable(node, base)
    case 'quote': {
      const lines = writeBlocks(node.children, base)
      if (lines.length === 0) return ['>']
      return lines.map((line) => (line === '' ? '>' : `> ${line}`))
    }
    case 'list': {
      const out: string[] = []
      node.items.forEach((item, index) => {
        if (index > 0 && item.blankBefore) out.push('')
        const lines = writeBlocks(item.children, base)
        if (lines.length === 0) {
          out.push(item.marker)
          return
        }
        // Every line indented by exactly the marker and one space: the item's content column.
        const pad = ' '.repeat(item.marker.length + 1)
        lines.forEach((line, at) => {
          out.push(at === 0 ? `${item.marker} ${line}` : line === '' ? '' : `${pad}${line}`)
        })
      })
      return out
    }
  }
}

/** Longest run of `char` in any of `lines`. */
function longestRun(lines: readonly string[], char: string): number {
  const code = char.charCodeAt(0)
  let longest = 0
  for (const line of lines) {
    let run = 0
    for (let index = 0; index < line.length; index++) {
      run = line.charCodeAt(index) === code ? run + 1 : 0
      if (run > longest) longest = run
    }
  }
  return longest
}

/** A heading's text must not end in what reads as a closing sequence (` ##`). */
function escapeClosingHashes(text: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === '#') end--
  if (end === text.length) return text
  if (end > 0 && text[end - 1] !== ' ' && text[end - 1] !== '\t') return text
  if (end > 0 && text[end - 1] === '\\') return text
  return `${text.slice(0, end)}\\${text.slice(end)}`
}

function writeTable(node: Extract<MdNode, { type: 'table' }>, base: string | undefined): string[] {
  const row = (cells: readonly string[]) =>
    `| ${cells.map((cell) => sanitizeInline(cell, base).replace(/\n/g, ' ')).join(' | ')} |`
  const align = node.header.map((_, index) => {
    const side = node.align[index] ?? ''
    return side === 'center'
      ? ':---:'
      : side === 'left'
        ? ':---'
        : side === 'right'
          ? '---:'
          : '---'
  })
  return [row(node.header), `| ${align.join(' | ')} |`, ...node.rows.map(row)]
}

/**
 * A paragraph's lines: reference definitions at its start kept when their target passes the URL
 * policy, the rest as inline text with every link checked and HTML escaped, each line written so
 * that it cannot start a block of its own.
 */
function writeText(lines: readonly string[], base: string | undefined): string[] {
  const out: string[] = []
  let index = 0
  for (; index < lines.length; index++) {
    const definition = readDefinition(lines[index]!)
    if (!definition) break
    const href = safeHref(definition.raw, base)
    if (href === null) break
    out.push(`[${escapeText(definition.label)}]: ${destination(href)}`)
  }
  if (index === lines.length) return out
  const text = sanitizeInline(lines.slice(index).join('\n'), base)
  for (const line of text.split('\n')) {
    const trimmed = line.replace(LEADING_BLANKS, '')
    if (trimmed) out.push(escapeBlockStart(trimmed))
  }
  return out
}

const LEADING_BLANKS = /^[ \t]+/

/**
 * The line with a backslash before whatever would make it start a block (a heading, quote, list
 * item, thematic break, heading underline, fence or table delimiter row); a backslash before ASCII
 * punctuation shows nothing in the rendered text.
 */
function escapeBlockStart(line: string): string {
  const first = line[0]!
  const afterRun = (char: string) => {
    let end = 0
    while (line[end] === char) end++
    return end
  }
  const blankOrEnd = (at: number) => at >= line.length || line[at] === ' ' || line[at] === '\t'
  if (first === '>') return `\\${line}`
  if (first === '#' && afterRun('#') <= 6 && blankOrEnd(afterRun('#'))) return `\\${line}`
  if ((first === '-' || first === '+' || first === '*') && blankOrEnd(1)) return `\\${line}`
  if (first === '=' || first === '-' || first === '*' || first === '_') {
    // Heading underlines and thematic breaks: runs of one of these and blanks only.
    let marks = 0
    let other = false
    for (const char of line) {
      if (char === first) marks++
      else if (char !== ' ' && char !== '\t') {
        other = true
        break
      }
    }
    if (!other && (first === '=' || first === '-' || marks >= 3)) return `\\${line}`
  }
  if ((first === '`' || first === '~') && afterRun(first) >= 3) {
    if (first === '~' || !line.slice(afterRun('`')).includes('`')) return `\\${line}`
  }
  if (first >= '0' && first <= '9') {
    let end = 0
    while (end < 10 && line[end]! >= '0' && line[end]! <= '9') end++
    if ((line[end] === '.' || line[end] === ')') && blankOrEnd(end + 1)) {
      return `${line.slice(0, end)}\\${line.slice(end)}`
    }
  }
  if (first === '|' || first === ':' || first === '-') {
    // A table delimiter row (`| --- |`, `:-- | --:`) would turn the line before into a header.
    let dash = false
    let other = false
    for (const char of line) {
      if (char === '-') dash = true
      else if (char !== '|' && char !== ':' && char !== ' ' && char !== '\t') {
        other = true
        break
      }
    }
    if (dash && !other) return line.replace('-', '\\-')
  }
  return line
}

/** `[label]: destination` (and an optional title, left out) on one line; undefined otherwise. */
function readDefinition(line: string): { label: string; raw: string } | undefined {
  if (line[0] !== '[') return undefined
  let close = 1
  while (close < line.length && close <= 1000) {
    const char = line[close]
    if (char === ']') break
    if (char === '[' || char === '\\') return undefined
    close++
  }
  if (line[close] !== ']' || close === 1 || line[close + 1] !== ':') return undefined
  let at = close + 2
  while (line[at] === ' ' || line[at] === '\t') at++
  let raw: string
  if (line[at] === '<') {
    const end = line.indexOf('>', at + 1)
    if (end === -1 || end - at > DATA_LIMITS.urlChars) return undefined
    raw = line.slice(at + 1, end)
    if (raw.includes('<')) return undefined
    at = end + 1
  } else {
    const start = at
    while (at < line.length && line[at] !== ' ' && line[at] !== '\t') at++
    raw = line.slice(start, at)
  }
  if (raw === '') return undefined
  const rest = line.slice(at).trim()
  if (rest !== '') {
    // Only a whole title may follow: a quoted one, with no quote of its kind inside.
    const open = rest[0]
    const closeChar = open === '(' ? ')' : open
    if (open !== '"' && open !== "'" && open !== '(') return undefined
    if (rest.length < 2 || rest[rest.length - 1] !== closeChar) return undefined
    if (rest.slice(1, -1).includes(closeChar!)) return undefined
  }
  return { label: line.slice(1, close), raw }
}

/** Inline code spans as [start, end) ranges: a run of N backticks closes at the next run of N. */
function codeSpans(text: string): Array<[number, number]> {
  const runs: Array<[number, number]> = []
  for (let i = 0; i < text.length; ) {
    if (text.charCodeAt(i) !== 96) {
      i++
      continue
    }
    const start = i
    while (i < text.length && text.charCodeAt(i) === 96) i++
    runs.push([start, i - start])
  }
  // Each length's runs in order, with a cursor that only moves forward: linear overall.
  const byLength = new Map<number, number[]>()
  runs.forEach(([, length], index) => {
    const list = byLength.get(length)
    if (list) list.push(index)
    else byLength.set(length, [index])
  })
  const cursor = new Map<number, number>()
  const spans: Array<[number, number]> = []
  for (let r = 0; r < runs.length; r++) {
    const [start, length] = runs[r]!
    const list = byLength.get(length)!
    let at = cursor.get(length) ?? 0
    while (at < list.length && list[at]! <= r) at++
    cursor.set(length, at)
    const closing = list[at]
    if (closing === undefined) continue
    const [closeStart, closeLength] = runs[closing]!
    spans.push([start, closeStart + closeLength])
    r = closing
  }
  return spans
}

const SCHEME_CHAR = /[A-Za-z0-9+.-]/
const TAG_START = /[A-Za-z/!?]/

/**
 * Inline text with every link checked by the URL policy (a refused one becomes its escaped text),
 * every `[` that does not open a checked link escaped (so no reference, footnote or task marker
 * forms), raw HTML and unchecked autolinks escaped, and code spans kept, on one line each.
 */
function sanitizeInline(text: string, docsBaseUrl: string | undefined): string {
  const spans = codeSpans(text)
  // Where the next `]` outside code is, for every position: a link's text is found without
  // rescanning (a `]` inside a code span does not close a link, as in CommonMark).
  const inSpan = new Uint8Array(text.length + 1)
  for (const [start, end] of spans) inSpan.fill(1, start, end)
  const nextClose = new Int32Array(text.length + 1).fill(-1)
  for (let i = text.length - 1; i >= 0; i--) {
    nextClose[i] = text[i] === ']' && !inSpan[i] ? i : nextClose[i + 1]!
  }
  const out: string[] = []
  let spanIndex = 0
  let i = 0
  while (i < text.length) {
    // Spans that started inside something read before (an autolink, a link) are text now.
    while (spanIndex < spans.length && spans[spanIndex]![0] < i) spanIndex++
    const span = spans[spanIndex]
    if (span && i === span[0]) {
      // A line end inside a code span reads as a space (CommonMark): written as one, the span
      // stays on one line, and no reading of the lines around it can split it.
      out.push(text.slice(span[0], span[1]).replace(/\n/g, ' '))
      i = span[1]
      spanIndex++
      continue
    }
    const c = text[i]!
    if (c === '\\') {
      out.push(text.slice(i, i + 2))
      i += 2
      continue
    }
    if (c === '[') {
      const close = nextClose[i + 1] ?? -1
      if (close > i && close - i <= 1000 && text[close + 1] === '(') {
        const link = readDestination(text, close + 2)
        if (link) {
          const href = safeHref(link.raw, docsBaseUrl)
          const label = text.slice(i + 1, close)
          if (href === null) out.push(escapeText(label))
          else {
            out.push(`[${sanitizeInline(label, docsBaseUrl)}](${destination(href)}${link.title})`)
          }
          i = link.end
          continue
        }
      }
      // Not a link we could read: make sure no Markdown reader makes one of it.
      out.push('\\[')
      i++
      continue
    }
    if (c === '<') {
      const autolink = readAutolink(text, i + 1)
      if (autolink) {
        const href = safeHref(autolink.raw, docsBaseUrl)
        if (href !== null) {
          // No character references in an autolink (CommonMark reads it as written), and its target
          // always has its scheme: `&` stays.
          out.push(`<${percentEncodeSyntax(href)}>`)
          i = autolink.end
          continue
        }
      }
      out.push(TAG_START.test(text[i + 1] ?? '') || autolink ? '\\<' : '<')
      i++
      continue
    }
    if (c === ':' && i >= 4 && text.slice(i - 4, i).toLowerCase() === 'xmpp') {
      // GFM readers link `xmpp:` text by itself; the URL policy allows no such scheme.
      out.push('\\:')
      i++
      continue
    }
    out.push(c)
    i++
  }
  return out.join('')
}

/**
 * `(dest "title")` from after the `(`: the destination stops at blanks and unbalanced parentheses
 * and is given up past `DATA_LIMITS.urlChars`; the title is written back with its syntax escaped.
 */
function readDestination(text: string, from: number) {
  let i = from
  while (text[i] === ' ' || text[i] === '\t') i++
  const limit = Math.min(text.length, i + DATA_LIMITS.urlChars + 2)
  let raw: string
  if (text[i] === '<') {
    // Stops at `<` and newlines too (neither may be in it), so no two such scans overlap.
    let end = i + 1
    while (end < limit && text[end] !== '>' && text[end] !== '<' && text[end] !== '\n') end++
    if (text[end] !== '>') return undefined
    raw = text.slice(i + 1, end)
    i = end + 1
  } else {
    const start = i
    let depth = 0
    while (i < limit) {
      const char = text[i]!
      if (char === ' ' || char === '\t' || char === '\n' || char === '<') break
      if (char === '\\' && i + 1 < limit) i++
      else if (char === '(') depth++
      else if (char === ')') {
        if (depth === 0) break
        depth--
      }
      i++
    }
    if (i === limit && limit < text.length) return undefined
    raw = text.slice(start, i)
  }
  let title = ''
  let j = i
  while (text[j] === ' ' || text[j] === '\t') j++
  const quote = text[j]
  if (j > i && (quote === '"' || quote === "'")) {
    const end = text.indexOf(quote, j + 1)
    if (end !== -1 && end - j <= 1000 && !text.slice(j + 1, end).includes('\n')) {
      title = ` ${quote}${text.slice(j + 1, end).replace(INLINE_SYNTAX, '\\$&')}${quote}`
      j = end + 1
      while (text[j] === ' ' || text[j] === '\t') j++
    }
  }
  if (text[j] !== ')') return undefined
  return { raw, title, end: j + 1 }
}

/** `<scheme:…>` from after the `<`: what CommonMark reads as an autolink (capped in length). */
function readAutolink(text: string, from: number) {
  let i = from
  while (i < text.length && i - from < 33 && SCHEME_CHAR.test(text[i]!)) i++
  if (text[i] !== ':' || i - from < 2 || !/[A-Za-z]/.test(text[from] ?? '')) return undefined
  const limit = Math.min(text.length, from + DATA_LIMITS.urlChars + 1)
  while (i < limit && text[i] !== '>' && text[i] !== '<' && !/\s/.test(text[i]!)) i++
  if (text[i] !== '>') return undefined
  return { raw: text.slice(from, i), end: i + 1 }
}

/**
 * A conversation as a Markdown document: `# title`, then each question (quoted, with the context
 * and attachment names it was sent with), its answer's Markdown and its sources as links. Every
 * URL goes through the URL policy (`toSafeUrl`); a refused one is written as plain text. Text that
 * is not Markdown (titles, questions, source titles, file names) is escaped so it cannot change
 * the document's structure.
 */
export function conversationToMarkdown<TMessage>(
  messages: readonly TMessage[],
  options: ConversationMarkdownOptions<TMessage> = {},
): string {
  const labels = { ...defaultConversationMarkdownLabels, ...options.labels }
  const { docsBaseUrl } = options
  const answerText = options.answerText ?? textOf
  const sourcesOf = options.sources ?? sourcePartsOf
  const firstQuestion = messages.find((message) => isObject(message) && message.role === 'user')
  // Every string from the conversation (storage, the model) is cut to its cap before it is read.
  const short = (text: string) => capped(text, DATA_LIMITS.labelChars)
  const title =
    escapeMarkdownInline(short(options.title ?? textOf(firstQuestion))) || labels.question
  const blocks: string[] = [`# ${title}`]

  for (const message of messages) {
    if (!isObject(message)) continue
    if (message.role === 'user') {
      blocks.push(`## ${escapeMarkdownInline(labels.question)}`)
      blocks.push(
        escapeMarkdownLines(capped(textOf(message), DOCS_LIMITS.questionChars))
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n'),
      )
      const context = (options.contextOf?.(message) ?? []).slice(0, DATA_LIMITS.contextItems)
      for (const item of context) {
        const kind = item.type === 'code' ? labels.code : labels.selectedText
        const where = item.path ? ` (${escapeMarkdownInline(short(item.path))})` : ''
        const value = capped(item.value, DATA_LIMITS.contextItemChars).replace(/\r\n?/g, '\n')
        const fence = fenceFor(value)
        blocks.push(
          `**${escapeMarkdownInline(labels.context)}: ${escapeMarkdownInline(kind)}**${where}`,
        )
        blocks.push(`${fence}\n${value}\n${fence}`)
      }
      const files = attachmentNamesOf(message)
      if (files.length > 0) {
        blocks.push(
          `**${escapeMarkdownInline(labels.attachments)}:** ${files.map((name) => escapeMarkdownInline(short(name))).join(', ')}`,
        )
      }
    } else if (message.role === 'assistant') {
      blocks.push(`## ${escapeMarkdownInline(labels.answer)}`)
      const text = answerText(message).trim()
      // The numbering the reader saw (citations.ts): each cited page once, chips renumbered.
      const pages = citedPages(
        text,
        sourcesOf(message)
          .slice(0, maxSources)
          .map((source) => ({
            title: source.title,
            url: source.url === null ? null : safeHref(source.url, docsBaseUrl),
          })),
        docsBaseUrl,
      )
      const answer = sanitizeMarkdownLinks(
        numberCitations(text, pages, { docsBaseUrl }),
        docsBaseUrl,
      )
      if (answer) blocks.push(answer)
      const seen = new Set<string>()
      const items: string[] = []
      for (const source of pages) {
        const href = source.url
        const name = escapeMarkdownInline(short(source.title || source.url || ''))
        if (!name) continue
        const key = href ?? `text:${name}`
        if (seen.has(key)) continue
        seen.add(key)
        items.push(
          `${items.length + 1}. ${href === null ? name : `[${name}](${destination(href)})`}`,
        )
      }
      if (items.length > 0) {
        blocks.push(`**${escapeMarkdownInline(labels.sources)}**`)
        blocks.push(items.join('\n'))
      }
    }
  }
  return `${blocks.join('\n\n')}\n`
}

/** `text` without the `-` at either end: a loop, as `/-+$/` retries from every `-` of a run. */
function trimDashes(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && text[start] === '-') start++
  while (end > start && text[end - 1] === '-') end--
  return text.slice(start, end)
}

/** A file name for the export: the title's words, lower-case, `.md`. */
export function conversationFileName(title: string, fallback = 'conversation'): string {
  // 60 characters are kept: the first 1,000 of the title hold them (the cap comes first).
  const words = title
    .slice(0, DATA_LIMITS.labelChars)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
  const base = trimDashes(trimDashes(words).slice(0, 60))
  return `${base || fallback}.md`
}
