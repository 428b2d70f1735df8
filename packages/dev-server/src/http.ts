/** Response helpers shared by every route: JSON bodies in the contract's shapes, CORS. */

export type ErrorShape = 'message' | 'error'

/** Headers a browser client must be able to read cross-origin. */
export const exposedHeaders = [
  'X-Thread-Id',
  'X-Thread-Key',
  'Retry-After',
  'X-Session-Id',
  'X-Branch-Name',
  'X-Vercel-AI-Data-Stream',
  'X-Vercel-AI-UI-Message-Stream',
]

const allowedHeaders = ['Authorization', 'Content-Type', 'X-DocChat-Fault', 'Accept']

export function corsHeaders(request: Request): Headers {
  const headers = new Headers()
  const origin = request.headers.get('origin')
  headers.set('Access-Control-Allow-Origin', origin ?? '*')
  if (origin) {
    headers.set('Access-Control-Allow-Credentials', 'true')
    headers.append('Vary', 'Origin')
  }
  headers.set('Access-Control-Expose-Headers', exposedHeaders.join(', '))
  return headers
}

export function preflightResponse(request: Request): Response {
  const headers = corsHeaders(request)
  headers.set('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
  // Echo what the browser asks for so custom client headers (e.g. tracing) are not blocked locally.
  const requested = request.headers.get('access-control-request-headers')
  const allow = new Set(allowedHeaders.map((h) => h.toLowerCase()))
  for (const name of requested?.split(',') ?? []) {
    if (name.trim()) allow.add(name.trim().toLowerCase())
  }
  headers.set('Access-Control-Allow-Headers', [...allow].join(', '))
  headers.set('Access-Control-Max-Age', '600')
  return new Response(null, { status: 204, headers })
}

export function json(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const headers = new Headers(init.headers)
  headers.set('Content-Type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status: init.status ?? 200, headers })
}

/** A failed request: `{message}` for the discovery group, `{error}` for admin and project routes. */
export class HttpError extends Error {
  readonly status: number
  readonly field?: string
  readonly headers: Record<string, string>

  constructor(
    status: number,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.name = 'HttpError'
    this.status = status
    this.field = options.field
    this.headers = options.headers ?? {}
  }
}

export function errorResponse(error: HttpError, shape: ErrorShape): Response {
  const body: Record<string, unknown> = { [shape]: error.message }
  if (error.field) body.field = error.field
  return json(body, { status: error.status, headers: error.headers })
}

export function withHeaders(response: Response, extra: Headers): Response {
  const headers = new Headers(response.headers)
  extra.forEach((value, key) => {
    if (key.toLowerCase() === 'vary') headers.append(key, value)
    else headers.set(key, value)
  })
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

/** Reads the body with a byte cap so a huge upload is refused without buffering it all. */
export async function readBody(request: Request, limitBytes: number): Promise<string> {
  const declared = Number(request.headers.get('content-length'))
  if (Number.isFinite(declared) && declared > limitBytes) {
    throw new HttpError(413, `Request body is ${declared} bytes; the limit is ${limitBytes} bytes`)
  }
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limitBytes) {
      await reader.cancel().catch(() => {})
      throw new HttpError(413, `Request body exceeds the limit of ${limitBytes} bytes`)
    }
    chunks.push(value)
  }
  const all = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    all.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(all)
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
