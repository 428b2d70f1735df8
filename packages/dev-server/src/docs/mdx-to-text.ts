/**
 * Reduces MDX to what a reader sees as text: headings, prose with light Markdown, and code
 * blocks kept verbatim. A small single-pass scanner rather than a full MDX parser: it must run
 * in a browser bundle, take well under a millisecond per page, and never throw on the odd
 * hand-written page that a strict parser would reject.
 */

import {
  fenceRunEnd,
  isLineTerminator,
  isWhitespace,
  isWordChar,
  whitespaceEnd,
  withoutDelimited,
} from '../text-scan'
import { toSafeUrl } from '@docchat/core'

export type MdxBlock =
  | { kind: 'heading'; level: number; text: string; anchor?: string }
  /**
   * `linked`: the same text with the docs' links as Markdown links `[text](target)`, line for
   * line (the same lines, blank where `text`'s are), when `route` was given and a link was kept.
   * `text` never has them: search and ranking read the link's words only.
   */
  | { kind: 'text'; text: string; linked?: string }
  | { kind: 'code'; language?: string; title?: string; code: string }

export interface ReduceMdxOptions {
  /** Source of an imported `.mdx` snippet by its import specifier, so `<Snippet />` is inlined. */
  resolveImport?: (specifier: string) => string | undefined
  /**
   * The page's route (`/guides/setup`): given, text blocks carry `linked`, with site paths and
   * `./`, `../` and `#anchor` links resolved against it (see `docsLinkTarget`).
   */
  route?: string
}

const maxSnippetDepth = 4
/** Characters of a code fence's meta (after the language) read for its title. */
const maxFenceMetaChars = 1_000

/** Elements whose content is not reading text. */
const dropWithContent = new Set([
  'script',
  'style',
  'svg',
  'iframe',
  'video',
  'audio',
  'picture',
  'canvas',
  'object',
  'head',
  'Icon',
])

/** Inline elements: no line breaks around them. */
const inlineElements = new Set([
  'a',
  'abbr',
  'b',
  'code',
  'em',
  'i',
  'kbd',
  'mark',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'u',
  'Badge',
  'Tooltip',
  'Icon',
  'Color',
])

/** Attributes that carry text a reader sees (titles of cards, tabs, accordions, steps…). */
const textAttributes = ['title', 'label', 'name', 'description', 'caption', 'tip', 'headline']

/** Parameter-like components: the attribute *name* says where the field lives. */
const fieldComponents = new Set(['ParamField', 'ResponseField', 'Parameter', 'Field'])
const fieldLocations = ['path', 'query', 'body', 'header', 'cookie', 'name', 'param']

type AttributeValue = string | true | undefined

interface OpenTag {
  name: string
  attributes: Map<string, AttributeValue>
  selfClosing: boolean
  end: number
}

export function reduceMdx(source: string, options: ReduceMdxOptions = {}): MdxBlock[] {
  return new MdxReducer(source.replace(/\r\n?/g, '\n'), options, 0).run()
}

class MdxReducer {
  private readonly blocks: MdxBlock[] = []
  private text = ''
  private position = 0
  private readonly imports = new Map<string, string>()
  /** Links in `text` since the last flush (offsets into it), kept when `options.route` is given. */
  private links: TextLink[] = []
  /** An open `<a href>`: where its text starts in `text`, and its `href`. */
  private anchor: { start: number; href: string } | undefined
  private linkScanner: LinkScanner | undefined

  constructor(
    private readonly source: string,
    private readonly options: ReduceMdxOptions,
    private readonly depth: number,
  ) {}

  run(): MdxBlock[] {
    const { source } = this
    while (this.position < source.length) {
      if (this.atLineStart() && this.readLineConstruct()) continue
      this.readInline()
    }
    this.flushText()
    return this.blocks
  }

  private atLineStart(): boolean {
    return this.position === 0 || this.source.charCodeAt(this.position - 1) === 10
  }

