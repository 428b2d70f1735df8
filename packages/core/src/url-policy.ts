import { DATA_LIMITS } from './docs-limits'
import { decodeEntities } from './html-entities'

/** A link target that may go in `href` or be navigated to. */
export interface SafeUrl {
  href: string
  /** An http(s) link to another origin than the docs: open it in a new tab without opener. */
  external: boolean
}

export interface UrlPolicyOptions {
  /**
   * The docs site (`https://docs.example.com/docs`, or a path such as `/docs`). Relative URLs
   * resolve under it, keeping its path: `/quickstart` → `https://docs.example.com/docs/quickstart`.
   * Without it they stay relative to the page. Ignored unless http(s) or a path.
   */
  docsBaseUrl?: string | undefined
}

const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])
// Browsers drop C0 controls and space around a URL and tab/newline inside it; zero-width, bidi and
// Unicode spaces are removed too, so nothing can hide a scheme from the check below.
const STRIP =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/g
const INVISIBLE = /[\t\n\r\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]/g
const SCHEME = /^([a-z][a-z0-9+.-]*):/i
const MAX_LENGTH = DATA_LIMITS.urlChars
const PROBE_ORIGIN = 'https://docchat.invalid'

/**
 * `value` without the C0 controls and spaces URL parsers trim from both ends. A loop, not
 * `/[\0-\x20]+$/`: that pattern retries from every position of a run that does not reach the
 * end, which made a 30,000-space run inside a URL cost 0.4 s and 100,000 cost 5 s.
 */
function trimControls(value: string): string {
  let start = 0
  let end = value.length
  while (start < end && value.charCodeAt(start) <= 0x20) start++
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--
  return start === 0 && end === value.length ? value : value.slice(start, end)
}

interface Base {
  /** The base read as a directory, so relative paths keep its path. */
  directory: URL
  /** The base as given, for `#fragment` and `?query` links. */
  page: URL
  /** A path base (`/docs`): results are written back as paths, relative to the host page. */
  pathOnly: boolean
}

function readBase(docsBaseUrl: string | undefined): Base | null {
  if (!docsBaseUrl || docsBaseUrl.length > MAX_LENGTH) return null
  const pathOnly = docsBaseUrl.startsWith('/') && !/^[\\/]{2}/.test(docsBaseUrl)
  let page: URL
  try {
    page = new URL(docsBaseUrl, pathOnly ? PROBE_ORIGIN : undefined)
  } catch {
    return null
  }
  if (page.protocol !== 'http:' && page.protocol !== 'https:') return null
  const directory = new URL(page.href)
  directory.search = ''
  directory.hash = ''
  if (!directory.pathname.endsWith('/')) directory.pathname += '/'
  return { directory, page, pathOnly }
}

/**
 * The URL policy: every URL that comes from API data (answers, sources, suggestions, search
 * results, recent searches, agent job links) goes through here before it is rendered or followed.
 *
 * Returns a target that is safe to put in `href` or navigate to, or `null`: render the link as
 * plain text and never navigate. Allowed: http(s), mailto and relative URLs. The scheme is read the
 * way a browser reads it (controls and whitespace stripped, entities decoded, case ignored), so
 * `JaVa&#x53;cript:`, `java\tscript:` and `&#106;avascript:` are all refused, as are data:,
 * vbscript:, file: and every other scheme. Protocol-relative `//host` (and the `\\host`, `/\host`
 * forms browsers read the same way) is refused: it names another site, never a docs path.
 * Anything longer than `DATA_LIMITS.urlChars` (4,096) as written is refused before it is read.
 */
