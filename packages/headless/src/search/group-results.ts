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
  /** Link target: the path plus `#anchor` when there is one, resolved against `docsBaseUrl`. */
  href: string
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
    const anchor = result.metadata.anchor?.replace(/^#/, '')
    const id = anchor ? `${result.path}#${anchor}` : result.path
    if (seen.has(id)) continue
    seen.add(id)
    let group = groups.get(result.path)
    if (!group) {
      group = { path: result.path, title: result.metadata.title || result.path, results: [] }
      groups.set(result.path, group)
    }
    const breadcrumbs = result.metadata.breadcrumbs ?? []
    const title = result.metadata.section || breadcrumbs[breadcrumbs.length - 1] || group.title
    group.results.push({
      id,
      href: resolveHref(id, options.docsBaseUrl),
      title,
      breadcrumbs,
      result,
    })
  }
  return Array.from(groups.values())
}

function resolveHref(pathWithAnchor: string, docsBaseUrl: string | undefined): string {
  if (!docsBaseUrl) return pathWithAnchor
  try {
    const base = new URL(docsBaseUrl)
    const basePath = base.pathname.replace(/\/$/, '')
    return new URL(
      basePath + (pathWithAnchor.startsWith('/') ? '' : '/') + pathWithAnchor,
      base.origin,
    ).href
  } catch {
    return pathWithAnchor
  }
}
