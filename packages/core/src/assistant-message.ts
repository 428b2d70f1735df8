import { type AnswerBuilder, createAnswerBuilder } from './answer-builder'
import {
  type DataStreamEvent,
  type DataStreamFinishReason,
  type DataStreamSource,
  type DataStreamUsage,
  readDataStreamBatches,
} from './data-stream'
import { DocsApiError, toDocsApiError } from './errors'
import type { ToolInvocation } from './request-schemas'
import { abortError } from './retry'
import { type ThreadIdentity, threadFromEvent, threadFromHeaders } from './thread-identity'
import { type DocsWarningHandler, reportWarning } from './warnings'

/** A tool call as seen in the stream (`b:`/`c:` partial, `9:` call, `a:` result). */
export interface AssistantToolInvocation {
  state: 'partial-call' | 'call' | 'result'
  /** Zero-based step (one step per `f:`…`e:` round) in which the call was made. */
  step: number
  toolCallId: string
  toolName: string
  args: unknown
  result?: unknown
}

/** Everything `AssistantMessageStream.collect()` gathers from one answer. */
export interface AssistantMessageResult {
  /** All `0:` text deltas joined (across steps, like the v4 message `content`). */
  text: string
  /** All `g:` reasoning deltas joined. */
  reasoning: string
  toolInvocations: AssistantToolInvocation[]
  sources: DataStreamSource[]
  files: Array<{ data: string; mimeType: string }>
  annotations: unknown[]
  data: unknown[]
  /** `messageId` of the last `f:` part. */
  messageId?: string
  /** From the `d:` part; `undefined` in the `partial` of a stream that ended without one. */
  finishReason?: DataStreamFinishReason
  usage?: DataStreamUsage & { totalTokens: number }
  /**
   * Whether a `d:` (finish message) part arrived: always `true` on a resolved `collect()` (a
   * stream without it rejects); `false` in the `partial` of an error.
   */
  finished: boolean
  /** Number of finished steps (`e:` parts). */
  steps: number
  thread?: ThreadIdentity
  threadId?: string
  threadKey?: string
}

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

function parsePartialJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** `collect()`'s result, read off the answer's one assembly (answer-builder.ts). */
function resultOf({ facts, finished, message }: AnswerBuilder): AssistantMessageResult {
  const built = message()
  const result: AssistantMessageResult = {
    text: built.content,
    reasoning: (built.reasoning as string | undefined) ?? '',
    toolInvocations: ((built.toolInvocations as ToolInvocation[] | undefined) ?? []).map((call) => {
      // Arguments still streaming when the answer ended: what of them parses.
      const argsText = call.state === 'partial-call' ? facts.argsText.get(call.toolCallId) : ''
      const args = argsText ? (parsePartialJson(argsText) ?? call.args) : call.args
      return { ...call, step: call.step ?? 0, args } as AssistantToolInvocation
    }),
    sources: [],
    files: [],
    annotations: built.annotations ?? [],
    data: facts.data,
    finished,
    steps: facts.steps,
  }
  for (const part of built.parts) {
    if (part.type === 'source') result.sources.push(part.source)
    else if (part.type === 'file') result.files.push({ data: part.data, mimeType: part.mimeType })
  }
  if (facts.messageId !== undefined) result.messageId = facts.messageId
  if (facts.finishReason !== undefined) result.finishReason = facts.finishReason
  if (facts.usage) {
    const { promptTokens, completionTokens } = facts.usage
    result.usage = { ...facts.usage, totalTokens: promptTokens + completionTokens }
  }
  return result
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
      const builder = createAnswerBuilder({ id: '' })
      try {
        for await (const batch of batches()) for (const event of batch) builder.apply(event)
        builder.end()
      } catch (cause) {
        const error = toDocsApiError(cause)
        error.partial = finalize(resultOf(builder))
        throw error
      }
      return finalize(resultOf(builder))
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
