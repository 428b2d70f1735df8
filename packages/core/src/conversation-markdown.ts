// Types only: a runtime import of './schemas' would pull zod into the drop-in.
import type { ContextItem } from './schemas'
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

/** Text on one line that Markdown shows as written: no heading, link, emphasis or HTML. */
export function escapeMarkdownInline(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(INLINE_SYNTAX, '\\$&')
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

/** The link target as Markdown writes it: in `<…>` when it holds what ends a bare destination. */
function destination(href: string): string {
  const escaped = href.replace(/[<>]/g, (c) => (c === '<' ? '%3C' : '%3E'))
  return /[\s()]/.test(escaped) ? `<${escaped}>` : escaped
}

function safeHref(raw: string, docsBaseUrl: string | undefined): string | null {
  return toSafeUrl(raw, { docsBaseUrl })?.href ?? null
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/
const DEFINITION = /^( {0,3})\[([^\]\n]{1,999})\]:[ \t]*(<[^>\n]*>|\S+)(.*)$/

/**
 * The answer's Markdown with every link through the URL policy: inline links and images, reference
 * definitions and autolinks whose target is refused become plain text, and raw HTML is escaped.
 * Code (fenced and inline) is left as written; a fence the answer left open is closed, so it cannot
 * swallow what follows. One pass, linear in the length of the answer.
 */
export function sanitizeMarkdownLinks(markdown: string, docsBaseUrl?: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n')
  const out: string[] = []
  let fence: { char: string; length: number } | undefined
  let prose: string[] = []
  const flush = () => {
    if (prose.length > 0) out.push(sanitizeProse(prose.join('\n'), docsBaseUrl))
    prose = []
  }
  for (const line of lines) {
    const marker = FENCE.exec(line)?.[1]
    if (fence) {
      out.push(line)
      if (
        marker &&
        marker[0] === fence.char &&
        marker.length >= fence.length &&
        line.trim() === marker
      ) {
        fence = undefined
      }
      continue
    }
    if (
      marker &&
      !(marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`'))
    ) {
      flush()
      fence = { char: marker[0]!, length: marker.length }
      out.push(line)
      continue
    }
    const definition = DEFINITION.exec(line)
    if (definition) {
      const raw = definition[3]!.replace(/^<|>$/g, '')
      const href = safeHref(raw, docsBaseUrl)
      prose.push(
        href === null
          ? line.replace(INLINE_SYNTAX, '\\$&')
          : `${definition[1]}[${definition[2]}]: ${destination(href)}${definition[4]}`,
      )
      continue
    }
    prose.push(line)
  }
  flush()
  if (fence) out.push(fence.char.repeat(fence.length))
  return out.join('\n')
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

function sanitizeProse(text: string, docsBaseUrl: string | undefined): string {
  const spans = codeSpans(text)
  // Where the next `]` is, for every position: a link's text is found without rescanning.
  const nextClose = new Int32Array(text.length + 1).fill(-1)
  for (let i = text.length - 1; i >= 0; i--) {
    nextClose[i] = text[i] === ']' ? i : nextClose[i + 1]!
  }
  const out: string[] = []
  let spanIndex = 0
  let i = 0
  while (i < text.length) {
    const span = spans[spanIndex]
    if (span && i === span[0]) {
      out.push(text.slice(span[0], span[1]))
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
      // A link's text ends before any code span that starts inside it, like CommonMark's.
      if (close > i && (!span || close < span[0]) && text[close + 1] === '(') {
        const link = readDestination(text, close + 2)
        if (link) {
          const href = safeHref(link.raw, docsBaseUrl)
          const label = text.slice(i + 1, close)
          if (href === null) out.push(label.replace(INLINE_SYNTAX, '\\$&'))
          else out.push(`[${sanitizeProse(label, docsBaseUrl)}](${destination(href)}${link.title})`)
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
          out.push(`<${href.replace(/[<>\s]/g, encodeURIComponent)}>`)
          i = autolink.end
          continue
        }
      }
      out.push(TAG_START.test(text[i + 1] ?? '') || autolink ? '\\<' : '<')
      i++
      continue
    }
    out.push(c)
    i++
  }
  return out.join('')
}

/** `(dest "title")` from after the `(`; the destination stops at space and parentheses. */
function readDestination(text: string, from: number) {
  let i = from
  while (text[i] === ' ' || text[i] === '\t') i++
  let raw: string
  if (text[i] === '<') {
    // Stops at `<` and newlines too (neither may be in it), so no two such scans overlap.
    let end = i + 1
    while (end < text.length && text[end] !== '>' && text[end] !== '<' && text[end] !== '\n') end++
    if (text[end] !== '>') return undefined
    raw = text.slice(i + 1, end)
    i = end + 1
  } else {
    const start = i
    while (i < text.length && !/[\s()]/.test(text[i]!)) i++
    raw = text.slice(start, i)
  }
  let title = ''
  let j = i
  while (text[j] === ' ' || text[j] === '\t') j++
  const quote = text[j]
  if (j > i && (quote === '"' || quote === "'")) {
    const end = text.indexOf(quote, j + 1)
    if (end !== -1 && !text.slice(j + 1, end).includes('\n')) {
      title = ` ${text.slice(j, end + 1)}`
      j = end + 1
      while (text[j] === ' ' || text[j] === '\t') j++
    }
  }
  if (text[j] !== ')') return undefined
  return { raw, title, end: j + 1 }
}

/** `<scheme:…>` from after the `<`: what CommonMark reads as an autolink. */
function readAutolink(text: string, from: number) {
  let i = from
  while (i < text.length && i - from < 33 && SCHEME_CHAR.test(text[i]!)) i++
  if (text[i] !== ':' || i - from < 2 || !/[A-Za-z]/.test(text[from] ?? '')) return undefined
  while (i < text.length && text[i] !== '>' && text[i] !== '<' && !/\s/.test(text[i]!)) i++
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
  const title = escapeMarkdownInline(options.title ?? textOf(firstQuestion)) || labels.question
  const blocks: string[] = [`# ${title}`]

  for (const message of messages) {
    if (!isObject(message)) continue
    if (message.role === 'user') {
      blocks.push(`## ${escapeMarkdownInline(labels.question)}`)
      blocks.push(
        escapeMarkdownLines(textOf(message))
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n'),
      )
      for (const item of options.contextOf?.(message) ?? []) {
        const kind = item.type === 'code' ? labels.code : labels.selectedText
        const where = item.path ? ` (${escapeMarkdownInline(item.path)})` : ''
        const fence = fenceFor(item.value)
        blocks.push(
          `**${escapeMarkdownInline(labels.context)}: ${escapeMarkdownInline(kind)}**${where}`,
        )
        blocks.push(`${fence}\n${item.value.replace(/\r\n?/g, '\n')}\n${fence}`)
      }
      const files = attachmentNamesOf(message)
      if (files.length > 0) {
        blocks.push(
          `**${escapeMarkdownInline(labels.attachments)}:** ${files.map(escapeMarkdownInline).join(', ')}`,
        )
      }
    } else if (message.role === 'assistant') {
      blocks.push(`## ${escapeMarkdownInline(labels.answer)}`)
      const answer = sanitizeMarkdownLinks(answerText(message).trim(), docsBaseUrl)
      if (answer) blocks.push(answer)
      const seen = new Set<string>()
      const items: string[] = []
      for (const source of sourcesOf(message)) {
        const href = source.url === null ? null : safeHref(source.url, docsBaseUrl)
        const name = escapeMarkdownInline(source.title || source.url || '')
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

/** A file name for the export: the title's words, lower-case, `.md`. */
export function conversationFileName(title: string, fallback = 'conversation'): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${base || fallback}.md`
}
