import { DATA_LIMITS, DOCS_LIMITS } from './docs-limits'
import type { WithAttachments } from './attachment-data'
import type { Attachment } from './request-schemas'
import { toSafeAttachmentUrl } from './url-policy'

/*
 * Files attached to a question (AI SDK v4 `experimental_attachments`: name, contentType, url).
 * One set of limits serves the composer (which explains a refusal in plain words), the request
 * checks of both clients and the dev server (400 with the same numbers), so what the widget lets
 * through is what the server takes.
 */

/** The types a question may carry: images a model can look at, and PDFs. Never SVG (it runs script). */
export const ATTACHMENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
] as const

export interface AttachmentLimits {
  /** Files per question. Defaults to `DOCS_LIMITS.attachmentFiles` (4). */
  maxFiles: number
  /** Bytes per file. Defaults to `DOCS_LIMITS.attachmentFileBytes` (5 MiB). */
  maxBytes: number
  /**
   * Bytes of one question's files together. Defaults to `DOCS_LIMITS.attachmentMessageBytes`
   * (10 MiB), what the API takes; files sent as uploaded URLs do not count.
   */
  maxTotalBytes: number
  /** MIME types accepted; only those of `ATTACHMENT_TYPES` are ever allowed. Defaults to all of them. */
  accept: readonly string[]
}

export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  maxFiles: DOCS_LIMITS.attachmentFiles,
  maxBytes: DOCS_LIMITS.attachmentFileBytes,
  maxTotalBytes: DOCS_LIMITS.attachmentMessageBytes,
  accept: ATTACHMENT_TYPES,
}

/**
 * Limits as an integrator narrows them: never above the API's own (a server would refuse the
 * rest), and `accept` only within `ATTACHMENT_TYPES`.
 */
export function attachmentLimits(options: Partial<AttachmentLimits> = {}): AttachmentLimits {
  const positive = (value: number | undefined, max: number) =>
    typeof value === 'number' && value > 0 ? Math.min(Math.floor(value), max) : max
  const accept = (options.accept ?? ATTACHMENT_TYPES)
    .map((type) => type.toLowerCase())
    .filter((type) => isAttachmentType(type))
  return {
    maxFiles: positive(options.maxFiles, DOCS_LIMITS.attachmentFiles),
    maxBytes: positive(options.maxBytes, DOCS_LIMITS.attachmentFileBytes),
    maxTotalBytes: positive(options.maxTotalBytes, DOCS_LIMITS.attachmentMessageBytes),
    accept: accept.length > 0 ? accept : ATTACHMENT_TYPES,
  }
}

export function isAttachmentType(type: unknown): boolean {
  return typeof type === 'string' && (ATTACHMENT_TYPES as readonly string[]).includes(type)
}

/** Why a file was not attached; the UI turns each into plain words. */
export type AttachmentProblemReason =
  | 'too-many'
  | 'too-large'
  /** With the files already attached it would pass `maxTotalBytes` (the others stay). */
  | 'too-large-together'
  | 'unsupported-type'
  | 'empty'
  /** The file could not be read, or `uploadAttachment` failed. */
  | 'failed'

export interface AttachmentProblem {
  reason: AttachmentProblemReason
  /** The file's name (absent for `too-many`, which is about the set). */
  name?: string
  /** The limit that was passed: files for `too-many`, bytes for `too-large` and `too-large-together`. */
  limit?: number
}

/** What the checks read from a `File` (or anything shaped like one). */
export interface FileLike {
  name: string
  size: number
  type: string
}

/**
 * Splits picked, pasted or dropped files into those that may be attached and the problems with
 * the rest, given how many are attached already and their bytes. Files past the count are refused
 * as one `too-many` problem; each other refusal names its file. The question's total
 * (`maxTotalBytes`) is checked here, when files are picked, so a file that would pass it is
 * refused on its own and the request check never refuses the whole question later. Pass
 * `alreadyAttachedBytes: 0` and an infinite `maxTotalBytes` for files that are uploaded.
 */
