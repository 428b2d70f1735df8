import { DATA_LIMITS } from './docs-limits'
import { DocsApiError } from './errors'

/**
 * Reader for the AI SDK v4 data stream protocol (`<code>:<JSON>\n` per line), the wire format of the
 * documentation API's v1 assistant endpoint.
 *
 * Unlike the AI SDK v4 client, the reader never throws on content: unknown part codes become
 * `unknown` events (forward-compatible), malformed lines become `parse-error` events, and the extra
 * keys the v4 client drops from `d:`/`e:`/`f:` (such as `threadId`) are kept in `extras`. The one
 * failure it throws for content is a line past its cap (`maxLineChars`), which it cannot buffer.
 */

/** Finish reasons the `finish` chunk of every AI SDK v5+ major accepts. */
export type DocsFinishReason =
  | 'stop'
  | 'length'
  | 'content-filter'
  | 'tool-calls'
  | 'error'
  | 'other'

/** The v4 stream's finish reasons: the v5+ ones and `unknown`. */
export type DataStreamFinishReason =
  | DocsFinishReason
  | 'unknown'
  // Newer servers may send reasons this version does not know; keep them rather than fail.
  | (string & {})

export interface DataStreamUsage {
  promptTokens: number
  completionTokens: number
}

export interface DataStreamSource {
  sourceType: 'url' | (string & {})
  id: string
  url: string
  title?: string
  providerMetadata?: Record<string, unknown>
  [key: string]: unknown
}

export type DataStreamEvent =
  | { type: 'text'; text: string }
  | { type: 'data'; data: unknown[] }
  | { type: 'error'; message: string }
  | { type: 'message-annotations'; annotations: unknown[] }
  | { type: 'tool-call'; toolCallId: string; toolName: string; args: unknown }
  | { type: 'tool-result'; toolCallId: string; result: unknown }
  | { type: 'tool-call-start'; toolCallId: string; toolName: string }
  | { type: 'tool-call-delta'; toolCallId: string; argsTextDelta: string }
  | {
      type: 'finish-message'
      finishReason: DataStreamFinishReason
      usage?: DataStreamUsage
      extras: Record<string, unknown>
    }
  | {
      type: 'finish-step'
      finishReason: DataStreamFinishReason
      usage?: DataStreamUsage
      isContinued: boolean
      extras: Record<string, unknown>
    }
  | { type: 'start-step'; messageId: string; extras: Record<string, unknown> }
  | { type: 'reasoning'; text: string }
  | { type: 'source'; source: DataStreamSource }
  | { type: 'redacted-reasoning'; data: string }
  | { type: 'reasoning-signature'; signature: string }
  | { type: 'file'; data: string; mimeType: string }
  | { type: 'unknown'; code: string; value: unknown; line: string }
  | { type: 'parse-error'; line: string; lineNumber: number; message: string }

export type DataStreamEventType = DataStreamEvent['type']

export interface ReadDataStreamOptions {
  /** Stops reading (and cancels the body) when aborted; the iterator then rejects with the reason. */
  signal?: AbortSignal
  /**
   * Longest line read, in characters. Defaults to `DATA_LIMITS.streamLineChars` (8 MiB): a text
   * delta is a few characters and a 5 MiB file part fits. A longer line (or one that never ends)
   * fails the stream with an `invalid-response` `DocsApiError` as soon as the cap is passed, and
   * the body is cancelled: nothing past the cap is buffered.
   */
  maxLineChars?: number
}

/** The failure of a line past the cap: typed, and with only a preview of what was read. */
function streamLineTooLong(maxChars: number, start: string): DocsApiError {
  return new DocsApiError(
    `Invalid answer stream: a line is longer than ${maxChars} characters (DATA_LIMITS.streamLineChars)`,
    { kind: 'invalid-response', body: start.length > 200 ? `${start.slice(0, 200)}…` : start },
  )
}

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

function extrasOf(value: Json, known: readonly string[]): Record<string, unknown> {
  const extras: Record<string, unknown> = {}
  for (const key in value) {
    if (!known.includes(key)) extras[key] = value[key]
  }
  return extras
}

/** A finish event with the line's `usage` added, when it has a well-formed one. */
function withUsage(
  event: Extract<DataStreamEvent, { type: 'finish-message' | 'finish-step' }>,
  raw: unknown,
): DataStreamEvent {
  const usage = usageOf(raw)
  if (usage) event.usage = usage
  return event
}

