import { createAnswerBuilder } from './answer-builder'
import { type DataStreamEvent, readDataStreamBatches } from './data-stream'
import { DocsApiError, toDocsApiError } from './errors'
import { abortError } from './retry'
import { type ThreadIdentity, threadFromEvent, threadFromHeaders } from './thread-identity'
import { type DocsWarningHandler, reportWarning } from './warnings'
import type { AssistantMessageResult } from './collect-answer'

export type { AssistantMessageResult, AssistantToolInvocation } from './collect-answer'

/**
 * The answer of the v1 assistant endpoint: iterate it for typed events as they arrive, or
 * `collect()` them. The body can be read once: iterate **or** collect.
 */
export interface AssistantMessageStream extends AsyncIterable<DataStreamEvent> {
  /** The HTTP response (status, headers); its body is read by the stream. */
  readonly response: Response
  /**
   * Thread id from `X-Thread-Id`, else from the stream (`d:`/`e:`/`f:` extras, `8:` annotations,
   * `2:` data) once read, else the one sent.
   */
  readonly threadId?: string
  /** Thread key from `X-Thread-Key`, else from the stream, else the one sent for the same thread. */
  readonly threadKey?: string
  readonly thread?: ThreadIdentity
  /**
   * The answer as batches of events, one per network chunk (each line parsed once, no promise
   * per event): for consumers that handle events in a loop. Iterate, `batches()` or `collect()`:
   * once.
   */
  batches(): AsyncIterable<DataStreamEvent[]>
  /**
   * Reads the whole answer. Rejects with a `DocsApiError` on abort (`aborted`), a `3:` error part
   * (`server`), a malformed line (`invalid-response`), a dropped connection (`network`) or a body
   * that ends before its `d:` finish part (`network`, `cutAnswerError`: the same error on every
   * path); the error's `partial` is the `AssistantMessageResult` read up to that point.
   */
  collect(): Promise<AssistantMessageResult>
  /** Stops reading and closes the connection. */
  cancel(): Promise<void>
}

export interface AssistantMessageStreamInit {
  response: Response
  /** Aborts when the caller's signal does. */
  signal: AbortSignal
  callerSignal?: AbortSignal | undefined
  release: () => void
  sent?: { threadId?: string | null | undefined; threadKey?: string | undefined }
  onWarning?: DocsWarningHandler | undefined
  /** Called when the stream reveals a thread the headers did not carry. */
  onThread?: ((thread: ThreadIdentity) => void) | undefined
}

export function createAssistantMessageStream(
  init: AssistantMessageStreamInit,
): AssistantMessageStream {
  const { response, signal, release, onWarning } = init
  const headerThread = threadFromHeaders(response.headers)
  const sentThread: ThreadIdentity | undefined = init.sent?.threadId
    ? {
        threadId: init.sent.threadId,
        ...(init.sent.threadKey ? { threadKey: init.sent.threadKey } : {}),
      }
    : undefined
  let streamThread: ThreadIdentity | undefined
  let consumed = false
  const warnedCodes = new Set<string>()

  const currentThread = (): ThreadIdentity | undefined => {
    const candidates = [headerThread, streamThread, sentThread]
    const threadId = candidates.find((candidate) => candidate?.threadId)?.threadId
    if (!threadId) return undefined
    const threadKey = candidates.find(
      (candidate) => candidate?.threadId === threadId && candidate.threadKey,
    )?.threadKey
    return threadKey ? { threadId, threadKey } : { threadId }
  }

  const noteThreadAndUnknowns = (event: DataStreamEvent): void => {
    if (!streamThread) {
      streamThread = threadFromEvent(event)
      const thread = streamThread && !headerThread ? currentThread() : undefined
      if (thread) init.onThread?.(thread)
    }
    if (event.type === 'unknown' && !warnedCodes.has(event.code)) {
      warnedCodes.add(event.code)
      reportWarning(onWarning, {
        code: 'unknown-stream-part',
        message: `Unknown data stream part "${event.code}" ignored`,
        value: event.line,
      })
    }
  }

  async function* batches(): AsyncGenerator<DataStreamEvent[]> {
    if (consumed) {
      throw new DocsApiError('The assistant stream was already read; iterate or collect it once', {
        kind: 'bad-request',
        retryable: false,
      })
    }
    consumed = true
    try {
      if (!response.body) {
        throw new DocsApiError('The assistant response has no body', { kind: 'invalid-response' })
      }
      for await (const batch of readDataStreamBatches(response.body, { signal })) {
        for (const event of batch) noteThreadAndUnknowns(event)
        yield batch
      }
    } catch (cause) {
      if (init.callerSignal?.aborted || signal.aborted) throw abortError(signal)
      throw toDocsApiError(cause)
    } finally {
      release()
    }
  }

  async function* events(): AsyncGenerator<DataStreamEvent> {
    for await (const batch of batches()) yield* batch
  }

  const finalize = (result: AssistantMessageResult): AssistantMessageResult => {
    const thread = currentThread()
    if (!thread) return result
    return {
      ...result,
      thread,
      threadId: thread.threadId,
      ...(thread.threadKey ? { threadKey: thread.threadKey } : {}),
    }
  }

  const stream: AssistantMessageStream = {
    response,
    get threadId() {
      return currentThread()?.threadId
    },
    get threadKey() {
      return currentThread()?.threadKey
    },
    get thread() {
      return currentThread()
    },
    [Symbol.asyncIterator]: () => events(),
    batches,
    async collect() {
      // Reading starts now, as the call's own (a later `cancel()` or a second read sees it). The
      // result's assembly is a module of its own, loaded on first use and importing nothing: the
      // drop-in reads answers through `batches()` and never loads it.
      const reading = batches()
      const first = reading.next()
      first.catch(() => {})
      const builder = createAnswerBuilder({ id: '' })
      const { collectAnswer } = await import('./collect-answer')
      return collectAnswer(builder, first, reading, finalize, toDocsApiError)
    },
    async cancel() {
      if (!consumed) {
        consumed = true
        await response.body?.cancel().catch(() => {})
        release()
      }
    },
  }
  return stream
}

/** Warns when a 2xx answer does not look like a v4 data stream (typically a proxy's HTML page). */
export function checkStreamHeaders(response: Response, onWarning?: DocsWarningHandler): void {
  if (response.headers.has('x-vercel-ai-data-stream')) return
  const contentType = response.headers.get('content-type') ?? ''
  if (/text\/html|application\/xhtml/i.test(contentType)) {
    reportWarning(onWarning, {
      code: 'unexpected-content-type',
      message: `The assistant endpoint answered with ${contentType} and no X-Vercel-AI-Data-Stream header: a proxy or a wrong baseUrl is probably returning an HTML page`,
      value: contentType,
    })
  }
}
