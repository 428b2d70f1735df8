import { DATA_LIMITS } from './docs-limits'
import { cutAnswerError } from './stream-failure'
import { DocsApiError } from './errors'

/**
 * One chunk of an AI SDK v5+ UI message stream as read from the wire: an object with a string
 * `type`, checked for the fields its type requires (see `checkUIMessageChunk`), other keys kept.
 */
export interface UIMessageStreamChunk {
  type: string
  [key: string]: unknown
}

export interface ReadUIMessageStreamOptions {
  /**
   * Called for chunks whose type this version does not know (not `data-*`, not in the v5–v7
   * catalogue). They are left out of the stream instead of failing it: a newer server may send
   * chunk types an older client's `useChat` would reject.
   */
  onUnknownChunk?: ((chunk: UIMessageStreamChunk) => void) | undefined
  /**
   * Longest event (its `data` lines together) and longest line, in characters. Defaults to
   * `DATA_LIMITS.streamLineChars` (8 MiB). Past it the stream fails with an `invalid-response`
   * `DocsApiError` and the body is cancelled: nothing past the cap is buffered.
   */
  maxEventChars?: number | undefined
}

type FieldKind = 'string' | 'present' | 'boolean?' | 'string?'

const text = { id: 'string' } as const
/**
 * The required fields of each chunk type of the v5 catalogue (ai-sdk-protocol §3.3) and v6/v7.
 * Exported for the test that checks every type against the real SDK's schemas.
 */
export const CHUNK_FIELDS: Readonly<Record<string, Readonly<Record<string, FieldKind>>>> = {
  start: { messageId: 'string?' },
  'start-step': {},
  'finish-step': {},
  'text-start': text,
  'text-delta': { id: 'string', delta: 'string' },
  'text-end': text,
  'reasoning-start': text,
  'reasoning-delta': { id: 'string', delta: 'string' },
  'reasoning-end': text,
  'source-url': { sourceId: 'string', url: 'string', title: 'string?' },
  'source-document': { sourceId: 'string', mediaType: 'string', title: 'string' },
  file: { url: 'string', mediaType: 'string' },
  'tool-input-start': { toolCallId: 'string', toolName: 'string', dynamic: 'boolean?' },
  'tool-input-delta': { toolCallId: 'string', inputTextDelta: 'string' },
  'tool-input-available': { toolCallId: 'string', toolName: 'string', input: 'present' },
  'tool-input-error': { toolCallId: 'string', toolName: 'string', errorText: 'string' },
  'tool-output-available': { toolCallId: 'string', output: 'present' },
  'tool-output-error': { toolCallId: 'string', errorText: 'string' },
  'tool-output-denied': { toolCallId: 'string' },
  'tool-approval-request': { toolCallId: 'string', approvalId: 'string' },
  'message-metadata': { messageMetadata: 'present' },
  finish: {},
  abort: {},
  error: { errorText: 'string' },
}

/** Chunk types after which the answer is over: a stream that closes before one of them was cut. */
const TERMINAL = new Set(['finish', 'abort', 'error'])

/**
 * Checks one parsed chunk. Returns `'unknown'` for a well-formed object of a type this version
 * does not know, `undefined` when it is valid, else what is wrong.
 */
export function checkUIMessageChunk(value: unknown): string | 'unknown' | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return 'must be a JSON object'
  }
  const chunk = value as Record<string, unknown>
  if (typeof chunk.type !== 'string') return 'type: must be a string'
  if (chunk.type.startsWith('data-')) {
    if (!('data' in chunk)) return `${chunk.type}: data is required`
    if (chunk.id !== undefined && typeof chunk.id !== 'string') {
      return `${chunk.type}: id must be a string`
    }
    return undefined
  }
  const fields = Object.hasOwn(CHUNK_FIELDS, chunk.type) ? CHUNK_FIELDS[chunk.type] : undefined
  if (!fields) return 'unknown'
  for (const field in fields) {
    const kind = fields[field]
    const found = chunk[field]
    if (kind === 'present' ? !(field in chunk) : !fieldMatches(found, kind)) {
      const wanted = kind === 'present' ? 'present' : `a ${String(kind).replace('?', '')}`
      return `${chunk.type}: ${field} must be ${wanted}`
    }
  }
  return undefined
}

function fieldMatches(found: unknown, kind: FieldKind | undefined): boolean {
  if (kind === 'string') return typeof found === 'string'
  if (kind === 'string?') return found === undefined || typeof found === 'string'
  if (kind === 'boolean?') return found === undefined || typeof found === 'boolean'
  return true
}

function malformed(message: string, body: string): DocsApiError {
  return new DocsApiError(`Invalid answer stream: ${message}`, {
    kind: 'invalid-response',
    body: body.length > 200 ? `${body.slice(0, 200)}…` : body,
  })
}

