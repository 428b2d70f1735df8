import { streamFailure } from './stream-failure'
import {
  type DataStreamEvent,
  type DataStreamFinishReason,
  type DataStreamSource,
  type DataStreamUsage,
  readDataStreamBatches,
} from './data-stream'
import { DocsApiError, toDocsApiError } from './errors'
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
  /** From the `d:` part; `undefined` when the stream ended without one (cut short). */
  finishReason?: DataStreamFinishReason
  usage?: DataStreamUsage & { totalTokens: number }
  /** Whether a `d:` (finish message) part arrived. */
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
   * (`server`), a malformed line (`invalid-response`) or a dropped connection (`network`); the
   * error's `partial` is the `AssistantMessageResult` read up to that point.
   * A stream that ends without a `d:` part resolves with `finished: false`.
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

function emptyResult(): AssistantMessageResult {
  return {
    text: '',
    reasoning: '',
    toolInvocations: [],
    sources: [],
    files: [],
    annotations: [],
    data: [],
    finished: false,
    steps: 0,
  }
}

function parsePartialJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
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
      const result = emptyResult()
      const calls = new Map<string, AssistantToolInvocation & { argsText?: string }>()
      const callFor = (toolCallId: string, toolName: string) => {
        let call = calls.get(toolCallId)
        if (!call) {
          call = {
            state: 'partial-call',
            step: result.steps,
            toolCallId,
            toolName,
            args: undefined,
          }
          calls.set(toolCallId, call)
          result.toolInvocations.push(call)
        }
        return call
      }
      const settleArgs = () => {
        for (const call of calls.values()) {
          if (call.state === 'partial-call' && call.argsText) {
            call.args = parsePartialJson(call.argsText) ?? call.args
          }
          delete call.argsText
        }
      }
      try {
        for await (const batch of batches()) {
          for (const event of batch) {
            switch (event.type) {
              case 'text':
                result.text += event.text
                break
              case 'reasoning':
                result.reasoning += event.text
                break
              case 'tool-call-start':
                callFor(event.toolCallId, event.toolName).argsText = ''
                break
              case 'tool-call-delta': {
                const call = calls.get(event.toolCallId)
                // Parsed once the deltas end (see settleArgs): parsing the growing text per delta
                // is quadratic in the number of deltas.
                if (call) call.argsText = (call.argsText ?? '') + event.argsTextDelta
                break
              }
              case 'tool-call': {
                const call = callFor(event.toolCallId, event.toolName)
                call.state = 'call'
                call.args = event.args
                break
              }
              case 'tool-result': {
                const call = callFor(event.toolCallId, calls.get(event.toolCallId)?.toolName ?? '')
                call.state = 'result'
                call.result = event.result
                break
              }
              case 'source':
                result.sources.push(event.source)
                break
              case 'file':
                result.files.push({ data: event.data, mimeType: event.mimeType })
                break
              // A loop, not `push(...items)`: spreading a 300,000-item part overflows the stack.
              case 'message-annotations':
                for (const annotation of event.annotations) result.annotations.push(annotation)
                break
              case 'data':
                for (const item of event.data) result.data.push(item)
                break
              case 'start-step':
                result.messageId = event.messageId
                break
              case 'finish-step':
                result.steps++
                break
              case 'finish-message':
                result.finished = true
                result.finishReason = event.finishReason
                if (event.usage) {
                  result.usage = {
                    ...event.usage,
                    totalTokens: event.usage.promptTokens + event.usage.completionTokens,
                  }
                }
                break
              case 'error':
              case 'parse-error':
                throw streamFailure(event) as DocsApiError
              default:
                break
            }
          }
        }
      } catch (cause) {
        const error = toDocsApiError(cause)
        settleArgs()
        error.partial = finalize(result)
        throw error
      }
      settleArgs()
      return finalize(result)
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
