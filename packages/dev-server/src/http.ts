/** Response helpers shared by every route: JSON bodies in the contract's shapes, CORS. */

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
  'X-DocChat-Continue',
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

/** Reads the body with a byte cap so a huge upload is refused without buffering it all. */
export async function readBody(
  request: Request,
  limitBytes: number,
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
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => {})
      throw new HttpError(413, `Request body exceeds the limit of ${limitBytes} bytes`, {
        limit: limitBytes,
      })
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return { text: new TextDecoder().decode(all), bytes: size }
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
