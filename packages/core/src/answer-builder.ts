import type { DataStreamEvent, DataStreamFinishReason, DataStreamUsage } from './data-stream'
import type {
  DocsMessage,
  DocsMessagePart,
  ReasoningDetail,
  ToolInvocation,
} from './request-schemas'
import { cutAnswerError, streamFailure } from './stream-failure'

type Part<Type extends DocsMessagePart['type']> = Extract<DocsMessagePart, { type: Type }>
type TextDetail = Extract<ReasoningDetail, { type: 'text' }>

/**
 * Everything an answer told, beside its message: what `collect()` reports. Kept as plain fields,
 * so a reader that only renders the message (the drop-in) carries no code for them.
 */
export interface AnswerFacts {
  /** `2:` items, in order (chat-level data in AI SDK v4, not part of the message). */
  data: unknown[]
  /** Arguments of tool calls still streaming (`c:` deltas), by call id; parsed by who needs them. */
  argsText: Map<string, string>
  /** `messageId` of the last `f:` part. */
  messageId?: string
  finishReason?: DataStreamFinishReason
  usage?: DataStreamUsage
  /** Finished steps (`e:` parts). */
  steps: number
}

/**
 * The one place an answer's events become a message: AI SDK v4's `UIMessage`, assembled the way
 * v4's `processChatResponse` does (same parts, steps, tool states and ids), so the drop-in's
 * engine and `useChat` hand a UI the same message, and `collect()` reads its result off the same
 * assembly. It also holds the two rules every reader of an answer shares: a failure event throws
 * its `DocsApiError` (`streamFailure`), and an answer whose body ends before its `d:` finish part
 * is cut (`end()` throws `cutAnswerError()`), never taken for a whole answer.
 */
export interface AnswerBuilder {
  /** Applies one event; throws the `DocsApiError` a failure event stands for. */
  apply(event: DataStreamEvent): void
  /** The end-of-stream rule: throws the cut-answer `DocsApiError` unless `d:` arrived. */
  end(): void
  /** Whether the `d:` (finish-message) part arrived. */
  readonly finished: boolean
  /** A new message object (new part objects too) for a UI to render. */
  message(): DocsMessage
  readonly facts: AnswerFacts
}

export interface AnswerBuilderOptions {
  /** The message id until the stream names its own (`f:`). */
  id: string
  /**
   * The partial answer this one continues (the request's last message): its parts are kept and
   * the continuation is added to them, as v4 does when the last message is the assistant's.
   */
  continuing?: DocsMessage | undefined
}