function usageOf(value: unknown): DataStreamUsage | undefined {
  return isObject(value) ? (value as unknown as DataStreamUsage) : undefined
}

const FINISH_MESSAGE_KEYS = ['finishReason', 'usage'] as const
const FINISH_STEP_KEYS = ['finishReason', 'usage', 'isContinued'] as const
const START_STEP_KEYS = ['messageId'] as const

function invalid(line: string, lineNumber: number, message: string): DataStreamEvent {
  return { type: 'parse-error', line, lineNumber, message }
}

/**
 * Parses one line of a v4 data stream (without its line break). Never throws: problems come back as
 * `parse-error` events and unknown codes as `unknown` events.
 */
export function parseDataStreamLine(line: string, lineNumber = 0): DataStreamEvent {
  return parseDataStreamRange(line, 0, line.length, lineNumber)
}

/** Whether `source[from..end)` has no `"` and no `\\`; bounded so it never scans past the line. */
function isPlainJsonStringBody(source: string, from: number, end: number): boolean {
  for (let index = from; index < end; index++) {
    const char = source.charCodeAt(index)
    if (char === 0x22 || char === 0x5c) return false
  }
  return true
}

/**
 * `parseDataStreamLine` for the line `source[start..end)`, parsed where it lies in the decoded chunk:
 * the reader then slices only the JSON payload (or, for plain text deltas, only the text), never
 * the line itself.
 */
function parseDataStreamRange(
  source: string,
  start: number,
  end: number,
  lineNumber: number,
): DataStreamEvent {
  // Fast path for the commonest line, a text delta without escapes: `0:"…"` whose only quotes are
  // the outer ones is a JSON string equal to its inner characters, so JSON.parse can be skipped.
  // (Raw control characters, which JSON forbids and no JSON writer emits, are let through.)
  const last = end - 1
  if (
    last - start >= 3 &&
    source.charCodeAt(start) === 0x30 &&
    source.charCodeAt(start + 1) === 0x3a &&
    source.charCodeAt(start + 2) === 0x22 &&
    source.charCodeAt(last) === 0x22 &&
    isPlainJsonStringBody(source, start + 3, last)
  ) {
    return { type: 'text', text: source.slice(start + 3, last) }
  }
  let separator = start + 1
  if (source.charCodeAt(separator) !== 0x3a) {
    // A bounded scan: `indexOf` could run on through the rest of the chunk for every such line.
    separator = start
    while (separator < end && source.charCodeAt(separator) !== 0x3a) separator++
    if (separator === end) {
      const line = source.slice(start, end)
      return invalid(
        line,
        lineNumber,
        `Line ${lineNumber}: no separator found in "${preview(line)}".`,
      )
    }
  }
  let value: unknown
  try {
    value = JSON.parse(source.slice(separator + 1, end))
  } catch (error) {
    const line = source.slice(start, end)
    const reason = error instanceof Error ? error.message : String(error)
    return invalid(
      line,
      lineNumber,
      `Line ${lineNumber}: invalid JSON in "${preview(line)}": ${reason}`,
    )
  }
  // All known codes are one character: compare char codes instead of slicing a string per line.
  const code = separator === start + 1 ? source.charCodeAt(start) : -1
  switch (code) {
    case 0x30: // 0
      if (typeof value === 'string') return { type: 'text', text: value }
      break
    case 0x32: // 2
      if (Array.isArray(value)) return { type: 'data', data: value }
      break
    case 0x33: // 3
      if (typeof value === 'string') return { type: 'error', message: value }
      break
    case 0x38: // 8
      if (Array.isArray(value)) return { type: 'message-annotations', annotations: value }
      break
    case 0x39: // 9
      if (
        isObject(value) &&
        typeof value.toolCallId === 'string' &&
        typeof value.toolName === 'string' &&
        isObject(value.args)
      ) {
        return {
          type: 'tool-call',
          toolCallId: value.toolCallId,
          toolName: value.toolName,
          args: value.args,
        }
      }
      break
    case 0x61: // a
      if (isObject(value) && typeof value.toolCallId === 'string' && 'result' in value) {
        return { type: 'tool-result', toolCallId: value.toolCallId, result: value.result }
      }
      break
    case 0x62: // b
      if (
        isObject(value) &&
        typeof value.toolCallId === 'string' &&
        typeof value.toolName === 'string'
      ) {
        return { type: 'tool-call-start', toolCallId: value.toolCallId, toolName: value.toolName }
      }
      break
    case 0x63: // c
      if (
        isObject(value) &&
        typeof value.toolCallId === 'string' &&
        typeof value.argsTextDelta === 'string'
      ) {
        return {
          type: 'tool-call-delta',
          toolCallId: value.toolCallId,
          argsTextDelta: value.argsTextDelta,
        }
      }
      break
    case 0x64: // d
      if (isObject(value) && typeof value.finishReason === 'string') {
        return withUsage(
          {
            type: 'finish-message',
            finishReason: value.finishReason,
            extras: extrasOf(value, FINISH_MESSAGE_KEYS),
          },
          value.usage,
        )
      }
      break
    case 0x65: // e
      if (isObject(value) && typeof value.finishReason === 'string') {
        return withUsage(
          {
            type: 'finish-step',
            finishReason: value.finishReason,
            isContinued: value.isContinued === true,
            extras: extrasOf(value, FINISH_STEP_KEYS),
          },
          value.usage,
        )
      }
      break
    case 0x66: // f
      if (isObject(value) && typeof value.messageId === 'string') {
        return {
          type: 'start-step',
          messageId: value.messageId,
          extras: extrasOf(value, START_STEP_KEYS),
        }
      }
      break
    case 0x67: // g
      if (typeof value === 'string') return { type: 'reasoning', text: value }
      break
    case 0x68: // h
      if (isObject(value)) return { type: 'source', source: value as DataStreamSource }
      break
    case 0x69: // i
      if (isObject(value) && typeof value.data === 'string') {
        return { type: 'redacted-reasoning', data: value.data }
      }
      break
    case 0x6a: // j
      if (isObject(value) && typeof value.signature === 'string') {
        return { type: 'reasoning-signature', signature: value.signature }
      }
      break
    case 0x6b: // k
      if (isObject(value) && typeof value.data === 'string' && typeof value.mimeType === 'string') {
        return { type: 'file', data: value.data, mimeType: value.mimeType }
      }
      break
    default:
      return {
        type: 'unknown',
        code: source.slice(start, separator),
        value,
        line: source.slice(start, end),
      }
  }
  const line = source.slice(start, end)
  return invalid(
    line,
    lineNumber,
    `Line ${lineNumber}: unexpected value for part "${source.slice(start, separator)}" in "${preview(line)}".`,
  )
}

