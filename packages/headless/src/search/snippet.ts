import { DATA_LIMITS } from '@docchat/core'
import { type MarkdownBlock, parseMarkdownBlocks } from '../markdown/blocks'
import { type InlineNode, parseInline } from '../markdown/inline'
import { queryWords } from './search-terms'

/**
 * Search results carry the indexed markdown of a section. A reader wants its words: fences,
 * tables, emphasis markers, link targets and MDX tags are noise in a one-line snippet, while inline
 * code is meaningful and keeps its own look. The answers' markdown parser (linear on hostile
 * input) reads the structure; this keeps the words.
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
const maxInput = DATA_LIMITS.snippetChars
// MDX/HTML tags inside text (raw HTML stays text in the markdown parser). Bounded, so linear.
const tag = /<\/?[A-Za-z][^<>]{0,200}>/g
// A line that is not prose: an MDX import/export or a link reference definition. Tested on one
// line at a time (a multiline `^\s*` ran on through every following blank line, per line).
const notProseLine = /^[ \t]*(?:(?:import|export)\s|\[[^\]]{1,100}\]:\s)/

/** `markdown` without its import/export and definition lines. */
function withoutNotProse(markdown: string): string {
  const lines = markdown.split('\n')
  let changed = false
  for (let index = 0; index < lines.length; index++) {
    if (notProseLine.test(lines[index]!)) {
      lines[index] = ''
      changed = true
    }
  }
  return changed ? lines.join('\n') : markdown
}

/** Collects parts, merging neighbours of the same kind; a pending space joins blocks. */
function partsCollector() {
  const parts: SnippetPart[] = []
  let space = false
  return {
    parts,
    space() {
      space = parts.length > 0
    },
    push(text: string, code = false) {
      if (!text.trim()) {
        if (text) space = parts.length > 0
        return
      }
      const last = parts[parts.length - 1]
      const gap = space ? ' ' : ''
      space = false
      if (last && Boolean(last.code) === code) last.text += gap + text
      else if (code) {
        // The space between prose and code belongs to the prose, so code keeps its own edges.
        if (last) last.text += gap
        parts.push({ text, code: true })
      } else parts.push({ text: gap + text })
    },
  }
}

type Collector = ReturnType<typeof partsCollector>

function inlineParts(nodes: InlineNode[], out: Collector): void {
  for (const node of nodes) {
    if (node.type === 'text') out.push(node.value.replace(tag, ' ').replace(/\s+/g, ' '))
    else if (node.type === 'code') out.push(node.value.replace(/\s+/g, ' ').trim(), true)
    else if (node.type === 'image') out.push(node.alt)
    else if (node.type === 'break') out.space()
    else inlineParts(node.children, out)
  }
}

function blockParts(blocks: MarkdownBlock[], out: Collector): void {
  for (const block of blocks) {
    out.space()
    if (block.type === 'paragraph' || block.type === 'heading') {
      inlineParts(parseInline(block.text), out)
    } else if (block.type === 'code') {
      out.push(block.code.replace(/\s+/g, ' ').trim(), true)
    } else if (block.type === 'list') {
      for (const item of block.items) blockParts(item, out)
    } else if (block.type === 'blockquote') {
      blockParts(block.children, out)
    } else if (block.type === 'table') {
      // Cells read as one list: "Option · Default · theme · light".
      ;[block.header, ...block.rows].flat().forEach((cell, index) => {
        if (index > 0) out.push(' · ')
        inlineParts(parseInline(cell), out)
      })
    }
  }
}

/**
 * The content of a search result as clean snippet parts, through the same linear markdown parser
 * the answers use; read from at most `DATA_LIMITS.answerChars` characters.
 */
export function cleanSnippetParts(markdown: string): SnippetPart[] {
  const out = partsCollector()
  // Capped like an answer (DATA_LIMITS.answerChars) before it is read.
  const text =
    markdown.length > DATA_LIMITS.answerChars
      ? markdown.slice(0, DATA_LIMITS.answerChars)
      : markdown
  blockParts(parseMarkdownBlocks(withoutNotProse(text)), out)
  return out.parts
}

/** Index in `text` of the first word starting with a query term of 2+ characters, or -1. */
function firstMatch(text: string, query: string): number {
  const lower = text.toLowerCase()
  let best = -1
  for (const word of queryWords(query)) {
    if (word.length < 3) continue
    let from = 0
    while (from < lower.length) {
      const at = lower.indexOf(word, from)
      if (at === -1) break
      if (!/[\p{L}\p{N}]/u.test(lower[at - 1] ?? '')) {
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
  // A snippet shows one line: a section's first few thousand characters hold it and its match,
  // and the cap keeps hostile content (a megabyte of backticks) from costing a keystroke.
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
