import { type SafeUrl, toSafeUrl, type UrlPolicyOptions } from '@docchat/core'

export type SafeHref = SafeUrl
export type SafeHrefOptions = UrlPolicyOptions

function unescapeMarkdown(value: string): string {
  return value.replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

/**
 * A markdown link destination through core's URL policy (`toSafeUrl`), after markdown's backslash
 * escapes are undone: `null` when the link must render inert.
 */
export function toSafeHref(raw: string, options: SafeHrefOptions = {}): SafeHref | null {
  return toSafeUrl(unescapeMarkdown(raw), options)
}

let warnedRelative = false

/**
 * Says once per page, in the console, that an answer links to a docs page by a relative path with
 * no `docsBaseUrl`: right on the docs site itself, a 404 anywhere else (issue 22). `'/'` as
 * `docsBaseUrl` says "this site" and silences it.
 */
export function warnRelativeLinkOnce(raw: string): void {
  if (warnedRelative || raw[0] !== '/' || raw[1] === '/' || raw[1] === '\\') return
  warnedRelative = true
  console.warn(
    `DocChat: answer link "${raw.slice(0, 80)}" is a path on this site (no docsBaseUrl). Set docsBaseUrl to your docs' URL, or '/' on the docs site itself.`,
  )
}
