import { DATA_LIMITS } from './docs-limits'
import { readText } from './response-text'

/**
 * Every failure the client reports is a `DocsApiError` with a `kind` a UI can switch on.
 */
export type DocsApiErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'bad-request'
  | 'server'
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'invalid-response'

const marker = Symbol.for('docchat.DocsApiError')

export interface DocsApiErrorOptions {
  kind: DocsApiErrorKind
  status?: number
  retryAfterMs?: number
  /** Parsed JSON error body, or the raw text when it is not JSON. */
  body?: unknown
  /** Dotted path of the invalid request field (`messages.0.id`) for `bad-request` validation errors. */
  field?: string
  /** Defaults to a value derived from `kind` and `status`. */
  retryable?: boolean
  /** Whatever was received before the failure (see `AssistantMessageStream.collect()`). */
  partial?: unknown
  cause?: unknown
}

const retryableKinds = new Set<DocsApiErrorKind>(['network', 'timeout', 'rate-limited', 'server'])

/**
 * The one error class of `@docchat/core`.
 *
 * Recognise it with `DocsApiError.isInstance(error)`: it checks a `Symbol.for` marker, so it also
 * works when two copies of the package are installed (where `instanceof` fails).
 */
export class DocsApiError extends Error {
  readonly kind: DocsApiErrorKind
  readonly status?: number
  readonly retryAfterMs?: number
  readonly body?: unknown
  readonly field?: string
  /** Whether trying the same call again later may succeed (network, timeout, 429, 5xx except 501). */
  readonly retryable: boolean
  /**
   * What was received before the failure. `AssistantMessageStream.collect()` puts the partial
   * `AssistantMessageResult` here when a stream is aborted or fails mid-way, so the text read so far
   * is never lost.
   */
  partial?: unknown
  readonly [marker] = true

  constructor(message: string, options: DocsApiErrorOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.name = 'DocsApiError'
    this.kind = options.kind
    if (options.status !== undefined) this.status = options.status
    if (options.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs
    if (options.body !== undefined) this.body = options.body
    if (options.field !== undefined) this.field = options.field
    if (options.partial !== undefined) this.partial = options.partial
    this.retryable =
      options.retryable ??
      (retryableKinds.has(options.kind) && options.status !== 501 && options.status !== 505)
  }

  static isInstance(error: unknown): error is DocsApiError {
    return (
      typeof error === 'object' &&
      error !== null &&
      (error as Record<symbol, unknown>)[marker] === true
    )
  }
}

/** Maps an HTTP status to an error kind. Statuses that are not errors map to `invalid-response`. */
export function kindFromStatus(status: number): DocsApiErrorKind {
  if (status === 401) return 'unauthorized'
  if (status === 403) return 'forbidden'
  if (status === 404 || status === 410) return 'not-found'
  if (status === 408) return 'timeout'
  if (status === 429) return 'rate-limited'
  if (status >= 500) return 'server'
  if (status >= 400) return 'bad-request'
  return 'invalid-response'
}

/**
 * Parses `Retry-After` (delta seconds or an HTTP date) into milliseconds from `now`.
 * Returns `undefined` when absent or unparseable; a date in the past gives 0.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null) return undefined
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - now)
}

function messageFromBody(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() === '' ? undefined : body.trim()
  if (typeof body !== 'object' || body === null) return undefined
  const record = body as Record<string, unknown>
  for (const key of ['message', 'error'] as const) {
    const value = record[key]
    if (typeof value === 'string' && value !== '') return value
    if (typeof value === 'object' && value !== null) {
      const nested = (value as Record<string, unknown>).message
      if (typeof nested === 'string' && nested !== '') return nested
    }
  }
  return undefined
}

function parseBody(text: string): unknown {
  const trimmed = text.trim()
  if (trimmed.startsWith('{') || trimmed.startsWith('[') || trimmed.startsWith('"')) {
    try {
      return JSON.parse(trimmed)
    } catch {
      return text
    }
  }
  return text
}

function fromStatus(
  status: number,
  statusText: string,
  rawBody: string,
  headers: Headers | undefined,
): DocsApiError {
  const body = rawBody === '' ? undefined : parseBody(rawBody)
  const serverMessage = messageFromBody(body)
  const looksLikeHtml = typeof body === 'string' && /^\s*</.test(body)
  const message =
    serverMessage && !looksLikeHtml
      ? serverMessage.slice(0, 500)
      : `Request failed with status ${status}${statusText ? ` ${statusText}` : ''}`
  const retryAfterMs = parseRetryAfter(headers?.get('retry-after'))
  return new DocsApiError(message, {
    kind: kindFromStatus(status),
    status,
    body,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  })
}

/**
 * Builds a `DocsApiError` from a non-2xx response. The message comes from `{ message }`,
 * `{ error }` or the text body; `Retry-After` becomes `retryAfterMs`. Consumes the body.
 */
export async function errorFromResponse(response: Response): Promise<DocsApiError> {
  let text = ''
  try {
    // Enough for any message; an endless error body is not read to its end.
    text = (await readText(response, DATA_LIMITS.errorBodyChars)).text
  } catch {
    // A body that fails to arrive still leaves the status, which is what matters.
  }
  return fromStatus(response.status, response.statusText, text, response.headers)
}

const networkMessages = [
  'fetch failed',
  'failed to fetch',
  'networkerror when attempting to fetch resource.',
  'load failed',
  'network request failed',
  'terminated',
]

const invalidStreamMessages = [
  'failed to parse stream string',
  'the response body is empty',
  'tool_result must be preceded by a tool_call',
]

function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const name = (error as { name?: unknown }).name
  return typeof name === 'string' ? name : undefined
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const record = error as Record<string, unknown>
  const status = record.status ?? record.statusCode
  return typeof status === 'number' ? status : undefined
}

