import type { AnswerBuilder } from './answer-builder'
import type {
  DataStreamEvent,
  DataStreamFinishReason,
  DataStreamSource,
  DataStreamUsage,
} from './data-stream'
import type { DocsApiError } from './errors'
import type { ToolInvocation } from './request-schemas'
import type { ThreadIdentity } from './thread-identity'

/*
 * `collect()`'s reading of an answer: a module of its own, loaded by the first `collect()`, so a
 * reader that renders answers from `batches()` (the drop-in's runner) does not ship it.
 */

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

/**
 * Reads the rest of an answer (`first` is its first batch, already asked for) through `builder`:
 * its result, or the `DocsApiError` that ended it with the result so far as `partial`. Its
 * runtime dependencies come as arguments: an import of theirs would make Rolldown split them out
 * of the drop-in's panel (they are the panel's too).
 */
export async function collectAnswer(
  builder: AnswerBuilder,
  first: Promise<IteratorResult<DataStreamEvent[]>>,
  rest: AsyncIterator<DataStreamEvent[]>,
  finalize: (result: AssistantMessageResult) => AssistantMessageResult,
  toDocsApiError: (cause: unknown) => DocsApiError,
): Promise<AssistantMessageResult> {
  try {
    for (let next = await first; !next.done; next = await rest.next()) {
      for (const event of next.value) builder.apply(event)
    }
    builder.end()
  } catch (cause) {
    // A failure event or a cut answer leaves the body unread: stop reading it.
    await rest.return?.().catch(() => {})
    const error = toDocsApiError(cause)
    error.partial = finalize(resultOf(builder))
    throw error
  }
  return finalize(resultOf(builder))
}
