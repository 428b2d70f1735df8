/**
 * Typed helpers for AI SDK v5+ UI messages from DocChat's transport (`createDocsChatTransport`):
 * the sources an answer used, its text without the ```suggestions block, and those suggestions.
 * They read messages structurally, so a `UIMessage` of any AI SDK major (ai 5, 6, 7) fits, and
 * they never import `ai`.
 *
 * Everything they read is data from the API or the model: text is cut to `DATA_LIMITS.answerChars`
 * before any regular expression runs on it, labels to `DATA_LIMITS.labelChars`, and every URL goes
 * through core's URL policy (`resolveDocsUrl`): `url` is `null` when it is refused.
 */
import { DATA_LIMITS } from './docs-limits'
import { type MessageSuggestion, readSuggestions, withoutSuggestions } from './suggestions'
import { resolveDocsUrl } from './url-policy'

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

/** A page the answer's ```suggestions block links to. */
export type UIMessageSuggestion = MessageSuggestion

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

/** The answer's text without the ```suggestions block, for display (also while it streams). */
export function getUIMessageDisplayText(message: UIMessageLike): string {
  return withoutSuggestions(getUIMessageText(message))
}

/** The pages the answer's ```suggestions block links to (`(Text)[/path]` lines). */
export function getUIMessageSuggestions(
  message: UIMessageLike,
  options: UIMessageLinkOptions = {},
): UIMessageSuggestion[] {
  return readSuggestions(getUIMessageText(message), options.docsBaseUrl)
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
