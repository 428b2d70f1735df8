import { decodeEntities } from './entities'

export interface SafeHref {
  href: string
  /** An http(s) link to another origin than the docs: opened in a new tab without opener. */
  external: boolean
}

export interface SafeHrefOptions {
  /** Relative links are resolved against this URL (e.g. `https://docs.example.com`). */
  docsBaseUrl?: string | undefined
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
// Browsers drop these before parsing a URL (C0 controls, space, DEL, C1) or ignore them inside it
// (tab, newline); zero-width and bidi characters are removed too so nothing can hide a scheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const STRIP = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const INVISIBLE = /[\t\n\r\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
const PROBE_BASE = 'https://docchat.invalid/'

function unescapeMarkdown(value: string): string {
  return value.replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

/**
 * Returns a link target that is safe to put in `href`, or `null` when the link must render inert.
 * Allowed: http(s), mailto and relative links (resolved against `docsBaseUrl` when given).
 * Everything else (javascript:, data:, vbscript:, file:, protocol-relative, obfuscated) is refused.
 */
export function toSafeHref(raw: string, options: SafeHrefOptions = {}): SafeHref | null {
  // Decode twice so double-encoded references (`&amp;#x61;`) cannot survive into the check.
  const decoded = decodeEntities(decodeEntities(unescapeMarkdown(raw)))
  // `strict` (all whitespace and controls gone) is what a lenient parser could read as a scheme;
  // `light` is what the browser will actually parse, and what we hand back.
  const strict = decoded.replace(STRIP, '')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: trimming what URL parsers trim
  const light = decoded.replace(INVISIBLE, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
  if (strict === '' || light.length > 4096) return null
  if (/^[\\/]{2}/.test(strict)) return null

  let base: URL | null = null
  if (options.docsBaseUrl) {
    try {
      base = new URL(options.docsBaseUrl)
      if (base.protocol !== 'http:' && base.protocol !== 'https:') base = null
    } catch {
      base = null
    }
  }

  const scheme = SCHEME.exec(strict)
  let resolved: URL
  try {
    resolved = new URL(light, base ?? PROBE_BASE)
  } catch {
    return null
  }
  if (!ALLOWED_PROTOCOLS.has(resolved.protocol)) return null

  if (scheme) {
    const protocol = `${scheme[1]!.toLowerCase()}:`
    if (!ALLOWED_PROTOCOLS.has(protocol)) return null
    if (protocol === 'mailto:') return { href: resolved.href, external: false }
    const external = !base || resolved.origin !== base.origin
    return { href: resolved.href, external }
  }

  // Relative: must stay on the base origin (catches `\\evil.com`, `/\evil.com` and friends).
  const probeOrigin = base ? base.origin : new URL(PROBE_BASE).origin
  if (resolved.origin !== probeOrigin) return null
  if (base) return { href: resolved.href, external: false }
  // Browsers read `\` as `/` in http(s) URLs; write it that way so what we checked is what they get.
  const relative = light.replace(/\\/g, '/')
  if (relative.startsWith('//')) return null
  return { href: relative, external: false }
}