export function createAnswerBuilder({ id, continuing }: AnswerBuilderOptions): AnswerBuilder {
  const message: DocsMessage = continuing
    ? copyMessage(continuing)
    : { id, createdAt: new Date(), role: 'assistant', content: '', parts: [] }
  const parts = message.parts
  const facts: AnswerFacts = { data: [], argsText: new Map(), steps: 0 }
  // v4 numbers a continuation's steps after the last step of the answer it continues.
  let step = continuing
    ? 1 +
      ((message.toolInvocations as ToolInvocation[] | undefined) ?? []).reduce(
        (max, call) => Math.max(max, call.step ?? 0),
        0,
      )
    : 0
  let finished = false
  let text: Part<'text'> | undefined
  let reasoning: Part<'reasoning'> | undefined
  let reasoningText: TextDetail | undefined

  const setInvocation = (invocation: ToolInvocation) => {
    message.toolInvocations ??= []
    const list = message.toolInvocations as ToolInvocation[]
    const index = list.findIndex((call) => call.toolCallId === invocation.toolCallId)
    if (index === -1) list.push(invocation)
    else list[index] = invocation
    const partIndex = parts.findIndex(
      (part) =>
        part.type === 'tool-invocation' && part.toolInvocation.toolCallId === invocation.toolCallId,
    )
    const part: DocsMessagePart = { type: 'tool-invocation', toolInvocation: invocation }
    if (partIndex === -1) parts.push(part)
    else parts[partIndex] = part
  }
  const invocation = (toolCallId: string) =>
    (message.toolInvocations as ToolInvocation[] | undefined)?.find(
      (call) => call.toolCallId === toolCallId,
    )

  return {
    facts,
    get finished() {
      return finished
    },
    apply(event) {
      const failure = streamFailure(event)
      if (failure) throw failure
      switch (event.type) {
        case 'text':
          if (text) text.text += event.text
          else {
            text = { type: 'text', text: event.text }
            parts.push(text)
          }
          message.content += event.text
          break
        case 'reasoning':
          if (reasoningText) reasoningText.text += event.text
          else {
            reasoningText = { type: 'text', text: event.text }
            reasoning?.details.push(reasoningText)
          }
          if (reasoning) reasoning.reasoning += event.text
          else {
            reasoning = { type: 'reasoning', reasoning: event.text, details: [reasoningText] }
            parts.push(reasoning)
          }
          message.reasoning = ((message.reasoning as string | undefined) ?? '') + event.text
          break
        case 'reasoning-signature':
          if (reasoningText) reasoningText.signature = event.signature
          break
        case 'redacted-reasoning':
          if (!reasoning) {
            reasoning = { type: 'reasoning', reasoning: '', details: [] }
            parts.push(reasoning)
          }
          reasoning.details.push({ type: 'redacted', data: event.data })
          reasoningText = undefined
          break
        case 'file':
          parts.push({ type: 'file', mimeType: event.mimeType, data: event.data })
          break
        case 'source':
          parts.push({ type: 'source', source: event.source as Part<'source'>['source'] })
          break
        case 'tool-call-start':
          facts.argsText.set(event.toolCallId, '')
          setInvocation({
            state: 'partial-call',
            step,
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            args: undefined,
          })
          break
        case 'tool-call-delta': {
          // Kept as text: parsing the growing arguments per delta is quadratic in their number.
          const sofar = facts.argsText.get(event.toolCallId)
          if (sofar !== undefined) facts.argsText.set(event.toolCallId, sofar + event.argsTextDelta)
          break
        }
        case 'tool-call':
          facts.argsText.delete(event.toolCallId)
          setInvocation({
            state: 'call',
            step: invocation(event.toolCallId)?.step ?? step,
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            args: event.args,
          })
          break
        case 'tool-result': {
          const call = invocation(event.toolCallId)
          // v4 throws here; a result without its call cannot be shown, so it is left out.
          if (call) setInvocation({ ...call, state: 'result', result: event.result })
          break
        }
        // A loop, not `push(...items)`: spreading a 300,000-item part overflows the stack.
        case 'message-annotations': {
          message.annotations ??= []
          for (const annotation of event.annotations) message.annotations.push(annotation)
          break
        }
        case 'data':
          for (const item of event.data) facts.data.push(item)
          break
        case 'start-step':
          facts.messageId = event.messageId
          // A continuation keeps the id of the answer it continues (v4 does the same).
          if (!continuing) message.id = event.messageId
          parts.push({ type: 'step-start' })
          break
        case 'finish-step':
          step += 1
          facts.steps += 1
          if (!event.isContinued) text = undefined
          reasoning = undefined
          reasoningText = undefined
          break
        case 'finish-message':
          finished = true
          facts.finishReason = event.finishReason
          if (event.usage) facts.usage = event.usage
          break
        // Unknown codes: skipped (reported once through `onWarning` by the stream).
        default:
          break
      }
    },
    end() {
      if (!finished) throw cutAnswerError()
    },
    message: () => copyMessage(message),
  }
}

/** A copy a UI can hold: new message, part and detail objects, new lists. */
function copyMessage(message: DocsMessage): DocsMessage {
  const copy: DocsMessage = {
    ...message,
    parts: message.parts.map((part) =>
      part.type === 'reasoning'
        ? { ...part, details: part.details.map((detail) => ({ ...detail })) }
        : { ...part },
    ),
  }
  if (Array.isArray(message.toolInvocations)) copy.toolInvocations = [...message.toolInvocations]
  if (message.annotations) copy.annotations = [...message.annotations]
  return copy
}