export function checkAttachmentFiles<F extends FileLike>(
  files: readonly F[],
  limits: AttachmentLimits = DEFAULT_ATTACHMENT_LIMITS,
  alreadyAttached = 0,
  alreadyAttachedBytes = 0,
): { accepted: F[]; problems: AttachmentProblem[] } {
  const accepted: F[] = []
  const problems: AttachmentProblem[] = []
  // Limits built by hand before maxTotalBytes existed still get the API's total.
  const maxTotal = limits.maxTotalBytes ?? DOCS_LIMITS.attachmentMessageBytes
  let total = alreadyAttachedBytes
  let refusedForCount = false
  for (const file of files) {
    const type = file.type.toLowerCase()
    if (!limits.accept.includes(type)) {
      problems.push({ reason: 'unsupported-type', name: file.name })
    } else if (file.size === 0) {
      problems.push({ reason: 'empty', name: file.name })
    } else if (file.size > limits.maxBytes) {
      problems.push({ reason: 'too-large', name: file.name, limit: limits.maxBytes })
    } else if (alreadyAttached + accepted.length >= limits.maxFiles) {
      refusedForCount = true
    } else if (total + file.size > maxTotal) {
      problems.push({ reason: 'too-large-together', name: file.name, limit: maxTotal })
    } else {
      total += file.size
      accepted.push(file)
    }
  }
  if (refusedForCount) problems.push({ reason: 'too-many', limit: limits.maxFiles })
  return { accepted, problems }
}

/**
 * Puts a picked file somewhere the API can read it and returns its URL (https), or the
 * attachment itself. Without it files travel inline as data URLs.
 */
export type UploadAttachment = (
  file: File,
) => Promise<string | { url: string; name?: string; contentType?: string }>

/** The file's bytes as a `data:<type>;base64,…` URL (browsers, Node 20 and edge runtimes alike). */
export async function readFileAsDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // In slices: one call with millions of arguments overflows the stack.
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  }
  return `data:${file.type.toLowerCase() || 'application/octet-stream'};base64,${btoa(binary)}`
}

/** The attachment to send for `file`: uploaded when `upload` is given, else inline. */
export async function toAttachment(file: File, upload?: UploadAttachment): Promise<Attachment> {
  const base = { name: file.name, contentType: file.type.toLowerCase() }
  if (!upload) return { ...base, url: await readFileAsDataUrl(file) }
  const uploaded = await upload(file)
  return typeof uploaded === 'string' ? { ...base, url: uploaded } : { ...base, ...uploaded }
}

// The header of a base64 data URL (`data:image/png;base64`), read from at most its first 128
// characters: the payload after the comma is checked by a loop, never by a regular expression.
const DATA_URL_HEADER = /^data:([a-z]+\/[a-z0-9.+-]+);base64$/i
const MAX_DATA_URL_HEADER = 128

function isBase64Char(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2b || // +
    code === 0x2f // /
  )
}

/**
 * The MIME type and decoded size of a base64 data URL; `undefined` for anything else. A payload
 * longer than `DATA_LIMITS.attachmentDataUrlChars` is not checked character by character: its
 * size, estimated from its length, is past every attachment limit anyway.
 */
export function readDataUrl(url: string): { contentType: string; bytes: number } | undefined {
  if (!url.startsWith('data:')) return undefined
  let comma = 5
  const headerEnd = Math.min(url.length, MAX_DATA_URL_HEADER)
  while (comma < headerEnd && url.charCodeAt(comma) !== 0x2c) comma++
  if (comma === headerEnd) return undefined
  const header = DATA_URL_HEADER.exec(url.slice(0, comma))
  if (!header) return undefined
  const contentType = header[1]!.toLowerCase()
  const length = url.length - comma - 1
  if (url.length > DATA_LIMITS.attachmentDataUrlChars) {
    return { contentType, bytes: Math.floor((length * 3) / 4) }
  }
  let end = url.length
  let padding = 0
  while (padding < 2 && end > comma + 1 && url.charCodeAt(end - 1) === 0x3d) {
    end--
    padding++
  }
  for (let index = comma + 1; index < end; index++) {
    if (!isBase64Char(url.charCodeAt(index))) return undefined
  }
  return { contentType, bytes: Math.floor((length * 3) / 4) - padding }
}

