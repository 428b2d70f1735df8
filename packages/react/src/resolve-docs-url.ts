const absoluteUrl = /^[a-z][a-z\d+.-]*:/i

/**
 * Resolves a docs path (`/quickstart`, `quickstart#install`) against the docs site. Joins rather
 * than using `new URL(path, base)`, which would drop a base path such as `/docs`. Absolute URLs and
 * fragments pass through; without a base URL the path is returned unchanged.
 */
export function resolveDocsUrl(pathOrUrl: string, docsBaseUrl?: string): string {
  if (!docsBaseUrl || absoluteUrl.test(pathOrUrl) || pathOrUrl.startsWith('#')) return pathOrUrl
  if (pathOrUrl.startsWith('//')) return pathOrUrl
  const base = docsBaseUrl.replace(/\/+$/, '')
  return pathOrUrl.startsWith('/') ? base + pathOrUrl : `${base}/${pathOrUrl}`
}

export function withAnchor(url: string, anchor: string | undefined): string {
  if (!anchor || url.includes('#')) return url
  return `${url}#${anchor.replace(/^#/, '')}`
}
