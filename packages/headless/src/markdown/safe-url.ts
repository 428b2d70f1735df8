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
    `DocChat: an answer links to "${raw.slice(0, 80)}", a path on this site, because no docsBaseUrl is set. ` +
      "If your docs live elsewhere, set docsBaseUrl to their URL; on the docs site itself, docsBaseUrl: '/' says so and silences this.",
  )
}