/**
 * Reads the SSE body of the v2 assistant endpoint (`data: {json}\n\n` … `data: [DONE]\n\n`) as
 * batches of checked UI message chunks, one batch per network read.
 *
 * Any chunking is fine: events and UTF-8 characters may be split across reads, and lines may end
 * in `\n`, `\r\n` or `\r`. Each byte is scanned once (the unread tail is carried, never re-scanned),
 * so time is linear in the body. Comments (`:`) and the `event`/`id`/`retry` fields are ignored;
 * multi-line `data` is joined with `\n` as SSE says.
 *
 * Throws a `DocsApiError`: `invalid-response` for an event that is not JSON, a chunk that lacks
 * a field its type requires, or a line or event past `maxEventChars` (checked before it is kept,
 * so a line that never ends costs at most the cap), `network` when the body closes before a `finish`, `error`, `abort` or
 * `[DONE]`. Unknown chunk types go to `onUnknownChunk` and are left out. The body is released
 * (cancelled if unread) when iteration stops early.
 */
export async function* readUIMessageStreamBatches(
  body: ReadableStream<Uint8Array>,
  options: ReadUIMessageStreamOptions = {},
): AsyncGenerator<UIMessageStreamChunk[], void, undefined> {
  const maxEvent = options.maxEventChars ?? DATA_LIMITS.streamLineChars
  const tooLong = (what: string, start: string) =>
    malformed(`${what} is longer than ${maxEvent} characters (DATA_LIMITS.streamLineChars)`, start)
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let carry = ''
  // Characters of the `data` lines of the event being read, checked before each is kept.
  let dataChars = 0
  // A `\r` that ended the last read: a `\n` starting the next one belongs to it.
  let skipLineFeed = false
  let data: string[] = []
  let ended = false
  let done = false

  const dispatch = (batch: UIMessageStreamChunk[]): void => {
    if (data.length === 0) return
    const payload = data.join('\n')
    data = []
    dataChars = 0
    if (payload === '[DONE]') {
      done = true
      return
    }
    let value: unknown
    try {
      value = JSON.parse(payload)
    } catch {
      throw malformed('an event is not valid JSON', payload)
    }
    const problem = checkUIMessageChunk(value)
    const chunk = value as UIMessageStreamChunk
    if (problem === 'unknown') {
      options.onUnknownChunk?.(chunk)
      return
    }
    if (problem) throw malformed(problem, payload)
    if (TERMINAL.has(chunk.type)) ended = true
    batch.push(chunk)
  }

  const line = (value: string, batch: UIMessageStreamChunk[]): void => {
    if (value === '') dispatch(batch)
    else if (value.startsWith('data:')) {
      const field = value.charCodeAt(5) === 32 ? value.slice(6) : value.slice(5)
      dataChars += field.length + 1
      if (dataChars > maxEvent) throw tooLong('an event', data[0] ?? field)
      data.push(field)
    }
    // Comments and other fields carry nothing the chunks need.
  }

  const scan = (input: string, batch: UIMessageStreamChunk[]): void => {
    let start = 0
    if (skipLineFeed && input.charCodeAt(0) === 10) start = 1
    skipLineFeed = false
    for (let index = start; index < input.length; index++) {
      const code = input.charCodeAt(index)
      if (code !== 10 && code !== 13) continue
      if (carry.length + index - start > maxEvent)
        throw tooLong('a line', carry || input.slice(start, start + 200))
      const value = carry + input.slice(start, index)
      carry = ''
      line(value, batch)
      if (done) return
      if (code === 13) {
        if (index + 1 === input.length) skipLineFeed = true
        else if (input.charCodeAt(index + 1) === 10) index++
      }
      start = index + 1
    }
    if (carry.length + input.length - start > maxEvent) {
      throw tooLong('a line', carry || input.slice(start, start + 200))
    }
    carry += input.slice(start)
  }

  let finishedReading = false
  try {
    for (;;) {
      const { done: closed, value } = await reader.read()
      const batch: UIMessageStreamChunk[] = []
      if (closed) {
        finishedReading = true
        scan(decoder.decode(), batch)
        // An event without its closing blank line is incomplete and dropped, as SSE says (and as
        // the AI SDK's own parser does); the check for a terminal chunk below reports the cut.
        if (batch.length > 0) yield batch
        break
      }
      scan(decoder.decode(value, { stream: true }), batch)
      if (batch.length > 0) yield batch
      if (done) break
    }
  } finally {
    if (!finishedReading) await reader.cancel().catch(() => {})
    reader.releaseLock()
  }
  if (!ended && !done) throw cutAnswerError()
}

/** The chunks of `readUIMessageStreamBatches` one by one. */
export async function* readUIMessageStreamChunks(
  body: ReadableStream<Uint8Array>,
  options: ReadUIMessageStreamOptions = {},
): AsyncGenerator<UIMessageStreamChunk, void, undefined> {
  for await (const batch of readUIMessageStreamBatches(body, options)) yield* batch
}
