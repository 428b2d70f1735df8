import { DATA_LIMITS } from './docs-limits'
import { toSafeUrl } from './url-policy'

/*
 * One numbering of an answer's citations for every place it shows: the chips in the answer, its
 * Sources list, Copy and the conversation export. Answers cite retrieval results by their own
 * numbers (`[4](/page#section)`); a page cited through several sections is still one source, and
 * the reader's numbers are the positions in the list of cited pages.
 */

/** A source as an answer lists it; `url: null` (refused by the URL policy) shows as text. */
export interface CitedSource {
  title?: string | undefined
  url: string | null
}

function pageOf(url: string): string {
  const hash = url.indexOf('#')
  return hash === -1 ? url : url.slice(0, hash)
}

// A link's destination as the answer writes it: `](href` (optionally `<href>`). Bounded runs, so
// the scan stays linear on hostile text (a 100k run of `](` or of URL characters).
const LINK =
  /\[([^[\]\n]{0,200})\]\(\s{0,8}<?([^()\s<>]{1,2048})>?(\s{0,8}"[^"\n]{0,500}")?\s{0,8}\)/g
const FENCE = /^ {0,3}(`{3,}|~{3,})/

/** The page (URL without its `#section`) a link resolves to under `docsBaseUrl`, or `null`. */
function linkedPage(href: string, docsBaseUrl: string | undefined): string | null {
  const safe = toSafeUrl(href, { docsBaseUrl })
  return safe ? pageOf(safe.href) : null
}

/** `text` cut to the answer cap, then its lines outside fenced code (links inside code are code). */
function proseLines(text: string, visit: (line: string) => string): string {
  const capped =
    text.length > DATA_LIMITS.answerChars ? text.slice(0, DATA_LIMITS.answerChars) : text
  let fence: string | undefined
  return capped
    .split('\n')
    .map((line) => {
      const opening = FENCE.exec(line)?.[1]
      if (fence) {
        if (opening && opening[0] === fence[0] && opening.length >= fence.length) fence = undefined
        return line
      }
      if (opening) {
        fence = opening
        return line
      }
      return visit(line)
    })
    .join('\n')
}

/**
 * The Sources an answer shows: each page once (its first section's URL stays), and only the pages
 * the answer links to when it links to any of them (retrieval returns more than an answer uses;
 * an answer that cites none inline, as some models write, keeps them all). Source URLs are taken
 * as given (already through the URL policy); links in `text` resolve under `docsBaseUrl`.
 */
export function citedPages<T extends CitedSource>(
  text: string,
  sources: readonly T[],
  docsBaseUrl?: string,
): T[] {
  const seen = new Set<string>()
  const pages = sources.filter((source) => {
    if (source.url === null) return true
    const page = pageOf(source.url)
    if (seen.has(page)) return false
    seen.add(page)
    return true
  })
  if (pages.length === 0) return pages
  const linked = new Set<string>()
  proseLines(text, (line) => {
    for (const match of line.matchAll(LINK)) {
      const page = linkedPage(match[2]!, docsBaseUrl)
      if (page) linked.add(page)
    }
    return line
  })
  const isCited = (source: T) => source.url !== null && linked.has(pageOf(source.url))
  // A source whose link was refused shows as text either way: nothing tells if it was cited.
  return pages.some(isCited) ? pages.filter((s) => s.url === null || isCited(s)) : pages
}

/**
 * The reader's number for a citation linking to `href`: its page's position in `pages` (from
 * `citedPages`) plus one, or `undefined` when no listed page is that one.
 */
export function citationNumber(
  href: string,
  pages: readonly CitedSource[],
  docsBaseUrl?: string,
): number | undefined {
  const page = linkedPage(href, docsBaseUrl)
  if (page === null) return undefined
  const position = pages.findIndex((source) => source.url !== null && pageOf(source.url) === page)
  return position === -1 ? undefined : position + 1
}

/**
 * The answer's Markdown numbered as the reader saw it: a citation (`[4](/page#s)`, a bare number)
 * takes its page's number in `pages`; a number that matches no listed page is kept. Every link
 * outside code resolves under `linkBase` (give an absolute URL and the text works pasted anywhere);
 * a link the URL policy refuses becomes its text.
 */
export function numberCitations(
  text: string,
  pages: readonly CitedSource[],
  options: { docsBaseUrl?: string | undefined; linkBase?: string | undefined } = {},
): string {
  const { docsBaseUrl, linkBase = docsBaseUrl } = options
  return proseLines(text, (line) =>
    line.replace(LINK, (_whole, label: string, href: string, title = '') => {
      const target = toSafeUrl(href, { docsBaseUrl: linkBase })?.href
      if (!target) return label
      const cited = /^\d{1,4}$/.test(label.trim())
      const number = cited ? citationNumber(href, pages, docsBaseUrl) : undefined
      return `[${number ?? label}](${target}${title})`
    }),
  )
}
