import { resolveDocsUrl } from '@docchat/core'

/** The search result shape of `@docchat/core` (`SearchResult`), kept structural here. */
export interface SearchResultLike {
  content: string
  path: string
  metadata: {
    title?: string | undefined
    breadcrumbs?: string[] | undefined
    section?: string | undefined
    anchor?: string | undefined
    [key: string]: unknown
  }
}

export interface SearchResultGroup<TResult extends SearchResultLike = SearchResultLike> {
  /** The page path, also a stable key. */
  path: string
  /** The page title (first result's title, else the path). */
  title: string
  results: Array<SearchResultItem<TResult>>
}

export interface SearchResultItem<TResult extends SearchResultLike = SearchResultLike> {
  /** `path#anchor` — unique within the results and usable as an option value. */
  id: string
  /**
   * Link target: the path plus `#anchor` when there is one, resolved under `docsBaseUrl` (keeping
   * its base path) by core's URL policy. `null` when the policy refuses the path (`javascript:`,
   * `//host`, …): show the result as text and never navigate to it.
   */
  href: string | null
  title: string
  /** Section trail under the page, e.g. `['Guides', 'Auth', 'Tokens']`. */
  breadcrumbs: string[]
  result: TResult
}

/**
 * Groups results by page, keeping the order in which pages first appear (best-ranked first), and
 * drops exact duplicates (same path and anchor).
 */
export function groupSearchResults<TResult extends SearchResultLike>(
  results: readonly TResult[],
  options: { docsBaseUrl?: string } = {},
): Array<SearchResultGroup<TResult>> {
  const groups = new Map<string, SearchResultGroup<TResult>>()
  const seen = new Set<string>()
  for (const result of results) {
    // A server that links each result to its section sends `path: '/page#anchor'` and names the
    // page in `metadata.page`: group by that page, and keep the section link as it is.
    const page = result.metadata.page
    const sectionLink =
      typeof page === 'string' && page && result.path.startsWith(`${page}#`) ? page : undefined
    const pagePath = sectionLink ?? result.path
    const anchor = result.metadata.anchor?.replace(/^#/, '')
    const id = sectionLink ? result.path : anchor ? `${result.path}#${anchor}` : result.path
    if (seen.has(id)) continue
    seen.add(id)
    let group = groups.get(pagePath)
    if (!group) {
      group = { path: pagePath, title: result.metadata.title || pagePath, results: [] }
      groups.set(pagePath, group)
    }
    const breadcrumbs = result.metadata.breadcrumbs ?? []
    const title = result.metadata.section || breadcrumbs[breadcrumbs.length - 1] || group.title
    group.results.push({
      id,
      href: resolveDocsUrl(id, options.docsBaseUrl),
      title,
      breadcrumbs,
      result,
    })
  }
  return Array.from(groups.values())
}
