import type { Message } from '@ai-sdk/react'
import { type DataStreamEvent, streamFailure } from '@docchat/core'

type Part = NonNullable<Message['parts']>[number]
type ToolInvocation = NonNullable<Message['toolInvocations']>[number]
type ReasoningPart = Extract<Part, { type: 'reasoning' }>
type TextPart = Extract<Part, { type: 'text' }>

/**
 * Builds the assistant's AI SDK v4 `Message` from core's parsed stream events, the way v4's
 * `processChatResponse` does (same parts, steps, tool states and ids), so the drop-in's engine and
 * `useChat` hand the widget the same message. Events come in batches; `snapshot()` after a batch
 * is one render. Failures (`3:` parts, malformed lines) throw a `DocsApiError`; unknown part
 * codes are skipped, as the connection's `fetch` skips them for useChat.
 */
export interface AssistantMessageBuilder {
  /** Applies one event; throws the `DocsApiError` a failure event stands for. */
  apply(event: DataStreamEvent): void
  /** A new message object (and new part objects) for React to render. */
  snapshot(): Message
  /** Whether the `d:` (finish-message) part arrived: without it the answer was cut. */
  readonly finished: boolean
}

export function createAssistantMessageBuilder(id: string): AssistantMessageBuilder {
  const message: Message = { id, createdAt: new Date(), role: 'assistant', content: '', parts: [] }
  const parts = message.parts as Part[]
  let step = 0
  let finished = false
  let text: TextPart | undefined
  let reasoning: ReasoningPart | undefined
  let reasoningText: { type: 'text'; text: string; signature?: string } | undefined
  const partialCalls = new Map<string, { step: number; toolName: string }>()

  const invocations = (): ToolInvocation[] => {
    message.toolInvocations ??= []
    return message.toolInvocations
  }
  const setInvocation = (invocation: ToolInvocation) => {
    const list = invocations()
    const index = list.findIndex((existing) => existing.toolCallId === invocation.toolCallId)
    if (index === -1) list.push(invocation)
    else list[index] = invocation
    const partIndex = parts.findIndex(
      (part) =>
        part.type === 'tool-invocation' && part.toolInvocation.toolCallId === invocation.toolCallId,
    )
    const part: Part = { type: 'tool-invocation', toolInvocation: invocation }
    if (partIndex === -1) parts.push(part)
    else parts[partIndex] = part
  }

  return {
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
          message.reasoning = (message.reasoning ?? '') + event.text
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
          parts.push({
            type: 'source',
            source: event.source as Extract<Part, { type: 'source' }>['source'],
          })
          break
        case 'tool-call-start':
          partialCalls.set(event.toolCallId, { step, toolName: event.toolName })
          setInvocation({
            state: 'partial-call',
            step,
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            args: undefined,
          })
          break
        case 'tool-call':
          setInvocation({
            state: 'call',
            step,
            toolCallId: event.toolCallId,
            toolName: event.toolName,
            args: event.args,
          })
          break
        case 'tool-result': {
          const call = message.toolInvocations?.find((i) => i.toolCallId === event.toolCallId)
          // v4 throws here; a result without its call cannot be shown, so it is dropped.
          if (call) setInvocation({ ...call, state: 'result', result: event.result })
          break
        }
        case 'message-annotations':
          message.annotations = [...(message.annotations ?? []), ...(event.annotations as never[])]
          break
        case 'start-step':
          message.id = event.messageId
          parts.push({ type: 'step-start' })
          break
        case 'finish-step':
          step += 1
          if (!event.isContinued) text = undefined
          reasoning = undefined
          reasoningText = undefined
          break
        case 'finish-message':
          finished = true
          break
        // Partial tool arguments, stream data and unknown codes: nothing the widget renders.
        default:
          break
      }
    },
    snapshot() {
      const copy: Message = {
        ...message,
        parts: parts.map((part) =>
          part.type === 'reasoning'
            ? { ...part, details: part.details.map((detail) => ({ ...detail })) }
            : { ...part },
        ),
      }
      if (message.toolInvocations) copy.toolInvocations = [...message.toolInvocations]
      return copy
    },
  }
}