function preview(line: string): string {
  return line.length > 120 ? `${line.slice(0, 117)}...` : line
}

/**
 * The shared engine of both readers: decodes chunks, splits lines (any chunking, split UTF-8, CRLF,
 * blank lines, a last line without a break) and parses each line once into the batch of its chunk.
 */
interface DataStreamBatchSource {
  /** The next non-empty batch of events, or `done` once the body has ended. */
  next(): Promise<IteratorResult<DataStreamEvent[], undefined>>
  /** Stops reading and cancels the body. */
  return(): Promise<IteratorResult<DataStreamEvent[], undefined>>
}

function openDataStream(
  body: ReadableStream<Uint8Array>,
  options: ReadDataStreamOptions,
): DataStreamBatchSource {
  const { signal } = options
  const maxLine = options.maxLineChars ?? DATA_LIMITS.streamLineChars
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let batch: DataStreamEvent[] = []
  let partial = ''
  let lineNumber = 0
  let done = false
  let released = false

  /** Parses the line `text[start..end)`; a trailing `\r` (CRLF) is dropped, blank lines skipped. */
  const pushLine = (text: string, start: number, end: number) => {
    lineNumber++
    if (end > start && text.charCodeAt(end - 1) === 13) end--
    if (end === start) return
    batch.push(parseDataStreamRange(text, start, end, lineNumber))
  }

  // Every length is checked before the text is kept or parsed: a line that never ends fails once
  // it passes the cap, with at most the cap (and the chunk being read) in memory.
  const tooLong = (start: string) => streamLineTooLong(maxLine, start)

  const pushText = (text: string) => {
    let start = 0
    let newline = text.indexOf('\n')
    if (newline === -1) {
      if (partial.length + text.length > maxLine) throw tooLong(partial || text)
      partial += text
      return
    }
    if (partial.length > 0) {
      if (partial.length + newline > maxLine) throw tooLong(partial)
      const line = partial + text.slice(0, newline)
      pushLine(line, 0, line.length)
      partial = ''
      start = newline + 1
      newline = text.indexOf('\n', start)
    }
    while (newline !== -1) {
      if (newline - start > maxLine) throw tooLong(text.slice(start, start + 200))
      pushLine(text, start, newline)
      start = newline + 1
      newline = text.indexOf('\n', start)
    }
    if (text.length - start > maxLine) throw tooLong(text.slice(start, start + 200))
    partial = start < text.length ? text.slice(start) : ''
  }

  const release = () => {
    if (released) return
    released = true
    signal?.removeEventListener('abort', onAbort)
    reader.releaseLock()
  }

  const onAbort = () => {
    reader.cancel(signal?.reason).catch(() => {})
  }
  if (signal?.aborted) onAbort()
  else signal?.addEventListener('abort', onAbort, { once: true })

  const finished: IteratorResult<DataStreamEvent[], undefined> = { done: true, value: undefined }

  return {
    // One async function per batch, reading as many chunks as it takes to get an event: with small
    // chunks, every extra async layer here costs a promise per chunk.
    async next() {
      if (done) return finished
      batch = []
      try {
        while (batch.length === 0 && !done) {
          signal?.throwIfAborted()
          const result = await reader.read()
          // A cancel on abort ends the pending read as `done`; report the abort, not a short stream.
          signal?.throwIfAborted()
          if (result.done) {
            done = true
            pushText(decoder.decode())
            if (partial.length > 0) {
              pushLine(partial, 0, partial.length)
              partial = ''
            }
            release()
          } else {
            pushText(decoder.decode(result.value, { stream: true }))
          }
        }
      } catch (error) {
        done = true
        // A line past the cap leaves the body unread: cancel it, so the server stops sending.
        if (!signal?.aborted) reader.cancel(error).catch(() => {})
        release()
        throw signal?.aborted ? signal.reason : error
      }
      return batch.length > 0 ? { done: false, value: batch } : finished
    },
    async return() {
      if (!done) {
        done = true
        batch = []
        await reader.cancel().catch(() => {})
        release()
      }
      return finished
    },
  }
}

