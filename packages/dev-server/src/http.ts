/** Response helpers shared by every route: JSON bodies in the contract's shapes, CORS. */

import { DEV_SERVER_LIMITS } from './limits'

/**
 * `message` for the discovery group and anything without a route; `error` for admin and project
 * routes, whose bodies also carry `message` so one reader (`message ?? error`) works everywhere.
 */
export type ErrorShape = 'message' | 'error'

/** Headers a browser client must be able to read cross-origin. */
const exposedHeaders = [
  'X-Thread-Id',
  'X-Thread-Key',
  'Retry-After',
  'X-Session-Id',
  'X-Branch-Name',
  'X-Vercel-AI-Data-Stream',
  'X-Vercel-AI-UI-Message-Stream',
  'X-DocChat-Answer-Mode',
]

const allowedHeaders = ['Authorization', 'Content-Type', 'X-DocChat-Fault', 'Accept']

/**
 * Who may read a route cross-origin. Discovery routes are open to any page, as the real API's
 * assistant key allows; admin routes only to the origins named in `allowedOrigins`. Never with
 * credentials: keys travel in `Authorization`, so cookies have nothing to add but risk.
 */
export interface CorsPolicy {
  open: boolean
  allowedOrigins: ReadonlySet<string>
}

/** The CORS headers for this request, or undefined when its origin may not read the response. */
export function corsHeaders(request: Request, policy: CorsPolicy): Headers | undefined {
  const origin = request.headers.get('origin')
  const headers = new Headers()
  if (policy.open) {
    headers.set('Access-Control-Allow-Origin', origin && origin !== 'null' ? origin : '*')
  } else if (origin && policy.allowedOrigins.has(origin)) {
    headers.set('Access-Control-Allow-Origin', origin)
  } else {
    return undefined
  }
  headers.append('Vary', 'Origin')
  headers.set('Access-Control-Expose-Headers', exposedHeaders.join(', '))
  return headers
}

export function preflightResponse(request: Request, policy: CorsPolicy): Response {
  const headers = corsHeaders(request, policy)
  if (!headers) {
    return json(
      {
        message: `Origin ${request.headers.get('origin') ?? '(none)'} may not call admin routes; list it in allowedOrigins (--allowed-origin)`,
      },
      { status: 403, headers: { Vary: 'Origin' } },
    )
  }
  headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  // Echo what the browser asks for so custom client headers (e.g. tracing) are not blocked locally.
  const requested = request.headers.get('access-control-request-headers')
  const allow = new Set(allowedHeaders.map((h) => h.toLowerCase()))
  for (const name of requested?.split(',') ?? []) {
    if (name.trim()) allow.add(name.trim().toLowerCase())
  }
  headers.set('Access-Control-Allow-Headers', [...allow].join(', '))
  headers.set('Access-Control-Max-Age', '600')
  return new Response(null, { status: 204, statusText: reasonPhrase(204), headers })
}

/**
 * Reason phrases for the statuses this server sends. A fetch `Response` built without one has an
 * empty `statusText`, which a client shows as a blank error; node's `STATUS_CODES` is not
 * available in browsers, where the handler also runs.
 */
const reasonPhrases: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
}

function reasonPhrase(status: number): string {
  return reasonPhrases[status] ?? ''
}

export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  const status = init.status ?? 200
  return new Response(JSON.stringify(body), {
    status,
    statusText: reasonPhrase(status),
    headers,
  })
}

/** A failed request: `{message}` for the discovery group, `{error}` for admin and project routes. */
export class HttpError extends Error {
  readonly status: number
  readonly field?: string
  /** The maximum a refused value passed (characters, items or bytes), sent as `limit`. */
  readonly limit?: number
  readonly headers: Record<string, string>

  constructor(
    status: number,
    message: string,
    options: { field?: string; limit?: number; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.field = options.field
    this.limit = options.limit
    this.headers = options.headers ?? {}
  }
}

export function errorResponse(error: HttpError, shape: ErrorShape): Response {
  const body: Record<string, unknown> =
    shape === 'error'
      ? { error: error.message, message: error.message }
      : { message: error.message }
  if (error.field) body.field = error.field
  if (error.limit !== undefined) body.limit = error.limit
  return json(body, { status: error.status, headers: error.headers })
}

/** Adds headers (CORS) and a reason phrase to a response that lacks one. */
export function withHeaders(response: Response, extra: Headers | undefined): Response {
  const headers = new Headers(response.headers)
  extra?.forEach((value, key) => {
    if (key.toLowerCase() === 'vary') {
      if (!headers.get('vary')?.includes(value)) headers.append(key, value)
    } else headers.set(key, value)
  })
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText || reasonPhrase(response.status),
    headers,
  })
}

