import {
  DocsApiError,
  readDataStream,
  type ThreadIdentity,
  threadFromEvent,
  threadFromHeaders,
} from '@docchat/core'

type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

export interface AssistantResponseInfo {
  status: number
  headers: Headers
}

export interface ThreadCapturingFetchOptions {
  fetch: FetchFunction
  /** Every response, before its body is read; error mapping needs the status useChat hides. */
  onResponse?: (info: AssistantResponseInfo) => void
  /** Thread identity from `X-Thread-Id`/`X-Thread-Key` or the stream (`d:`/`e:`/`f:` extras, `8:`, `2:`). */
  onThread: (thread: ThreadIdentity) => void
  /**
   * Fail a 200 stream that closes without its `d:` finish line (a cut connection or proxy
   * timeout), which AI SDK v4 would otherwise take for a complete answer. Defaults to `true`.
   */
  requireFinish?: boolean
}

/**
 * A `fetch` for AI SDK v4's `useChat` that learns the thread identity. Stock `useChat` drops extra
 * keys of `d:` lines, so the body is teed and one branch scanned with core's stream reader. The
 * hook's branch ends only after the scan has caught up, so a thread id in the last line is known
 * when `useChat` settles, and it fails with an AbortError as soon as the request's signal aborts,
 * whatever the underlying fetch does with the signal.
 */
export function createThreadCapturingFetch(options: ThreadCapturingFetchOptions): FetchFunction {
  const { fetch: fetchFunction, onResponse, onThread, requireFinish = true } = options
  return async (input, init) => {
    const response = await fetchFunction(input, init)
    onResponse?.({ status: response.status, headers: response.headers })
    const fromHeaders = threadFromHeaders(response.headers)
    if (fromHeaders) onThread(fromHeaders)
    if (!response.ok || !response.body) return response

    const signal = init?.signal ?? undefined
    const [forHook, forScan] = response.body.tee()
    const scanned = scanStream(forScan, onThread, signal)
    return new Response(relay(forHook, scanned, signal, requireFinish), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    })
  }
}

interface ScanResult {
  /** A `d:` finish line or a `3:` error part arrived: the server ended the answer itself. */
  ended: boolean
}

async function scanStream(
  body: ReadableStream<Uint8Array>,
  onThread: (thread: ThreadIdentity) => void,
  signal: AbortSignal | undefined,
): Promise<ScanResult> {
  let ended = false
  try {
    for await (const event of readDataStream(body, { signal })) {
      if (event.type === 'finish-message' || event.type === 'error') ended = true
      const thread = threadFromEvent(event)
      if (thread) onThread(thread)
    }
  } catch {
    // The hook's branch reports the same failure; the scan only ever adds information.
    ended = true
  }
  return { ended }
}

function relay(
  source: ReadableStream<Uint8Array>,
  scanned: Promise<ScanResult>,
  signal: AbortSignal | undefined,
  requireFinish: boolean,
): ReadableStream<Uint8Array> {
  const reader = source.getReader()
  let settled = false
  let endsWithNewline = true
  // Set once every byte is queued: failing in the same pull would drop chunks the hook has not read.
  let failure: DocsApiError | undefined
  return new ReadableStream<Uint8Array>({
    start(controller) {
      if (!signal) return
      const abort = () => {
        if (settled) return
        settled = true
        controller.error(abortReason(signal))
        reader.cancel().catch(() => {})
      }
      if (signal.aborted) abort()
      else signal.addEventListener('abort', abort, { once: true })
    },
    async pull(controller) {
      if (failure) {
        settled = true
        controller.error(failure)
        return
      }
      const { done, value } = await reader.read()
      if (settled) return
      if (done) {
        const { ended } = await scanned
        if (settled) return
        // AI SDK v4 parses only whole lines, so a last line without its newline would be lost.
        if (!endsWithNewline) controller.enqueue(newline)
        if (requireFinish && !ended) {
          failure = cutStreamError()
          // Only error straight away when nothing is left for the hook to read.
          if (endsWithNewline) {
            settled = true
            controller.error(failure)
          }
          return
        }
        settled = true
        controller.close()
        return
      }
      if (value.length > 0) endsWithNewline = value[value.length - 1] === newline[0]
      controller.enqueue(value)
    },
    cancel(reason) {
      settled = true
      return reader.cancel(reason)
    },
  })
}

const newline = new Uint8Array([0x0a])

function cutStreamError(): DocsApiError {
  return new DocsApiError('The answer stream ended before it finished.', { kind: 'network' })
}

function abortReason(signal: AbortSignal): unknown {
  const reason: unknown = signal.reason
  if (reason instanceof Error && reason.name === 'AbortError') return reason
  return new DOMException('The operation was aborted.', 'AbortError')
}