/**
 * Reads a v4 data stream body into typed events. Handles any chunking: lines and multi-byte
 * characters split across chunks, CRLF line ends, blank lines and a last line without a line break.
 */
export function readDataStream(
  body: ReadableStream<Uint8Array>,
  options: ReadDataStreamOptions = {},
): AsyncIterableIterator<DataStreamEvent> {
  const source = openDataStream(body, options)
  // Events of the chunk being drained; a plain array with a cursor beats a generator per event.
  let queue: DataStreamEvent[] = []
  let cursor = 0
  let ended = false

  const finished: IteratorResult<DataStreamEvent, undefined> = { done: true, value: undefined }

  const refill = async (): Promise<IteratorResult<DataStreamEvent, undefined>> => {
    if (ended) return finished
    let result: IteratorResult<DataStreamEvent[], undefined>
    try {
      result = await source.next()
    } catch (error) {
      ended = true
      throw error
    }
    if (result.done) {
      ended = true
      queue = []
      cursor = 0
      return finished
    }
    const batch = result.value
    queue = batch
    cursor = 1
    return { done: false, value: batch[0] as DataStreamEvent }
  }

  const iterator: AsyncIterableIterator<DataStreamEvent> = {
    // Not `async`: an async function costs a second promise per event, which is most of the
    // reader's overhead over a bare split + JSON.parse when events are drained from the queue.
    next() {
      if (cursor < queue.length) {
        return Promise.resolve({ done: false, value: queue[cursor++] as DataStreamEvent })
      }
      return refill()
    },
    async return() {
      ended = true
      queue = []
      cursor = 0
      await source.return()
      return finished
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}

/**
 * Reads a v4 data stream body as batches: one array per network chunk with every event its complete
 * lines held (never empty). Same parsing and guarantees as `readDataStream`, but one promise per
 * chunk instead of one per event, for consumers that handle events in a loop (a chat connection,
 * a collector). Breaking out of the loop cancels the body.
 */
export function readDataStreamBatches(
  body: ReadableStream<Uint8Array>,
  options: ReadDataStreamOptions = {},
): AsyncIterableIterator<DataStreamEvent[]> {
  const source = openDataStream(body, options)
  const iterator: AsyncIterableIterator<DataStreamEvent[]> = {
    next: source.next,
    return: source.return,
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}