/**
 * Reads the body with a byte cap so a huge upload is refused without buffering it all, decoding
 * it chunk by chunk (no one long task for a large body) and handing each piece to `inspect`, which
 * may refuse it by throwing before the rest arrives.
 */
export async function readBody(
  request: Request,
  limitBytes: number,
  inspect?: (text: string) => void,
): Promise<{ text: string; bytes: number }> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw new HttpError(
      413,
      `Request body is ${declared} bytes; the limit is ${limitBytes} bytes`,
      {
        limit: limitBytes,
      },
    )
  }
  if (!request.body) return { text: '', bytes: 0 }
  const reader = request.body.getReader()
  const decoder = new TextDecoder()
  const pieces: string[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limitBytes) {
        throw new HttpError(413, `Request body exceeds the limit of ${limitBytes} bytes`, {
          limit: limitBytes,
        })
      }
      const piece = decoder.decode(value, { stream: true })
      inspect?.(piece)
      pieces.push(piece)
    }
  } catch (error) {
    await reader.cancel().catch(() => {})
    throw error
  }
  const tail = decoder.decode()
  inspect?.(tail)
  pieces.push(tail)
  return { text: pieces.join(''), bytes: size }
}

/** A string literal at least this long (a file's data URL) costs `JSON.parse` about a copy. */
const longStringChars = 1024

/**
 * Checks a JSON body as it arrives, before any `JSON.parse` sees it: arrays and objects nested at
 * most `DEV_SERVER_LIMITS.jsonDepth` and at most `jsonContainers` of them, and at most
 * `maxStructureChars` characters outside long string literals. `JSON.parse` spends about a
 * microsecond per object or nesting level and a copy on a long string: 10 MB of `[` (under the
 * bytes an assistant route reads for one question's files) held the event loop for 12 s, 13 MB of
 * `{},` for 6 s and 1 MiB of it for 1.8 s, twice (the recording parses the body too), before the
 * 400 or 413 came. Only the files' data may use the allowance over `maxBodyBytes`, and file data
 * is long strings. Linear, one chunk at a time: a hostile body is refused as soon as it shows.
 */
export function jsonShapeCheck(maxStructureChars: number) {
  const { jsonDepth, jsonContainers } = DEV_SERVER_LIMITS
  let depth = 0
  let containers = 0
  let structure = 0
  /** Characters of the string literal being read (quotes included), or -1 outside one. */
  let stringChars = -1
  let escaped = false
  const tooLarge = () =>
    new HttpError(
      413,
      `Request body has more than ${maxStructureChars} bytes besides its files' data; that is the limit`,
      { limit: maxStructureChars },
    )
  return {
    push(text: string): void {
      for (let index = 0; index < text.length; index++) {
        const code = text.charCodeAt(index)
        if (stringChars >= 0) {
          stringChars++
          if (escaped) escaped = false
          else if (code === 0x5c) escaped = true
          else if (code === 0x22) {
            if (stringChars < longStringChars) structure += stringChars
            stringChars = -1
          }
          continue
        }
        if (code === 0x22) {
          stringChars = 1
          continue
        }
        structure++
        if (code === 0x5b || code === 0x7b) {
          if (++depth > jsonDepth) {
            throw new HttpError(
              400,
              `Malformed JSON body: arrays and objects nested deeper than ${jsonDepth}`,
              { field: 'body', limit: jsonDepth },
            )
          }
          if (++containers > jsonContainers) {
            throw new HttpError(
              400,
              `Malformed JSON body: more than ${jsonContainers} arrays and objects`,
              { field: 'body', limit: jsonContainers },
            )
          }
        } else if (code === 0x5d || code === 0x7d) depth--
      }
      if (structure > maxStructureChars) throw tooLarge()
    },
  }
}

export function parseJsonBody(raw: string): unknown {
  if (raw.trim() === '') return undefined
  try {
    return JSON.parse(raw)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    throw new HttpError(400, `Malformed JSON body: ${detail}`, { field: 'body' })
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })
}
