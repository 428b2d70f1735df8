/**
 * Search results as clients link to them. Stock clients build a source link from `url || path`
 * and label it with `metadata.title`, so each result names its own section: `path` carries the
 * anchor (two sections of one page are two different links), `url` is absolute when the site's
 * address is known, and `metadata.page` keeps the bare page path for grouping.
 */
import type { DocsSearchResult } from './docs-index'
import { trimTrailing } from '../text-scan'

export interface ResultLinkOptions {
  /** Where the docs are published, e.g. `https://www.mintlify.com/docs`. */
  siteUrl?: string
}

/** `/page#anchor`, or the page path for a page's opening section. */
function sectionPath(result: DocsSearchResult): string {
  const page = pagePathOf(result)
  const anchor = typeof result.metadata.anchor === 'string' ? result.metadata.anchor : ''
  return anchor ? `${page}#${anchor}` : page
}

/** The page a result belongs to, whether or not its `path` already carries the anchor. */
export function pagePathOf(result: { path: string; metadata?: Record<string, unknown> }): string {
  const page = result.metadata?.page
  if (typeof page === 'string' && page) return page
  return result.path.split('#')[0] || result.path
}

/** Joins a site address and a docs path without dropping the site's base path (`/docs`). */
export function siteLink(siteUrl: string, path: string): string {
  const base = trimTrailing(siteUrl, '/')
  if (path === '/' || path.startsWith('/#')) return `${base}${path.slice(1) ? path : '/'}`
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`
}

export function linkResult(result: DocsSearchResult, options: ResultLinkOptions = {}) {
  const path = sectionPath(result)
  const { metadata } = result
  return {
    content: result.content,
    path,
    ...(options.siteUrl ? { url: siteLink(options.siteUrl, path) } : {}),
    metadata: {
      ...metadata,
      title: metadata.title,
      section: metadata.section ?? metadata.title,
      breadcrumbs: metadata.breadcrumbs,
      anchor: typeof metadata.anchor === 'string' ? metadata.anchor : '',
      page: pagePathOf(result),
    },
  } satisfies DocsSearchResult
}

export function linkResults(
  results: readonly DocsSearchResult[],
  options: ResultLinkOptions = {},
): DocsSearchResult[] {
  return results.map((result) => linkResult(result, options))
}
