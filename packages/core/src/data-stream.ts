/**
 * Reader for the AI SDK v4 data stream protocol (`<code>:<JSON>\n` per line), the wire format of the
 * documentation API's v1 assistant endpoint.
 *
 * Unlike the AI SDK v4 client, the reader never throws on content: unknown part codes become
 * `unknown` events (forward-compatible), malformed lines become `parse-error` events, and the extra
 * keys the v4 client drops from `d:`/`e:`/`f:` (such as `threadId`) are kept in `extras`.
 */

export type DataStreamFinishReason =
  | 'stop'
  | 'length'
  | 'content-filter'
  | 'tool-calls'
  | 'error'
  | 'other'
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
  // Fast path for the commonest line, a text delta without escapes: `0:"…"` whose only quotes are
  // the outer ones is a JSON string equal to its inner characters, so JSON.parse can be skipped.
  // (Raw control characters, which JSON forbids and no JSON writer emits, are let through.)
  const last = line.length - 1
  if (
    last >= 3 &&
    line.charCodeAt(0) === 0x30 &&
    line.charCodeAt(1) === 0x3a &&
    line.charCodeAt(2) === 0x22 &&
    line.charCodeAt(last) === 0x22 &&
    line.indexOf('"', 3) === last &&
    line.indexOf('\\', 3) === -1
  ) {
    return { type: 'text', text: line.slice(3, last) }
  }
  const separator = line.indexOf(':')
  if (separator === -1) {
    return invalid(
      line,
      lineNumber,
      `Line ${lineNumber}: no separator found in "${preview(line)}".`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(line.slice(separator + 1))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return invalid(
      line,
      lineNumber,
      `Line ${lineNumber}: invalid JSON in "${preview(line)}": ${reason}`,
    )
  }
  // All known codes are one character: compare char codes instead of slicing a string per line.
  const code = separator === 1 ? line.charCodeAt(0) : -1
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
        const event: DataStreamEvent = {
          type: 'finish-message',
          finishReason: value.finishReason,
          extras: extrasOf(value, FINISH_MESSAGE_KEYS),
        }
        const usage = usageOf(value.usage)
        if (usage) event.usage = usage
        return event
      }
      break
    case 0x65: // e
      if (isObject(value) && typeof value.finishReason === 'string') {
        const event: DataStreamEvent = {
          type: 'finish-step',
          finishReason: value.finishReason,
          isContinued: value.isContinued === true,
          extras: extrasOf(value, FINISH_STEP_KEYS),
        }
        const usage = usageOf(value.usage)
        if (usage) event.usage = usage
        return event
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
      return { type: 'unknown', code: line.slice(0, separator), value, line }
  }
  return invalid(
    line,
    lineNumber,
    `Line ${lineNumber}: unexpected value for part "${line.slice(0, separator)}" in "${preview(line)}".`,
  )
}

function preview(line: string): string {
  return line.length > 120 ? `${line.slice(0, 117)}...` : line
}

/**
 * Reads a v4 data stream body into typed events. Handles any chunking: lines and multi-byte
 * characters split across chunks, CRLF line ends, blank lines and a last line without a line break.
 */
export function readDataStream(
  body: ReadableStream<Uint8Array>,
  options: ReadDataStreamOptions = {},
): AsyncIterableIterator<DataStreamEvent> {
  const { signal } = options
  const reader = body.getReader()
  const decoder = new TextDecoder()
  // Events of the chunk being drained; a plain array with a cursor beats a generator per event.
  let queue: DataStreamEvent[] = []
  let cursor = 0
  let partial = ''
  let lineNumber = 0
  let done = false
  let released = false

  const pushLine = (line: string) => {
    lineNumber++
    const end =
      line.length > 0 && line.charCodeAt(line.length - 1) === 13 ? line.length - 1 : line.length
    if (end === 0) return
    queue.push(parseDataStreamLine(end === line.length ? line : line.slice(0, end), lineNumber))
  }

  const pushText = (text: string) => {
    let start = 0
    let newline = text.indexOf('\n')
    if (newline === -1) {
      partial += text
      return
    }
    if (partial.length > 0) {
      pushLine(partial + text.slice(0, newline))
      partial = ''
      start = newline + 1
      newline = text.indexOf('\n', start)
    }
    while (newline !== -1) {
      pushLine(text.slice(start, newline))
      start = newline + 1
      newline = text.indexOf('\n', start)
    }
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

  const fill = async (): Promise<void> => {
    queue = []
    cursor = 0
    while (queue.length === 0 && !done) {
      signal?.throwIfAborted()
      const result = await reader.read()
      // A cancel on abort ends the pending read as `done`; report the abort, not a short stream.
      signal?.throwIfAborted()
      if (result.done) {
        done = true
        pushText(decoder.decode())
        if (partial.length > 0) {
          pushLine(partial)
          partial = ''
        }
        release()
      } else {
        pushText(decoder.decode(result.value, { stream: true }))
      }
    }
  }

  const finished: IteratorResult<DataStreamEvent, undefined> = { done: true, value: undefined }

  const refill = async (): Promise<IteratorResult<DataStreamEvent, undefined>> => {
    if (done) return finished
    try {
      await fill()
    } catch (error) {
      done = true
      release()
      throw signal?.aborted ? signal.reason : error
    }
    return cursor < queue.length
      ? { done: false, value: queue[cursor++] as DataStreamEvent }
      : finished
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
      if (!done) {
        done = true
        queue = []
        await reader.cancel().catch(() => {})
        release()
      }
      return { done: true, value: undefined }
    },
    [Symbol.asyncIterator]() {
      return iterator
    },
  }
  return iterator
}
