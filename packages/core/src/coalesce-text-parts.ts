import { type DataStreamEvent, readDataStreamBatches } from './data-stream'

const part = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`

/**
 * The v4 data stream line (with its line break) of an event: what `parseDataStreamLine` read,
 * written back. Unknown and malformed lines are returned as they arrived.
 */
export function formatDataStreamLine(event: DataStreamEvent): string {
  switch (event.type) {
    case 'text':
      return part('0', event.text)
    case 'data':
      return part('2', event.data)
    case 'error':
      return part('3', event.message)
    case 'message-annotations':
      return part('8', event.annotations)
    case 'tool-call':
      return part('9', { toolCallId: event.toolCallId, toolName: event.toolName, args: event.args })
    case 'tool-result':
      return part('a', { toolCallId: event.toolCallId, result: event.result })
    case 'tool-call-start':
      return part('b', { toolCallId: event.toolCallId, toolName: event.toolName })
    case 'tool-call-delta':
      return part('c', { toolCallId: event.toolCallId, argsTextDelta: event.argsTextDelta })
    case 'finish-message':
      return part('d', {
        finishReason: event.finishReason,
        ...(event.usage ? { usage: event.usage } : {}),
        ...event.extras,
      })
    case 'finish-step':
      return part('e', {
        finishReason: event.finishReason,
        ...(event.usage ? { usage: event.usage } : {}),
        isContinued: event.isContinued,
        ...event.extras,
      })
    case 'start-step':
      return part('f', { messageId: event.messageId, ...event.extras })
    case 'reasoning':
      return part('g', event.text)
    case 'source':
      return part('h', event.source)
    case 'redacted-reasoning':
      return part('i', { data: event.data })
    case 'reasoning-signature':
      return part('j', { signature: event.signature })
    case 'file':
      return part('k', { data: event.data, mimeType: event.mimeType })
    case 'unknown':
    case 'parse-error':
      return `${event.line}\n`
  }
}

export interface EncodeDataStreamOptions {
  /**
   * Text events that arrive within this window are written as one `0:` line. `0` writes every
   * event as it comes. Defaults to `32` (two frames).
   */
  windowMs?: number
  /** Called when the reader cancels the body (to stop the request behind the events). */
  onCancel?: (reason: unknown) => void
}

/**
 * Writes batches of events as a v4 data stream body, one chunk per batch, merging runs of text
 * events that arrive within `windowMs` into one `0:` line. The reason: AI SDK v4's chat parser
 * copies the whole message for every part it reads (structuredClone per part), which grows
 * quadratically with long answers, and a model streaming word by word sends thousands of parts.
 *
 * When the events fail, what was read before the failure is delivered first, then the body errors
 * with the same error; an `AbortError` ends the body at once (a stop, not a failure).
 */
export function encodeDataStream(
  batches: AsyncIterable<DataStreamEvent[]>,
  options: EncodeDataStreamOptions = {},
): ReadableStream<Uint8Array> {
  const windowMs = options.windowMs ?? 32
  const iterator = batches[Symbol.asyncIterator]()
  const encoder = new TextEncoder()
  let next: Promise<IteratorResult<DataStreamEvent[]>> | undefined
  let text = ''
  // One timer per run of text, shared by every wait in it.
  let windowClosed: Promise<undefined> | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let failure: { error: unknown } | undefined

  const takeText = (): string => {
    clearTimeout(timer)
    windowClosed = undefined
    const line = part('0', text)
    text = ''
    return line
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (failure) {
        controller.error(failure.error)
        return
      }
      let out = ''
      let done = false
      try {
        while (!out) {
          next ??= iterator.next()
          const result = windowClosed ? await Promise.race([next, windowClosed]) : await next
          if (result === undefined) {
            out = takeText()
            break
          }
          next = undefined
          if (result.done) {
            if (text) out += takeText()
            done = true
            break
          }
          for (const event of result.value) {
            if (event.type === 'text') {
              if (windowMs > 0) text += event.text
              else out += formatDataStreamLine(event)
              continue
            }
            if (text) out += takeText()
            out += formatDataStreamLine(event)
          }
          if (text) {
            windowClosed ??= new Promise<undefined>((resolve) => {
              timer = setTimeout(resolve, windowMs, undefined)
            })
          }
        }
      } catch (error) {
        next = undefined
        if (text) out += takeText()
        // A stop drops what is unread; any other failure comes after the text read before it.
        if (!out || (error as { name?: unknown } | null)?.name === 'AbortError') {
          controller.error(error)
          return
        }
        failure = { error }
      }
      if (out) controller.enqueue(encoder.encode(out))
      if (done) controller.close()
    },
    cancel(reason) {
      clearTimeout(timer)
      options.onCancel?.(reason)
      // Not awaited: a pending read inside the source would hold the cancel until it settles.
      iterator.return?.().catch(() => {})
    },
  })
}

/**
 * Merges runs of text parts (`0:"…"` lines) of an AI SDK v4 data stream that arrive within
 * `windowMs` into one part (see `encodeDataStream`). Other lines pass in order, unknown and
 * malformed ones as they arrived. The assistant connection's `fetch` does this already; this is
 * for bodies that come another way.
 */
export function coalesceTextParts(
  body: ReadableStream<Uint8Array>,
  windowMs = 32,
): ReadableStream<Uint8Array> {
  return encodeDataStream(readDataStreamBatches(body), { windowMs })
}