/**
 * Normalises anything thrown by `fetch`, a stream or the AI SDK into a `DocsApiError`.
 *
 * AI SDK clients (v4 `useChat`, v5 `DefaultChatTransport`) throw `new Error(await response.text())`
 * on a non-2xx response, losing the status. Pass what a custom `fetch` or `onResponse` saw as
 * `hint` to recover the kind, message and `Retry-After`.
 */
export function toDocsApiError(
  error: unknown,
  hint?: { status?: number; headers?: Headers },
): DocsApiError {
  if (DocsApiError.isInstance(error)) return error
  const name = errorName(error)
  const message =
    error instanceof Error
      ? error.message
      : typeof error === 'string'
        ? error
        : typeof (error as { message?: unknown })?.message === 'string'
          ? (error as { message: string }).message
          : String(error)

  if (name === 'AbortError') {
    return new DocsApiError('The request was aborted', { kind: 'aborted', cause: error })
  }
  if (name === 'TimeoutError') {
    return new DocsApiError('The request timed out', { kind: 'timeout', cause: error })
  }

  const status = hint?.status ?? statusOf(error)
  if (status !== undefined && (status < 200 || status >= 300)) {
    const built = fromStatus(status, '', message, hint?.headers)
    return new DocsApiError(built.message, {
      kind: built.kind,
      status,
      ...(built.body === undefined ? {} : { body: built.body }),
      ...(built.retryAfterMs === undefined ? {} : { retryAfterMs: built.retryAfterMs }),
      cause: error,
    })
  }

  const lower = message.toLowerCase()
  if (name === 'TypeError' && networkMessages.some((text) => lower.startsWith(text))) {
    return new DocsApiError(message, { kind: 'network', cause: error })
  }
  if (name === 'SyntaxError' || invalidStreamMessages.some((text) => lower.startsWith(text))) {
    return new DocsApiError(message, { kind: 'invalid-response', cause: error })
  }
  // Without a status we cannot know more; a body like `{"error":"…"}` still gives its message.
  const body = parseBody(message)
  const serverMessage = typeof body === 'string' ? undefined : messageFromBody(body)
  return new DocsApiError(serverMessage ?? (message || 'Unknown error'), {
    kind: 'server',
    retryable: false,
    ...(serverMessage ? { body } : {}),
    cause: error,
  })
}
