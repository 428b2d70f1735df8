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
