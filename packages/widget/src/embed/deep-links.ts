import { DOCS_LIMITS } from '@docchat/core'

/**
 * Deep links: `?assistant=<question>` opens the assistant and asks, `#docchat-search=<query>` opens
 * search prefilled. Plain DOM and no framework, so the drop-in's first file can act on them before
 * the panel code arrives, and `DocChatWidget` uses the same rules.
 */
export interface DeepLinkOptions {
  /** Query parameter carrying a question. Defaults to `'assistant'`. */
  assistantParam?: string | null
  /** Hash key carrying a search query (`#docchat-search=…`). Defaults to `'docchat-search'`. */
  searchHash?: string | null
}

export interface DeepLinkConfig {
  assistantParam: string
  searchHash: string
}

export type DeepLink = { view: 'assistant'; question: string } | { view: 'search'; query: string }

const defaultDeepLinks: DeepLinkConfig = {
  assistantParam: 'assistant',
  searchHash: 'docchat-search',
}

/** `false` turns deep links off; `true`, `undefined` or an object turn them on. */
export function resolveDeepLinks(
  option: boolean | DeepLinkOptions | null | undefined,
): DeepLinkConfig | undefined {
  if (option === false) return undefined
  const custom = option && typeof option === 'object' ? option : {}
  return {
    assistantParam: custom.assistantParam?.trim() || defaultDeepLinks.assistantParam,
    searchHash: custom.searchHash?.trim() || defaultDeepLinks.searchHash,
  }
}

/**
 * Longest address read for a deep link, checked before it is parsed: a question at the API's
 * limit, percent-encoded (up to 9 characters per character), fits; a multi-megabyte URL is not read.
 */
// A literal: DOCS_LIMITS would pull the whole table into the drop-in's first file (the test
// holds it above the API's question limit, encoded).
export const maxDeepLinkHrefChars = 160_000

// A link is text someone else wrote: collapse whitespace and control characters (no hidden
// newlines or bidi tricks reach the question) and cap it where the API would refuse it anyway.
// Cut before the regex runs: a collapsed run never yields more than one character per input one.
function plainText(value: string | null, maxChars: number): string {
  if (!value) return ''
  return value
    .slice(0, 4 * maxChars)
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim()
    .slice(0, maxChars)
    .trim()
}

function hashValue(hash: string, key: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return params.has(key) ? params.get(key) : null
}

/** The deep link in `href`, if any; the question wins when a URL carries both. */
export function readDeepLink(config: DeepLinkConfig, href: string): DeepLink | undefined {
  if (href.length > maxDeepLinkHrefChars) return undefined
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return undefined
  }
  const question = plainText(url.searchParams.get(config.assistantParam), DOCS_LIMITS.questionChars)
  if (question) return { view: 'assistant', question }
  const query = plainText(hashValue(url.hash, config.searchHash), DOCS_LIMITS.queryChars)
  if (query) return { view: 'search', query }
  return undefined
}

/** `href` without the deep link's parameter and hash key; other parameters stay. */
export function withoutDeepLink(config: DeepLinkConfig, href: string): string {
  const url = new URL(href)
  url.searchParams.delete(config.assistantParam)
  if (hashValue(url.hash, config.searchHash) !== null) {
    const params = new URLSearchParams(url.hash.replace(/^#/, ''))
    params.delete(config.searchHash)
    const rest = params.toString()
    url.hash = rest ? `#${rest}` : ''
  }
  return url.toString()
}

/**
 * Reads the page's deep link and takes it out of the address bar with `history.replaceState`, so
 * a reload or a second widget on the page doesn't act on it again.
 */
export function takeDeepLink(config: DeepLinkConfig | undefined): DeepLink | undefined {
  if (!config || typeof location === 'undefined') return undefined
  const link = readDeepLink(config, location.href)
  if (!link) return undefined
  try {
    history.replaceState(history.state, '', withoutDeepLink(config, location.href))
  } catch {
    // A sandboxed frame may refuse; asking once per load is still better than not at all.
  }
  return link
}

/**
 * Whether `href` carries a deep link worth loading the panel code for: a cheap look for a
 * non-blank value, for the drop-in's first file. `readDeepLink` (in the panel chunk) decides what
 * it says.
 */
export function mayHaveDeepLink(
  config: DeepLinkConfig | undefined,
  href: string,
  search = true,
): boolean {
  if (!config || href.length > maxDeepLinkHrefChars) return false
  const url = new URL(href)
  return Boolean(
    url.searchParams.get(config.assistantParam)?.trim() ||
      (search && hashValue(url.hash, config.searchHash)?.trim()),
  )
}

/** A link to `page` that asks `question` when opened: what the answer's share action copies. */
export function shareLink(config: DeepLinkConfig, question: string, page: string): string {
  const url = new URL(page)
  url.hash = ''
  url.searchParams.set(config.assistantParam, plainText(question, DOCS_LIMITS.questionChars))
  return url.toString()
}
