/**
 * Typed helpers for AI SDK v5+ UI messages from DocChat's transport (`createDocsChatTransport`):
 * the sources an answer used, its text without the ```suggestions block, and those suggestions.
 *
 * TEMPORARY HOME: these belong in @docchat/core next to the transport (issue 22); they live in the
 * example until the core engine work lands, with the API core will export. They read messages
 * structurally, so a `UIMessage` of any AI SDK major (ai 5, 6, 7) fits, and they never import `ai`.
 *
 * Everything they read is data from the API or the model: text is cut to `DATA_LIMITS.answerChars`
 * before any regular expression runs on it, labels to `DATA_LIMITS.labelChars`, and every URL goes
 * through core's URL policy (`resolveDocsUrl`): `url` is `null` when it is refused.
 */
import { DATA_LIMITS, resolveDocsUrl } from '@docchat/core'

/** What these helpers read of a UI message: a `UIMessage` of any AI SDK major is one. */
export interface UIMessageLike {
  readonly parts: ReadonlyArray<{ readonly type: string }>
}

export interface UIMessageLinkOptions {
  /** Where your docs live: relative paths from the API resolve under it. */
  docsBaseUrl?: string | undefined
}

export interface UIMessageSource {
  /** Through core's URL policy, under `docsBaseUrl` when given; `null` when refused (show the title as text). */
  url: string | null
  title: string
  /** The path or URL as the API sent it. */
  path: string
  /** `'search'`: a result of the assistant's `search` tool; `'source-url'`: a `source-url` part. */
  origin: 'search' | 'source-url'
}

export interface UIMessageSuggestion {
  text: string
  /** Through core's URL policy, like a source's; `null` when refused (suggestions are model output). */
  url: string | null
  /** The link as written in the answer. */
  path: string
}

/** Search results read from one `search` tool output; the rest are not sources anyone reads. */
const MAX_SEARCH_HITS = 50

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

const label = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim()
    ? value.trim().slice(0, DATA_LIMITS.labelChars)
    : undefined

/** The message's text parts, joined, cut to `DATA_LIMITS.answerChars`. */
export function getUIMessageText(message: UIMessageLike): string {
  let text = ''
  for (const part of message.parts) {
    if (part.type !== 'text') continue
    const value = (part as { text?: unknown }).text
    if (typeof value === 'string') text += value
    if (text.length >= DATA_LIMITS.answerChars) return text.slice(0, DATA_LIMITS.answerChars)
  }
  return text
}

// The opening fence of a ```suggestions block, through its closing fence or the end of a message
// still streaming, so a half-received block never flashes in the answer. Linear: one lazy scan
// from the first opening fence.
const suggestionsBlock =
  /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*suggestions[ \t]*\n([\s\S]*?)(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/

const MAX_LINE = DATA_LIMITS.urlChars + DATA_LIMITS.labelChars

/**
 * One suggestion line: Mintlify's reversed form `(Text)[/path]`, or Markdown's `[Text](/path)`
 * for tolerance, optionally as a list item. Read by position (the last `)[` or `](`), not by a
 * backtracking regex, so a title may hold brackets and a long line costs one pass.
 */
function suggestionLink(line: string): { text: string; path: string } | undefined {
  if (line.length > MAX_LINE) return undefined
  const item = line.trim().replace(/^[-*]\s+/, '')
  const [open, middle, close] = item.startsWith('(') ? ['(', ')[', ']'] : ['[', '](', ')']
  if (!item.startsWith(open) || !item.endsWith(close)) return undefined
  const split = item.lastIndexOf(middle)
  if (split < 1) return undefined
  return { text: item.slice(1, split), path: item.slice(split + 2, -1).trim() }
}

/** The answer's text without the ```suggestions block, for display (also while it streams). */
export function getUIMessageDisplayText(message: UIMessageLike): string {
  const text = getUIMessageText(message)
  const match = suggestionsBlock.exec(text)
  if (!match) return text
  const before = text.slice(0, match.index).trimEnd()
  const after = text.slice(match.index + match[0].length).trim()
  return [before, after].filter(Boolean).join('\n\n')
}

/** The pages the answer's ```suggestions block links to (`(Text)[/path]` lines). */
export function getUIMessageSuggestions(
  message: UIMessageLike,
  options: UIMessageLinkOptions = {},
): UIMessageSuggestion[] {
  const match = suggestionsBlock.exec(getUIMessageText(message))
  if (!match) return []
  const suggestions: UIMessageSuggestion[] = []
  for (const line of (match[3] ?? '').split('\n')) {
    const link = suggestionLink(line)
    const text = label(link?.text)
    const path = link?.path
    if (!text || !path) continue
    suggestions.push({ text, path, url: resolveDocsUrl(path, options.docsBaseUrl) })
  }
  return suggestions
}

/**
 * The pages an answer used, each once (by URL), in order: the results of the assistant's `search`
 * tool (a `dynamic-tool` part from the transport, or a typed `tool-search` part) and `source-url`
 * parts.
 */
export function getUIMessageSources(
  message: UIMessageLike,
  options: UIMessageLinkOptions = {},
): UIMessageSource[] {
  const sources: UIMessageSource[] = []
  const seen = new Set<string>()
  const add = (path: unknown, title: unknown, origin: UIMessageSource['origin']) => {
    if (typeof path !== 'string' || !path || path.length > DATA_LIMITS.urlChars) return
    const url = resolveDocsUrl(path, options.docsBaseUrl)
    const key = url ?? path
    if (seen.has(key)) return
    seen.add(key)
    sources.push({
      url,
      title: label(title) ?? url ?? path.slice(0, DATA_LIMITS.labelChars),
      path,
      origin,
    })
  }
  for (const part of message.parts as ReadonlyArray<Record<string, unknown>>) {
    if (part.type === 'source-url') {
      add(part.url, part.title, 'source-url')
      continue
    }
    const isSearch =
      (part.type === 'dynamic-tool' && part.toolName === 'search') || part.type === 'tool-search'
    if (!isSearch || part.state !== 'output-available' || !Array.isArray(part.output)) continue
    for (const hit of part.output.slice(0, MAX_SEARCH_HITS)) {
      if (!isRecord(hit)) continue
      add(hit.path, isRecord(hit.metadata) ? hit.metadata.title : undefined, 'search')
    }
  }
  return sources
}
