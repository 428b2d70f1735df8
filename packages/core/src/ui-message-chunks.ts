import type {
  DataStreamEvent,
  DataStreamFinishReason,
  DataStreamUsage,
  DocsFinishReason,
} from './data-stream'
import { cutAnswerError } from './stream-failure'
import { threadFromEvent } from './thread-identity'

type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue }

/** Same shape as the AI SDK's `ProviderMetadata`. */
export type DocsProviderMetadata = Record<string, Record<string, JsonValue>>

export type { DocsFinishReason } from './data-stream'

/** Message metadata the chunks carry: thread, usage, v4 annotations and any extra `d:` keys. */
export interface DocsMessageMetadata {
  threadId?: string
  usage?: DataStreamUsage
  finishReason?: DataStreamFinishReason
  annotations?: unknown[]
  [key: string]: unknown
}

/**
 * The AI SDK v5+ UI message chunks this package emits: a structural subset of the SDK's
 * `UIMessageChunk`, declared here so nothing imports `ai` at runtime (the SDK does not validate chunks
 * coming from a custom transport, so they must be right by construction).
 */
export type DocsUIMessageChunk =
  | { type: 'start'; messageId?: string; messageMetadata?: DocsMessageMetadata }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'reasoning-start'; id: string }
  | { type: 'reasoning-delta'; id: string; delta: string }
  | { type: 'reasoning-end'; id: string }
  | {
      type: 'source-url'
      sourceId: string
      url: string
      title?: string
      providerMetadata?: DocsProviderMetadata
    }
  | { type: 'file'; url: string; mediaType: string }
  | { type: 'tool-input-start'; toolCallId: string; toolName: string; dynamic: true }
  | { type: 'tool-input-delta'; toolCallId: string; inputTextDelta: string }
  | {
      type: 'tool-input-available'
      toolCallId: string
      toolName: string
      input: unknown
      dynamic: true
    }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown; dynamic: true }
  | { type: `data-${string}`; id?: string; data: unknown; transient?: boolean }
  | { type: 'message-metadata'; messageMetadata: DocsMessageMetadata }
  | { type: 'finish'; finishReason?: DocsFinishReason; messageMetadata?: DocsMessageMetadata }
  | { type: 'error'; errorText: string }

export interface ToUIMessageChunksOptions {
  /**
   * Name of the data parts that carry `2:` items: `data-<name>`. Defaults to `'docchat'`.
   * The parts are transient (delivered to `onData`, never stored in the message), like v4's
   * chat-level `data`.
   */
  dataPartName?: string
  /**
   * Whether `start` carries the first `f:` message id. Pass `false` when the request continues an
   * assistant message (its last message is an assistant message), as the v4 client does.
   * Defaults to `true`.
   */
  sendMessageId?: boolean
  /** Metadata known before the stream starts (e.g. the thread from response headers). */
  messageMetadata?: DocsMessageMetadata
  /** Called for part codes this version does not know; they are otherwise skipped. */
  onUnknownPart?: (event: Extract<DataStreamEvent, { type: 'unknown' }>) => void
}

const FINISH_REASONS: ReadonlySet<string> = new Set<DocsFinishReason>([
  'stop',
  'length',
  'content-filter',
  'tool-calls',
  'error',
  'other',
])

/** v4's "unknown" has no v6+ equivalent: leave it out (the raw reason stays in the metadata). */
const toFinishReason = (reason: string): DocsFinishReason | undefined =>
  FINISH_REASONS.has(reason)
    ? (reason as DocsFinishReason)
    : reason === 'unknown'
      ? undefined
      : 'other'

/**
 * Maps v4 data-stream events to AI SDK v5+ UI message chunks (the bridge of ai-sdk-protocol §3.5).
 * A pure async-iterable transform: the chat transport and the dev server's v2 endpoint both use it.
 *
 * Text and reasoning parts are always opened before their deltas, tool chunks are `dynamic`
 * (`dynamic-tool` parts, no typed tool set needed), `threadId` and `usage` land in the message
 * metadata, and the stream ends after the first error (the v4 client stops there too). A stream that
 * ends without its `d:` finish part throws `cutAnswerError()` after the chunks read before it.
 */
