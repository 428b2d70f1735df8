/**
 * Fault injection, per request (`x-docchat-fault` header) or per server (`faults` option), so
 * clients can be tested against slow, broken and failing responses without a flaky network.
 */
import { HttpError, sleep } from './http'

export interface Faults {
  /** Delay before the request is handled at all (ms). */
  latency?: number
  /** Delay between the response headers and the first body byte (ms). */
  firstByte?: number
  /** Pace streamed text parts at this many parts per second. */
  tokenRate?: number
  /** Close the stream cleanly after this many parts (lines or SSE events). */
  cutAfter?: number
  /** Answer with this HTTP status and a JSON error body instead of the real response. */
  status?: number
  /** Insert a line that is not valid JSON after the first text part. */
  malformedLine?: boolean
  /** Emit an error part after the first text part and end the stream. */
  errorPart?: boolean
  /** Make a created agent job or update fail: `error`, `github_missconfigured`, `interrupted`, `failure`. */
  fail?: string
}

export const faultHeader = 'x-docchat-fault'

const numeric = {
  latency: 'latency',
  'first-byte': 'firstByte',
  'token-rate': 'tokenRate',
  'cut-after': 'cutAfter',
  status: 'status',
} as const

/** Parses `latency=200,first-byte=300,token-rate=40,cut-after=5,status=503,malformed-line,error-part`. */
export function parseFaults(spec: string | null | undefined): Faults {
  const faults: Faults = {}
  if (!spec) return faults
  for (const token of spec.split(/[,;]/)) {
    const trimmed = token.trim()
    if (!trimmed) continue
    const [rawName, rawValue] = trimmed.split('=', 2).map((s) => s.trim())
    const name = (rawName ?? '').toLowerCase()
    if (name === 'malformed-line') faults.malformedLine = true
    else if (name === 'error-part') faults.errorPart = true
    else if (name === 'fail') faults.fail = rawValue || 'error'
    else if (name in numeric) {
      const value = Number(rawValue)
      const key = numeric[name as keyof typeof numeric]
      const valid =
        rawValue !== undefined &&
        Number.isFinite(value) &&
        value >= 0 &&
        (key !== 'status' || (Number.isInteger(value) && value >= 100 && value <= 599)) &&
        (key !== 'tokenRate' || value > 0)
      if (!valid) {
        throw new HttpError(
          400,
          `Invalid ${faultHeader} value for "${name}": "${rawValue ?? ''}"`,
          {
            field: faultHeader,
          },
        )
      }
      faults[key] = value
    } else {
      throw new HttpError(
        400,
        `Unknown ${faultHeader} fault "${rawName}". Known: latency=ms, first-byte=ms, token-rate=n, cut-after=n, status=nnn, malformed-line, error-part, fail=reason`,
        { field: faultHeader },
      )
    }
  }
  return faults
}

export function hasStreamFaults(faults: Faults): boolean {
  return (
    faults.firstByte !== undefined ||
    faults.tokenRate !== undefined ||
    faults.cutAfter !== undefined ||
    faults.malformedLine === true ||
    faults.errorPart === true
  )
}

export type StreamKind = 'data-stream' | 'sse' | 'json'

const encoder = new TextEncoder()

/** Splits a byte stream into protocol parts: lines for v4 data streams, events for SSE. */
async function* parts(body: ReadableStream<Uint8Array>, kind: StreamKind): AsyncGenerator<string> {
  if (kind === 'json') {
    const reader = body.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield new TextDecoder().decode(value)
    }
  }
  const separator = kind === 'sse' ? '\n\n' : '\n'
  const decoder = new TextDecoder()
  const reader = body.getReader()
  let buffer = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      buffer += decoder.decode(value, { stream: true })
      let index = buffer.indexOf(separator)
      while (index !== -1) {
        yield buffer.slice(0, index + separator.length)
        buffer = buffer.slice(index + separator.length)
        index = buffer.indexOf(separator)
      }
    }
    buffer += decoder.decode()
    if (buffer) yield buffer
  } finally {
    reader.releaseLock()
  }
}

function isTextPart(part: string, kind: StreamKind): boolean {
  if (kind === 'data-stream') return part.startsWith('0:')
  if (kind === 'sse') return part.includes('"type":"text-delta"')
  return false
}

function malformed(kind: StreamKind): string {
  return kind === 'sse' ? 'data: {"type":"text-delta","delta":\n\n' : '0:"unterminated\n'
}

function errorPart(kind: StreamKind): string {
  const message = 'Injected error part (x-docchat-fault: error-part)'
  return kind === 'sse'
    ? `data: ${JSON.stringify({ type: 'error', errorText: message })}\n\n`
    : `3:${JSON.stringify(message)}\n`
}

/** Wraps a response body so the configured stream faults happen on the wire. */
export function applyStreamFaults(
  body: ReadableStream<Uint8Array>,
  faults: Faults,
  kind: StreamKind,
  signal?: AbortSignal,
): ReadableStream<Uint8Array> {
  if (!hasStreamFaults(faults)) return body
  const source = parts(body, kind)
  let emitted = 0
  let started = false
  let sawText = false
  let injected = false
  const interval = faults.tokenRate ? 1000 / faults.tokenRate : 0

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true
        await sleep(faults.firstByte ?? 0, signal)
      }
      if (faults.cutAfter !== undefined && emitted >= faults.cutAfter) {
        await source.return(undefined)
        controller.close()
        return
      }
      const next = await source.next()
      if (next.done) {
        controller.close()
        return
      }
      const part = next.value
      const text = isTextPart(part, kind)
      if (text && interval && sawText) await sleep(interval, signal)
      controller.enqueue(encoder.encode(part))
      emitted++
      if (text) sawText = true
      if (sawText && !injected && (faults.malformedLine || faults.errorPart)) {
        injected = true
        if (faults.malformedLine) {
          controller.enqueue(encoder.encode(malformed(kind)))
          emitted++
        }
        if (faults.errorPart) {
          controller.enqueue(encoder.encode(errorPart(kind)))
          await source.return(undefined)
          controller.close()
        }
      }
    },
    async cancel() {
      await source.return(undefined)
    },
  })
}
