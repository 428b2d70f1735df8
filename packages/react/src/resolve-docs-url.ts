import { resolveDocsUrl as resolveWithPolicy } from '@docchat/core'

/**
 * Resolves a docs path (`/quickstart`, `quickstart#install`) or URL against the docs site, keeping
 * its base path (`https://x.com/docs` + `/quickstart` → `https://x.com/docs/quickstart`), through
 * core's URL policy (`toSafeUrl`). `null` when the policy refuses it (`javascript:`, `data:`,
 * `//host`, …): show the text and no link. Without a base URL relative paths stay relative.
 */
export function resolveDocsUrl(pathOrUrl: string, docsBaseUrl?: string): string | null {
  return resolveWithPolicy(pathOrUrl, docsBaseUrl)
}

export function withAnchor<TUrl extends string | null>(
  url: TUrl,
  anchor: string | undefined,
): TUrl {
  if (url === null || !anchor || url.includes('#')) return url
  return `${url}#${anchor.replace(/^#/, '')}` as TUrl
}