export async function* toUIMessageChunks(
  events: AsyncIterable<DataStreamEvent> | Iterable<DataStreamEvent>,
  options: ToUIMessageChunksOptions = {},
): AsyncGenerator<DocsUIMessageChunk, void, undefined> {
  const dataType = `data-${options.dataPartName ?? 'docchat'}` as const
  const sendMessageId = options.sendMessageId ?? true

  let started = false
  let finished = false
  let stepOpen = false
  let skipNextStartStep = false
  let textId: string | undefined
  let reasoningId: string | undefined
  let idCounter = 0
  let annotations: unknown[] = []
  // Metadata that arrived before `start`: it rides on `start` so a later id cannot rename it away.
  let pendingMetadata: DocsMessageMetadata | undefined = options.messageMetadata
    ? { ...options.messageMetadata }
    : undefined
  let threadId = options.messageMetadata?.threadId
  const toolCalls = new Set<string>()
  const nextId = () => `${idCounter++}`

  function* start(messageId?: string): Generator<DocsUIMessageChunk> {
    if (started) return
    started = true
    const chunk: DocsUIMessageChunk = { type: 'start' }
    if (messageId !== undefined && sendMessageId) chunk.messageId = messageId
    if (pendingMetadata) chunk.messageMetadata = pendingMetadata
    pendingMetadata = undefined
    yield chunk
  }

  function* metadata(value: DocsMessageMetadata): Generator<DocsUIMessageChunk> {
    if (!started) {
      pendingMetadata = { ...pendingMetadata, ...value }
      return
    }
    yield { type: 'message-metadata', messageMetadata: value }
  }

  function* closeParts(): Generator<DocsUIMessageChunk> {
    if (reasoningId !== undefined) {
      yield { type: 'reasoning-end', id: reasoningId }
      reasoningId = undefined
    }
    if (textId !== undefined) {
      yield { type: 'text-end', id: textId }
      textId = undefined
    }
  }

  function* closeStep(): Generator<DocsUIMessageChunk> {
    yield* closeParts()
    if (stepOpen) {
      yield { type: 'finish-step' }
      stepOpen = false
    }
  }

  function* openStep(): Generator<DocsUIMessageChunk> {
    if (!stepOpen) {
      yield { type: 'start-step' }
      stepOpen = true
    }
  }

  function* toolStart(toolCallId: string, toolName: string): Generator<DocsUIMessageChunk> {
    if (toolCalls.has(toolCallId)) return
    toolCalls.add(toolCallId)
    yield { type: 'tool-input-start', toolCallId, toolName, dynamic: true }
  }

  function* map(event: DataStreamEvent): Generator<DocsUIMessageChunk> {
    const thread = threadFromEvent(event)
    const newThreadId = thread && thread.threadId !== threadId ? thread.threadId : undefined
    if (newThreadId) threadId = newThreadId

    switch (event.type) {
      case 'data':
        // Transient parts never touch the message, so they may pass before `start`.
        for (const data of event.data) yield { type: dataType, data, transient: true }
        if (newThreadId) yield* metadata({ threadId: newThreadId })
        return
      case 'message-annotations': {
        annotations = [...annotations, ...event.annotations]
        // Arrays in message metadata are replaced, not merged: always send the whole list.
        const value: DocsMessageMetadata = { annotations }
        if (newThreadId) value.threadId = newThreadId
        yield* metadata(value)
        return
      }
      case 'unknown':
        options.onUnknownPart?.(event)
        return
      case 'redacted-reasoning':
      case 'reasoning-signature':
        // No v5 chunk carries these; the reasoning text itself still streams.
        return
      default:
        break
    }

    finished = false
    if (event.type === 'start-step') {
      if (newThreadId) yield* metadata({ threadId: newThreadId })
      yield* start(event.messageId)
      if (skipNextStartStep) {
        skipNextStartStep = false
        return
      }
      yield* closeStep()
      yield* openStep()
      return
    }
    if (event.type === 'error' || event.type === 'parse-error') {
      yield* start()
      yield { type: 'error', errorText: event.message }
      return
    }
    yield* start()

    switch (event.type) {
      case 'text': {
        if (reasoningId !== undefined) {
          yield { type: 'reasoning-end', id: reasoningId }
          reasoningId = undefined
        }
        if (textId === undefined) {
          textId = nextId()
          yield { type: 'text-start', id: textId }
        }
        yield { type: 'text-delta', id: textId, delta: event.text }
        return
      }
      case 'reasoning': {
        if (reasoningId === undefined) {
          reasoningId = nextId()
          yield { type: 'reasoning-start', id: reasoningId }
        }
        yield { type: 'reasoning-delta', id: reasoningId, delta: event.text }
        return
      }
      case 'source': {
        const { source } = event
        if (source.sourceType !== 'url' || typeof source.url !== 'string') return
        const chunk: DocsUIMessageChunk = {
          type: 'source-url',
          sourceId: typeof source.id === 'string' ? source.id : source.url,
          url: source.url,
        }
        if (typeof source.title === 'string') chunk.title = source.title
        if (source.providerMetadata) {
          chunk.providerMetadata = source.providerMetadata as DocsProviderMetadata
        }
        yield chunk
        return
      }
      case 'file':
        yield {
          type: 'file',
          mediaType: event.mimeType,
          url: toDataUrl(event.mimeType, event.data),
        }
        return
      case 'tool-call-start':
        yield* toolStart(event.toolCallId, event.toolName)
        return
      case 'tool-call-delta':
        // A delta without `b:` has no tool name; open the call anyway so the delta has a home.
        yield* toolStart(event.toolCallId, 'unknown')
        yield {
          type: 'tool-input-delta',
          toolCallId: event.toolCallId,
          inputTextDelta: event.argsTextDelta,
        }
        return
      case 'tool-call':
        toolCalls.add(event.toolCallId)
        yield {
          type: 'tool-input-available',
          toolCallId: event.toolCallId,
          toolName: event.toolName,
          input: event.args,
          dynamic: true,
        }
        return
      case 'tool-result':
        if (!toolCalls.has(event.toolCallId)) {
          yield {
            type: 'error',
            errorText: `Tool result for ${event.toolCallId} arrived without its tool call.`,
          }
          return
        }
        yield {
          type: 'tool-output-available',
          toolCallId: event.toolCallId,
          output: event.result,
          dynamic: true,
        }
        return
      case 'finish-step':
        if (newThreadId) yield* metadata({ threadId: newThreadId })
        if (event.isContinued) {
          // The next step continues this one: keep one step, but start a new text part.
          yield* closeParts()
          skipNextStartStep = true
          return
        }
        yield* closeStep()
        return
      case 'finish-message': {
        yield* closeStep()
        const messageMetadata: DocsMessageMetadata = { ...event.extras }
        if (event.usage) messageMetadata.usage = event.usage
        if (threadId !== undefined) messageMetadata.threadId = threadId
        messageMetadata.finishReason = event.finishReason
        finished = true
        const finishReason = toFinishReason(event.finishReason)
        yield finishReason
          ? { type: 'finish', finishReason, messageMetadata }
          : { type: 'finish', messageMetadata }
        return
      }
    }
  }

  for await (const event of events) {
    for (const chunk of map(event)) {
      yield chunk
      if (chunk.type === 'error') return
    }
  }
  // The end-of-stream rule of every reader (stream-failure.ts): without `d:` the answer was cut.
  // AI SDK v4 would report it as finish reason "unknown"; a v5+ `Chat` reading a `finish` here
  // would tell its users a truncated answer succeeded, so the stream fails instead.
  if (!finished) throw cutAnswerError()
}

function toDataUrl(mimeType: string, data: string): string {
  return data.startsWith('data:') ? data : `data:${mimeType};base64,${data}`
}