  /** Fences, headings and ESM lines; true when one was consumed. */
  private readLineConstruct(): boolean {
    const { source } = this
    let start = this.position
    while (source[start] === ' ' || source[start] === '\t') start++
    const indent = start - this.position
    const char = source[start]
    if (char === '`' || char === '~') {
      const fence = fenceOpening(source.slice(start, this.lineEnd(start)))
      if (fence && !(char === '`' && fence.info.includes('`'))) {
        this.readFence(start, indent, fence.marker, fence.info)
        return true
      }
    } else if (char === '#') {
      const heading = atxHeading(source.slice(start, this.lineEnd(start)))
      if (heading) {
        this.readHeading(heading.level, heading.text)
        return true
      }
    } else if (indent === 0 && (char === 'i' || char === 'e')) {
      if (source.startsWith('import ', start) || source.startsWith('import{', start)) {
        this.readImport()
        return true
      }
      if (source.startsWith('export ', start)) {
        this.skipExport()
        return true
      }
    }
    return false
  }

  private lineEnd(from: number): number {
    const end = this.source.indexOf('\n', from)
    return end === -1 ? this.source.length : end
  }

  private readFence(start: number, indent: number, marker: string, info: string): void {
    const { source } = this
    let lineStart = this.lineEnd(start) + 1
    const lines: string[] = []
    let closed = false
    while (lineStart <= source.length) {
      const end = this.lineEnd(lineStart)
      const line = source.slice(lineStart, end)
      const trimmed = line.trim()
      if (trimmed.startsWith(marker) && /^(`+|~+)$/.test(trimmed) && trimmed[0] === marker[0]) {
        this.position = end + 1
        closed = true
        break
      }
      lines.push(dedent(line, indent))
      lineStart = end + 1
    }
    if (!closed) this.position = source.length
    const [language, ...rest] = info.trim().split(/\s+/)
    // A title and a few flags: a longer info line is cut before the regexes below read it (their
    // attribute scan is quadratic on a long run such as `a-a-a-…`).
    const meta = rest.join(' ').slice(0, maxFenceMetaChars)
    // Mintlify fence meta: `ts Title`, `title="Title"`, `{1-3}` line highlights, `lines`, `icon="x"`.
    const title =
      /\btitle=(?:"([^"]*)"|'([^']*)')/.exec(meta)?.slice(1).find(Boolean) ??
      withoutBraced(meta.replace(/\b[\w-]+=(\{[^}]*\}|"[^"]*"|'[^']*'|\S+)/g, ''))
        .replace(/\b(lines|wrap|expandable|twoslash)\b/g, '')
        .replace(/\s+/g, ' ')
        .trim()
    this.flushText()
    this.blocks.push({
      kind: 'code',
      ...(language ? { language } : {}),
      ...(title ? { title } : {}),
      code: lines.join('\n'),
    })
  }

  private readHeading(level: number, raw: string): void {
    this.position = this.lineEnd(this.position) + 1
    let anchor: string | undefined
    const custom = customAnchor(raw)
    if (custom) {
      anchor = custom.anchor
      raw = raw.slice(0, custom.index)
    }
    const text = collapse(reduceInline(raw, this.options, this.depth))
    if (!text) return
    this.flushText()
    if (level > 3) {
      // Minor headings stay inside their section as a line of text.
      this.text += `\n\n${text}\n\n`
      return
    }
    this.blocks.push({ kind: 'heading', level, text, ...(anchor ? { anchor } : {}) })
  }

  private readImport(): void {
    const statement = importStatement(this.source, this.position, (from) =>
      this.nextImportFrom(from),
    )
    if (!statement) {
      // Side-effect import or something unexpected: drop the line.
      this.position = this.lineEnd(this.position) + 1
      return
    }
    this.position = statement.end
    if (statement.defaultName) this.imports.set(statement.defaultName, statement.specifier)
  }

  /** The last `nextImportFrom` answer: a later search from inside its range reuses it. */
  private importFrom: { searchedFrom: number; found: ImportFrom | undefined } | undefined

  /**
   * `firstImportFrom`, remembered: import lines come in order, so a search from inside the range
   * the last one covered has its answer, and the page is searched once however many lines fail.
   */
  private nextImportFrom(position: number): ImportFrom | undefined {
    const last = this.importFrom
    if (
      last &&
      position >= last.searchedFrom &&
      (last.found === undefined || last.found.at >= position)
    ) {
      return last.found
    }
    const found = firstImportFrom(this.source, position)
    this.importFrom = { searchedFrom: position, found }
    return found
  }

  /** `export const X = …` can span many lines; it ends where brackets balance at a line end. */
  private skipExport(): void {
    const { source } = this
    let depth = 0
    let i = this.position
    for (; i < source.length; i++) {
      const char = source[i]
      if (char === '{' || char === '(' || char === '[') depth++
      else if (char === '}' || char === ')' || char === ']') depth--
      else if (char === '\n' && depth <= 0) {
        const next = source[i + 1]
        if (next === undefined || next === '\n' || !/[\s)\]}.]/.test(next)) break
      }
    }
    this.position = Math.min(i + 1, source.length)
  }

  /** Reads inline content up to and including the end of the current line (or a tag's end). */
  private readInline(): void {
    const { source } = this
    const plain = /[^\\`{<![\n]+/y
    while (this.position < source.length) {
      plain.lastIndex = this.position
      const run = plain.exec(source)
      if (run) {
        this.text += run[0]
        this.position = plain.lastIndex
        if (this.position >= source.length) return
      }
      const char = source[this.position]
      if (char === '\n') {
        this.text += '\n'
        this.position++
        return
      }
      if (char === '<') {
        if (this.readTag()) {
          if (this.atLineStart()) return
          continue
        }
      } else if (char === '{') {
        this.readExpression()
        if (this.atLineStart()) return
        continue
      } else if (char === '`') {
        this.readCodeSpan()
        continue
      } else if (char === '\\') {
        this.text += source[this.position + 1] ?? ''
        this.position += 2
        continue
      } else if (char === '!' && source[this.position + 1] === '[') {
        const image = this.links_().linkAt(this.position + 1)
        if (image) {
          this.position = image.end
          continue
        }
        this.readNonLinks()
        continue
      } else if (char === '[') {
        const link = this.links_().linkAt(this.position)
        if (link) {
          const start = this.text.length
          this.text += reduceInline(
            source.slice(link.textStart, link.textEnd),
            inlineOptions(this.options),
            this.depth,
          )
          this.addLink(start, this.text.length, source.slice(link.textEnd + 2, link.targetEnd))
          this.position = link.end
          continue
        }
        this.readNonLinks()
        continue
      }
      this.text += char
      this.position++
    }
  }

  /**
   * After a `[` (or `![`) that opens no link: the run of `[` and `!` from here, as text. None of
   * them opens a link either: each `[` in the run has the same first `]` after it, so the same
   * target after that. One append, not one per character of a 100k run of `[`.
   */
  private readNonLinks(): void {
    const { source } = this
    let end = this.position + 1
    while (end < source.length && (source[end] === '[' || source[end] === '!')) end++
    this.text += source.slice(this.position, end)
    this.position = end
  }

  private links_(): LinkScanner {
    this.linkScanner ??= new LinkScanner(this.source)
    return this.linkScanner
  }

  /** Remembers `text[start, end)` as a link to `href`, when it is a docs link worth keeping. */
  private addLink(start: number, end: number, href: string): void {
    const { route } = this.options
    if (route === undefined || end <= start) return
    const target = docsLinkTarget(href, route)
    if (target) this.links.push({ start, end, target })
  }

  private readCodeSpan(): void {
    const { source } = this
    let end = this.position
    while (source[end] === '`') end++
    const ticks = source.slice(this.position, end)
    const close = source.indexOf(ticks, end)
    const paragraphEnd = source.indexOf('\n\n', end)
    if (close === -1 || (paragraphEnd !== -1 && close > paragraphEnd)) {
      this.text += ticks
      this.position = end
      return
    }
    this.text += source.slice(this.position, close + ticks.length)
    this.position = close + ticks.length
  }

  /** `{/* comment *\/}` and `{expression}`: comments vanish, string literals keep their text. */
  private readExpression(): void {
    const comment = /\{\s*\/\*[\s\S]*?\*\/\s*\}/y
    comment.lastIndex = this.position
    if (comment.exec(this.source)) {
      this.position = comment.lastIndex
      return
    }
    const end = findBalanced(this.source, this.position, '{', '}')
    if (end === -1) {
      this.text += '{'
      this.position++
      return
    }
    const inner = this.source.slice(this.position + 1, end).trim()
    this.position = end + 1
    const literal = /^(['"`])([\s\S]*)\1$/.exec(inner)
    if (literal && !literal[2]?.includes('${')) this.text += literal[2]
  }

  /** Returns false when `<` is not a tag, so the caller keeps it as text. */
  private readTag(): boolean {
    const { source } = this
    const start = this.position
    if (source.startsWith('<!--', start)) {
      const end = source.indexOf('-->', start + 4)
      this.position = end === -1 ? source.length : end + 3
      return true
    }
    const closing = /<\/([A-Za-z][\w.:-]*)?\s*>/y
    closing.lastIndex = start
    const close = closing.exec(source)
    if (close) {
      this.position = closing.lastIndex
      if (close[1] === 'a' && this.anchor) {
        this.addLink(this.anchor.start, this.text.length, this.anchor.href)
        this.anchor = undefined
      }
      if (!inlineElements.has(close[1] ?? '')) this.text += '\n\n'
      return true
    }
    if (source.startsWith('<>', start)) {
      this.position += 2
      return true
    }
    const tag = parseOpenTag(source, start)
    if (!tag) return false
    this.position = tag.end
    this.openElement(tag)
    return true
  }

  private openElement(tag: OpenTag): void {
    const { name, attributes } = tag
    if (name === 'br') {
      this.text += '\n'
      return
    }
    if (name === 'img' || name === 'source' || name === 'input' || name === 'hr') return
    if (dropWithContent.has(name)) {
      if (!tag.selfClosing) this.skipElement(name)
      return
    }
    const snippet = this.imports.get(name)
    if (snippet !== undefined) {
      this.inlineSnippet(snippet)
      return
    }
    if (name === 'Update') {
      const label = textOf(attributes.get('label'))
      const description = textOf(attributes.get('description'))
      if (label) {
        this.flushText()
        this.blocks.push({ kind: 'heading', level: 2, text: label })
        if (description) this.text += `${description}\n\n`
        return
      }
    }
    // Inline elements (links, badges, tooltips) read as their children only; an `<a>`'s children
    // are its link text, up to its `</a>`.
    if (inlineElements.has(name)) {
      const href = name === 'a' && !tag.selfClosing ? textOf(attributes.get('href')) : undefined
      this.anchor = href ? { start: this.text.length, href } : undefined
      return
    }
    if (fieldComponents.has(name)) {
      const label = fieldLabel(attributes)
      this.text += label ? `\n\n${label}\n\n` : '\n\n'
      return
    }
    // A `<Card title="…" href="…">`: its title links where the card does.
    const parts = attributeParts(attributes)
    this.text += '\n\n'
    if (parts.length > 0) {
      const start = this.text.length
      this.text += parts.join(' — ')
      const href = textOf(attributes.get('href'))
      if (href) this.addLink(start, start + parts[0]!.length, href)
      this.text += '\n\n'
    }
  }

  private skipElement(name: string): void {
    const { source } = this
    const open = new RegExp(`<${escapeRegExp(name)}[\\s/>]|</${escapeRegExp(name)}\\s*>`, 'g')
    open.lastIndex = this.position
    let depth = 1
    for (let match = open.exec(source); match; match = open.exec(source)) {
      if (match[0].startsWith('</')) depth--
      else if (!isSelfClosingAt(source, match.index)) depth++
      if (depth === 0) {
        this.position = open.lastIndex
        return
      }
    }
    this.position = source.length
  }

  private inlineSnippet(specifier: string): void {
    if (this.depth >= maxSnippetDepth) return
    const snippet = this.options.resolveImport?.(specifier)
    if (snippet === undefined) return
    this.flushText()
    const nested = new MdxReducer(snippet.replace(/\r\n?/g, '\n'), this.options, this.depth + 1)
    this.blocks.push(...nested.run())
  }

  private flushText(): void {
    const raw = this.text
    const links = this.links
    this.text = ''
    this.links = []
    this.anchor = undefined
    const text = tidy(raw)
    if (!text) return
    const linked = linkedText(raw, links, text)
    const last = this.blocks.at(-1)
    if (last?.kind === 'text') {
      if (linked !== undefined || last.linked !== undefined) {
        last.linked = `${last.linked ?? last.text}\n\n${linked ?? text}`
      }
      last.text += `\n\n${text}`
    } else this.blocks.push({ kind: 'text', text, ...(linked !== undefined ? { linked } : {}) })
  }
}

/** Options for text inside a link: no links in it (a link in a link is not Markdown). */
function inlineOptions(options: ReduceMdxOptions): ReduceMdxOptions {
  if (options.route === undefined) return options
  const { route: _route, ...rest } = options
  return rest
}

function reduceInline(text: string, options: ReduceMdxOptions, depth: number): string {
  if (!/[<{`[\\!]/.test(text)) return text
  const blocks = new MdxReducer(text, options, depth).run()
  return blocks.map((block) => ('text' in block ? block.text : block.code)).join(' ')
}

/**
 * `import X from 'spec'` at `position`, over as many lines as it takes: what
 * `/^import\s*([\s\S]*?)\s*from\s*(['"])([^'"\n]+)\2[^\n]*\n?/` matched there (its end, the
 * specifier and the default import's name). The regex searched the rest of the page for a
 * `from` on every import line that had none; `nextFrom` finds it (the reducer remembers it).
 */
export function importStatement(
  source: string,
  position: number,
  nextFrom: (from: number) => ImportFrom | undefined = (from) => firstImportFrom(source, from),
): { end: number; specifier: string; defaultName?: string } | undefined {
  const clauseStart = whitespaceEnd(source, position + 'import'.length)
  const from = nextFrom(clauseStart)
  if (!from) return undefined
  let clauseEnd = from.at
  while (clauseEnd > clauseStart && isWhitespace(source.charCodeAt(clauseEnd - 1))) clauseEnd--
  const defaultName = /^([A-Za-z_$][\w$]*)/.exec(source.slice(clauseStart, clauseEnd))?.[1]
  return { end: from.end, specifier: from.specifier, ...(defaultName ? { defaultName } : {}) }
}

/** The first `from` at or after `position` that `importFromAt` accepts. */
function firstImportFrom(source: string, position: number): ImportFrom | undefined {
  for (let at = source.indexOf('from', position); at !== -1; at = source.indexOf('from', at + 1)) {
    const found = importFromAt(source, at)
    if (found) return found
  }
  return undefined
}

interface ImportFrom {
  /** Where `from` starts. */
  at: number
  specifier: string
  /** After the rest of the line and its newline. */
  end: number
}

/**
 * `from` at `at` followed by blanks, a quoted specifier (no quotes or newline inside) and the rest
 * of the line: the tail of the import regex, or undefined.
 */
function importFromAt(source: string, at: number): ImportFrom | undefined {
  const open = whitespaceEnd(source, at + 'from'.length)
  const quote = source[open]
  if (quote !== "'" && quote !== '"') return undefined
  let close = open + 1
  while (close < source.length && !`'"\n`.includes(source[close]!)) close++
  if (close === open + 1 || source[close] !== quote) return undefined
  const newline = source.indexOf('\n', close)
  return {
    at,
    specifier: source.slice(open + 1, close),
    end: newline === -1 ? source.length : newline + 1,
  }
}

/**
 * A fence opening line as `/^(`{3,}|~{3,})([^\n]*)$/m` read it: at the start of the line or after
 * a line separator in it, three or more backticks or tildes, and the rest of the line as info.
 */
export function fenceOpening(line: string): { marker: string; info: string } | undefined {
  for (let start = 0; start < line.length; start++) {
    const end = fenceRunEnd(line, start)
    if (end !== -1) return { marker: line.slice(start, end), info: line.slice(end) }
  }
  return undefined
}

/**
 * An ATX heading line as `/^(#{1,6})[ \t]+(.*?)[ \t#]*$/` read it: one to six `#`, blanks, then
 * the text without its closing blanks and hashes (a line with a line separator is no heading).
 */
export function atxHeading(line: string): { level: number; text: string } | undefined {
  let level = 0
  while (line.charCodeAt(level) === 0x23) level++
  let start = level
  while (line[start] === ' ' || line[start] === '\t') start++
  if (level === 0 || level > 6 || start === level) return undefined
  let end = line.length
  for (let index = start; index < end; index++) {
    if (isLineTerminator(line.charCodeAt(index))) return undefined
  }
  while (end > start && ' \t#'.includes(line[end - 1]!)) end--
  return { level, text: line.slice(start, end) }
}

/**
 * A heading's custom anchor, `Title {#anchor}`, as `/\s*\{#([\w-]+)\}\s*$/` found it: read back
 * from the end, where the regex tried every position of a long run of blanks.
 */
export function customAnchor(raw: string): { anchor: string; index: number } | undefined {
  let end = raw.length
  while (end > 0 && isWhitespace(raw.charCodeAt(end - 1))) end--
  if (raw[end - 1] !== '}') return undefined
  let start = end - 1
  while (start > 0 && (isWordChar(raw.charCodeAt(start - 1)) || raw[start - 1] === '-')) start--
  if (start === end - 1 || raw[start - 1] !== '#' || raw[start - 2] !== '{') return undefined
  let index = start - 2
  while (index > 0 && isWhitespace(raw.charCodeAt(index - 1))) index--
  return { anchor: raw.slice(start, end - 1), index }
}

/**
 * `text.replace(/\{[^}]*\}/g, '')`: each `{` to the next `}` removed. Found with `indexOf`: the
 * regex rescanned the rest of the text from every `{` of a run with no `}` after it.
 */
export function withoutBraced(text: string): string {
  return withoutDelimited(text, '{', '}', { nonEmpty: false })
}

/** Parses `<Name attr="x" attr={y} flag>` or `.../>`; undefined when it is not a tag. */
function parseOpenTag(source: string, start: number): OpenTag | undefined {
  const head = /<([A-Za-z][\w.:-]*)(?=[\s/>])/y
  head.lastIndex = start
  const match = head.exec(source)
  const name = match?.[1]
  // `<YOUR_API_KEY>` and similar placeholders are prose, not elements.
  if (!name || (name.includes('_') && name === name.toUpperCase())) return undefined
  const attributes = new Map<string, AttributeValue>()
  let i = head.lastIndex
  const limit = Math.min(source.length, start + 20_000)
  while (i < limit) {
    const char = source[i]
    if (char === undefined) return undefined
    if (char === ' ' || char === '\t' || char === '\n') {
      i++
      continue
    }
    if (char === '>') return { name, attributes, selfClosing: false, end: i + 1 }
    if (char === '/' && source[i + 1] === '>')
      return { name, attributes, selfClosing: true, end: i + 2 }
    if (char === '{') {
      // `{...props}` spread.
      const end = findBalanced(source, i, '{', '}')
      if (end === -1) return undefined
      i = end + 1
      continue
    }
    const attribute = /([^\s=/>{}"']+)/y
    attribute.lastIndex = i
    const key = attribute.exec(source)?.[1]
    if (!key) return undefined
    i = attribute.lastIndex
    while (source[i] === ' ' || source[i] === '\t') i++
    if (source[i] !== '=') {
      attributes.set(key, true)
      continue
    }
    i++
    while (source[i] === ' ' || source[i] === '\t' || source[i] === '\n') i++
    const quote = source[i]
    if (quote === '"' || quote === "'") {
      const end = source.indexOf(quote, i + 1)
      if (end === -1) return undefined
      attributes.set(key, source.slice(i + 1, end))
      i = end + 1
    } else if (quote === '{') {
      const end = findBalanced(source, i, '{', '}')
      if (end === -1) return undefined
      const expression = source.slice(i + 1, end).trim()
      const literal = /^(['"`])([\s\S]*)\1$/.exec(expression)
      attributes.set(key, literal ? literal[2] : expression === 'true' ? true : undefined)
      i = end + 1
    } else {
      const bare = /[^\s>]+/y
      bare.lastIndex = i
      const value = bare.exec(source)?.[0]
      if (!value) return undefined
      attributes.set(key, value.replace(/\/$/, ''))
      i = bare.lastIndex - (value.endsWith('/') ? 1 : 0)
    }
  }
  return undefined
}

/** Index of the bracket closing the one at `start`, skipping strings; -1 if unbalanced. */
function findBalanced(source: string, start: number, open: string, close: string): number {
  let depth = 0
  for (let i = start; i < source.length; i++) {
    const char = source[i]
    if (char === open) depth++
    else if (char === close) {
      depth--
      if (depth === 0) return i
    } else if (char === '"' || char === "'" || char === '`') {
      const end = source.indexOf(char, i + 1)
      // An apostrophe in prose inside the expression: treat it as a plain character.
      if (end !== -1 && (char === '`' || !source.slice(i, end).includes('\n'))) i = end
    }
  }
  return -1
}

function isSelfClosingAt(source: string, index: number): boolean {
  const tag = parseOpenTag(source, index)
  return tag?.selfClosing ?? false
}

/** The attributes that carry reading text, in `textAttributes` order (shown joined by ' — '). */
function attributeParts(attributes: Map<string, AttributeValue>): string[] {
  const parts: string[] = []
  for (const key of textAttributes) {
    const value = textOf(attributes.get(key))
    if (value) parts.push(value)
  }
  return parts
}

/** `ParamField path="voice_id" type="str" required` → "voice_id (str, required)". */
function fieldLabel(attributes: Map<string, AttributeValue>): string {
  let name: string | undefined
  for (const key of fieldLocations) {
    name = textOf(attributes.get(key))
    if (name) break
  }
  const details: string[] = []
  const type = textOf(attributes.get('type'))
  if (type) details.push(type)
  if (attributes.get('required') === true || attributes.get('required') === 'true') {
    details.push('required')
  }
  const fallback = textOf(attributes.get('default'))
  if (fallback) details.push(`default: ${fallback}`)
  if (attributes.get('deprecated') === true) details.push('deprecated')
  if (!name) return details.join(', ')
  return details.length > 0 ? `${name} (${details.join(', ')})` : name
}

function textOf(value: AttributeValue): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

function dedent(line: string, indent: number): string {
  let i = 0
  while (i < indent && (line[i] === ' ' || line[i] === '\t')) i++
  return line.slice(i)
}

/** Trims the indentation JSX nesting leaves behind and collapses blank runs. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.trim().replace(/[ \t]{2,}/g, ' '))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

interface TextLink {
  /** The link's text in the reducer's text: `[start, end)`. */
  start: number
  end: number
  /** Resolved and checked by `docsLinkTarget`. */
  target: string
}

/**
 * Markdown links and images, `[text](target "title")`, as
 * `/\[((?:[^\]\n]|\n(?!\n))*)\]\(([^)\s]*(?:\s+"[^"]*")?)\)/y` read them at a `[`: the text up to
 * the first `]` (wrapping lines, not across a blank line), then the target. The regex scanned on
 * to the end of the page from every `[` of a run with no `]` (10,000 `[` took 0.3 s, 40,000 took
 * 3.7 s), and from every `[a](` of a run with no `)`. Each scan below remembers how far it found
 * nothing, and `[`s are read in order, so a page is scanned once for each kind of stop.
 */
class LinkScanner {
  private readonly closeBracket: NextStop
  private readonly blankLine: NextStop
  private readonly targetEnd: NextStop
  private readonly blanksEnd: NextStop
  private readonly quote: NextStop

  constructor(private readonly source: string) {
    this.closeBracket = new NextStop(source, (code) => code === 0x5d)
    this.blankLine = new NextStop(
      source,
      (code, at) => code === 0x0a && source.charCodeAt(at + 1) === 0x0a,
    )
    this.targetEnd = new NextStop(source, (code) => code === 0x29 || isWhitespace(code))
    this.blanksEnd = new NextStop(source, (code) => !isWhitespace(code))
    this.quote = new NextStop(source, (code) => code === 0x22)
  }

  /** The link whose `[` is at `open`, or undefined. */
  linkAt(
    open: number,
  ): { textStart: number; textEnd: number; targetEnd: number; end: number } | undefined {
    const { source } = this
    const close = this.closeBracket.from(open + 1)
    if (close >= source.length || this.blankLine.from(open + 1) < close) return undefined
    if (source.charCodeAt(close + 1) !== 0x28) return undefined
    const targetEnd = this.targetEnd.from(close + 2)
    const stop = source.charCodeAt(targetEnd)
    if (stop === 0x29) return { textStart: open + 1, textEnd: close, targetEnd, end: targetEnd + 1 }
    if (targetEnd >= source.length) return undefined
    // Blanks, then a quoted title, then `)`.
    const title = this.blanksEnd.from(targetEnd)
    if (source.charCodeAt(title) !== 0x22) return undefined
    const titleEnd = this.quote.from(title + 1)
    if (titleEnd >= source.length || source.charCodeAt(titleEnd + 1) !== 0x29) return undefined
    return { textStart: open + 1, textEnd: close, targetEnd, end: titleEnd + 2 }
  }
}

/**
 * The first index at or after a position where `stop` holds (the text's length if none),
 * remembering the last answer: a later search from inside the range it covered has it.
 */
class NextStop {
  private searchedFrom = -1
  private found = -1

  constructor(
    private readonly source: string,
    private readonly stop: (code: number, at: number) => boolean,
  ) {}

  from(position: number): number {
    if (position >= this.searchedFrom && position <= this.found) return this.found
    let at = position
    while (at < this.source.length && !this.stop(this.source.charCodeAt(at), at)) at++
    this.searchedFrom = position
    this.found = at
    return at
  }
}

/** Link text longer than this stays plain text: no docs link reads like a paragraph. */
const maxLinkTextChars = 500
/** Link targets longer than this stay plain text (core's URL policy caps at 4,096). */
const maxLinkTargetChars = 2_048
const probeOrigin = 'https://docs.invalid'

/**
 * `text` (the tidied `raw`) with `links` as Markdown links, or undefined when none is kept. Each
 * link wraps non-blank text on one line, so the result has the same lines as `text`, blank where
 * it is blank: an answer can quote a block of `text` and show the same lines of this.
 */
function linkedText(raw: string, links: readonly TextLink[], text: string): string | undefined {
  if (links.length === 0) return undefined
  // `<a>` links are recorded at their `</a>`, after the Markdown links inside them.
  const ordered = [...links].sort((a, b) => a.start - b.start)
  let out = ''
  let at = 0
  let kept = 0
  for (const link of ordered) {
    let { start, end } = link
    while (start < end && isWhitespace(raw.charCodeAt(start))) start++
    while (end > start && isWhitespace(raw.charCodeAt(end - 1))) end--
    if (start < at || !isLinkText(raw, start, end)) continue
    out += `${raw.slice(at, start)}[${raw.slice(start, end)}](${link.target})`
    at = end
    kept++
  }
  if (kept === 0) return undefined
  const linked = tidy(out + raw.slice(at))
  return lineCount(linked) === lineCount(text) ? linked : undefined
}

function lineCount(text: string): number {
  let count = 1
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++
  return count
}

/**
 * Whether `raw[start, end)` can be a Markdown link's text as written: one line, no brackets or
 * backslashes (they would end or escape the link), code spans closed, and not a bare number,
 * which clients read as a citation (`[2](/page)`).
 */
function isLinkText(raw: string, start: number, end: number): boolean {
  if (end <= start || end - start > maxLinkTextChars) return false
  let ticks = 0
  let digits = true
  for (let at = start; at < end; at++) {
    const code = raw.charCodeAt(at)
    if (code < 0x20 || code === 0x5b || code === 0x5d || code === 0x5c) return false
    if (code === 0x60) ticks++
    if (code < 0x30 || code > 0x39) digits = false
  }
  return !digits && ticks % 2 === 0
}

/** Printable ASCII but for blanks, quotes, backslashes and angle brackets: a target as written. */
function isUrlText(value: string): boolean {
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at)
    if (code <= 0x20 || code >= 0x7f) return false
    if (code === 0x22 || code === 0x3c || code === 0x3e || code === 0x5c || code === 0x60) {
      return false
    }
  }
  return true
}

/**
 * Where a docs link goes, as an answer may link it, or undefined (the link is then its text):
 * a site path (`/x/y`), a path relative to the page (`./y`, `../y`, resolved against `route` as
 * a browser on that page would) or an anchor of the page (`#z`), and http(s) URLs. Nothing else:
 * no `javascript:`, `data:`, `mailto:`, protocol-relative `//host`, backslashes (browsers read
 * `/\host` as `//host`), controls, blanks or non-ASCII, nothing over `maxLinkTargetChars`. What
 * is kept passes core's URL policy too, which every client renders answer links through.
 */
function docsLinkTarget(href: string, route: string): string | undefined {
  // The length first: nothing below reads a longer target.
  if (href.length === 0 || href.length > maxLinkTargetChars || !isUrlText(href)) return undefined
  let target: string
  if (href[0] === '#') {
    if (href.length === 1) return undefined
    target = `${route}${href}`
  } else if (href[0] === '/') {
    if (href[1] === '/') return undefined
    target = href
  } else if (href.startsWith('./') || href.startsWith('../')) {
    let resolved: URL
    try {
      resolved = new URL(href, `${probeOrigin}${route}`)
    } catch {
      return undefined
    }
    if (resolved.origin !== probeOrigin) return undefined
    target = resolved.pathname + resolved.search + resolved.hash
  } else if (/^https?:\/\//i.test(href)) {
    let url: URL
    try {
      url = new URL(href)
    } catch {
      return undefined
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname) return undefined
    target = url.href
  } else {
    return undefined
  }
  if (target.startsWith('//') || target.length > maxLinkTargetChars || !isUrlText(target)) {
    return undefined
  }
  // A parenthesis would end the Markdown link early; encoded, it is the same URL.
  target = target.replaceAll('(', '%28').replaceAll(')', '%29')
  return toSafeUrl(target) ? target : undefined
}