/**
 * What is wrong with one message's attachments as a request carries them, in a sentence naming
 * the limit; `undefined` when nothing is. Placeholders (earlier questions' files, data left out)
 * are allowed and not counted.
 */
export function attachmentRequestProblem(attachments: unknown): string | undefined {
  if (attachments === undefined) return undefined
  if (!Array.isArray(attachments)) return 'must be an array'
  const sent = attachments.filter((item) => !(item && item.url === ''))
  if (sent.length > DOCS_LIMITS.attachmentFiles) {
    return `at most ${DOCS_LIMITS.attachmentFiles} files may be attached to a question (got ${sent.length})`
  }
  let total = 0
  for (const [index, item] of sent.entries()) {
    const where = `attachment ${index + 1}${typeof item?.name === 'string' ? ` (${item.name})` : ''}`
    const url = typeof item?.url === 'string' ? item.url : ''
    const data = readDataUrl(url)
    const contentType = (
      typeof item?.contentType === 'string' ? item.contentType : ''
    ).toLowerCase()
    const type = data?.contentType ?? contentType
    if (!isAttachmentType(type)) {
      return `${where}: type ${JSON.stringify(type || 'unknown')} is not accepted; accepted: ${ATTACHMENT_TYPES.join(', ')}`
    }
    if (data) {
      if (contentType && contentType !== data.contentType) {
        return `${where}: contentType ${contentType} does not match the data URL's ${data.contentType}`
      }
      if (data.bytes === 0) return `${where}: the file is empty`
      if (data.bytes > DOCS_LIMITS.attachmentFileBytes) {
        return `${where}: ${data.bytes} bytes; a file may be at most ${DOCS_LIMITS.attachmentFileBytes} bytes`
      }
      total += data.bytes
    } else if (!toSafeAttachmentUrl(url) || url.startsWith('data:')) {
      return `${where}: url must be an http(s) URL or a base64 data URL of an accepted type`
    }
  }
  if (total > DOCS_LIMITS.attachmentMessageBytes) {
    return `the files of one question may be at most ${DOCS_LIMITS.attachmentMessageBytes} bytes together (got ${total})`
  }
  return undefined
}

/** How an attachment of a sent message is shown. */
export interface AttachmentView {
  name: string
  contentType: string
  kind: 'image' | 'pdf' | 'file'
  /** The URL to show or open, through the URL policy; `null`: show the name only. */
  href: string | null
}

/**
 * The attachments of a message as the UI shows them. Every URL goes through the URL policy:
 * a refused one (script, HTML or SVG data, another scheme) is shown as its name, never loaded.
 * Entries that are not attachments at all are left out.
 */
export function readAttachments(message: unknown): AttachmentView[] {
  const list = (message as WithAttachments | null)?.experimental_attachments
  if (!Array.isArray(list)) return []
  const views: AttachmentView[] = []
  for (const item of list as unknown[]) {
    if (!item || typeof item !== 'object') continue
    const { name, contentType, url } = item as Record<string, unknown>
    // Malformed (no URL at all): dropped. A placeholder's empty URL still shows the name.
    if (typeof url !== 'string') continue
    // toSafeAttachmentUrl checks the URL's length before reading it (DATA_LIMITS).
    const safe = toSafeAttachmentUrl(url)
    // A data URL says what it holds; a declared type must not turn a PDF into an image.
    const dataType = safe ? readDataUrl(safe)?.contentType : undefined
    const declared =
      typeof contentType === 'string' && contentType.length <= DATA_LIMITS.labelChars
        ? contentType
        : ''
    const type = (dataType ?? declared).toLowerCase()
    views.push({
      name:
        typeof name === 'string' && name !== ''
          ? name.length > DATA_LIMITS.labelChars
            ? `${name.slice(0, DATA_LIMITS.labelChars - 1)}…`
            : name
          : 'attachment',
      contentType: type,
      kind: type.startsWith('image/') ? 'image' : type === 'application/pdf' ? 'pdf' : 'file',
      href: safe,
    })
  }
  return views
}