export function toSafeUrl(raw: unknown, options: UrlPolicyOptions = {}): SafeUrl | null {
  if (typeof raw !== 'string') return null
  // The cap comes before any work: decoding and stripping only ever shorten the string, and
  // nothing longer is a link a reader follows.
  if (raw.length > MAX_LENGTH) return null
  // Decode twice so double-encoded references (`&amp;#x61;`) cannot survive into the check.
  const decoded = decodeEntities(decodeEntities(raw))
  // `strict` (all whitespace and controls gone) is what a lenient reader could take for a scheme;
  // `light` is what the browser will actually parse, and what we hand back.
  const strict = decoded.replace(STRIP, '')
  const light = trimControls(decoded.replace(INVISIBLE, ''))
  if (strict === '' || light === '') return null
  if (/^[\\/]{2}/.test(strict) || /^[\\/]{2}/.test(light)) return null

  const base = readBase(options.docsBaseUrl)
  const scheme = SCHEME.exec(strict)
  if (scheme) {
    const protocol = `${scheme[1]!.toLowerCase()}:`
    if (!ALLOWED_PROTOCOLS.has(protocol)) return null
    let absolute: URL
    try {
      absolute = new URL(light)
    } catch {
      return null
    }
    // What the browser parsed must be what we checked.
    if (absolute.protocol !== protocol) return null
    if (protocol === 'mailto:') return { href: absolute.href, external: false }
    const external = !base || base.pathOnly || absolute.origin !== base.page.origin
    return { href: absolute.href, external }
  }

  // Browsers read `\` as `/` in http(s) URLs; write it that way so what we checked is what they get.
  const relative = light.replace(/\\/g, '/')
  if (relative.startsWith('//')) return null
  if (!base) {
    // Relative to the host page: it must stay on the page's origin whatever that is.
    try {
      if (new URL(relative, `${PROBE_ORIGIN}/a/`).origin !== PROBE_ORIGIN) return null
    } catch {
      return null
    }
    return { href: relative, external: false }
  }
  let resolved: URL
  try {
    resolved = /^[#?]/.test(relative)
      ? new URL(relative, base.page)
      : new URL(relative.replace(/^\/+/, ''), base.directory)
  } catch {
    return null
  }
  if (resolved.origin !== base.page.origin) return null
  if (!base.pathOnly) return { href: resolved.href, external: false }
  // Written back as a path, `..//evil.example` would start with `//`: read as another host.
  if (/^[\\/]{2}/.test(resolved.pathname)) return null
  return { href: resolved.pathname + resolved.search + resolved.hash, external: false }
}

/**
 * Resolves a docs path (`/quickstart`, `quickstart#install`) or URL under `docsBaseUrl`, keeping
 * its base path, through the URL policy. `null` when the policy refuses it.
 */
export function resolveDocsUrl(pathOrUrl: string, docsBaseUrl?: string): string | null {
  return toSafeUrl(pathOrUrl, { docsBaseUrl })?.href ?? null
}

// Only base64 data of the attachment types (attachments.ts), nothing a browser would run: no HTML,
// no SVG, no parameters, no whitespace or entities for a reader to reinterpret.
const ATTACHMENT_DATA_URL =
  /^data:(?:image\/png|image\/jpeg|image\/gif|image\/webp|application\/pdf);base64,[A-Za-z0-9+/]+={0,2}$/
/** Longest data URL rendered: a file at the API's attachment limit, base64 (5 MiB → ~7 MB). */
const MAX_ATTACHMENT_DATA_URL = DATA_LIMITS.attachmentDataUrlChars

/**
 * The URL policy for attached files (`experimental_attachments`): the URL to load as an image or
 * offer as a link, or `null` (show the file's name only). Allowed: http(s) and relative URLs by
 * `toSafeUrl`'s rules (uploads), and base64 `data:` URLs of PNG, JPEG, GIF, WebP and PDF, matched
 * exactly as written. Refused: every other data URL (`data:text/html`, `data:image/svg+xml`, with
 * parameters or percent-encoding), mailto and every other scheme.
 */
export function toSafeAttachmentUrl(raw: unknown): string | null {
  if (typeof raw !== 'string') return null
  if (raw.length <= MAX_ATTACHMENT_DATA_URL && ATTACHMENT_DATA_URL.test(raw)) return raw
  const safe = toSafeUrl(raw)
  if (!safe || /^mailto:/i.test(safe.href)) return null
  return safe.href
}
