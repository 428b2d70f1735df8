import {
  type AnswerResponse,
  type AssistantConnectionOptions,
  type Connection,
  type ConnectionEndpoint,
  openConnection,
} from './assistant-connection'
import { checkAssistantV2Request } from './structural-validation'
import { DocsApiError, toDocsApiError } from './errors'
import { abortError } from './retry'
// Types only: the transport ships this module without zod.
import type { AssistantV2Request, AssistantV2RequestInput } from './request-schemas'
import { type ThreadIdentity, threadFromHeaders } from './thread-identity'
import {
  type ReadUIMessageStreamOptions,
  readUIMessageStreamBatches,
  type UIMessageStreamChunk,
} from './ui-message-stream'

/** Where a v2 connection sends, how, and how it checks the body (zod or `checkAssistantV2Request`). */
export interface UIMessageEndpoint
  extends Omit<ConnectionEndpoint<AssistantV2Request>, 'validate'> {
  validate?: ((body: unknown) => AssistantV2Request) | undefined
}

export interface UIMessageConnectionOptions
  extends Omit<AssistantConnectionOptions, 'coalesceTextMs'>,
    ReadUIMessageStreamOptions {}

/**
 * The answer of the v2 endpoint: checked UI message chunks. Iterate it, or `batches()`, once.
 * Failures reject with a `DocsApiError` (`aborted` on a stop, `network` on a cut stream,
 * `invalid-response` on a malformed event); an `error` chunk from the server is a chunk.
 */
export interface UIMessageAnswer extends AsyncIterable<UIMessageStreamChunk> {
  readonly response: Response
  /** From `X-Thread-Id`/`X-Thread-Key`, else from the message metadata once read. */
  readonly thread: ThreadIdentity | undefined
  batches(): AsyncIterable<UIMessageStreamChunk[]>
  /** Stops reading and closes the connection. */
  cancel(): Promise<void>
}

/** The v2 twin of `AssistantConnection`: the same connection, the answer read as UI message chunks. */
export type UIMessageConnection = Connection<AssistantV2RequestInput, UIMessageAnswer>

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** A thread id in message metadata (`start`, `message-metadata`, `finish`), as the dev server sends. */
function threadFromChunk(chunk: UIMessageStreamChunk): ThreadIdentity | undefined {
  const metadata = chunk.messageMetadata
  if (!isRecord(metadata) || typeof metadata.threadId !== 'string' || !metadata.threadId) {
    return undefined
  }
  return typeof metadata.threadKey === 'string' && metadata.threadKey
    ? { threadId: metadata.threadId, threadKey: metadata.threadKey }
    : { threadId: metadata.threadId }
}

/** Creates a connection to the v2 assistant endpoint (the transport's `protocol: 'v2'`). */
export function createUIMessageConnection(
  endpoint: UIMessageEndpoint,
  options: UIMessageConnectionOptions = {},
): UIMessageConnection {
  return openConnection<AssistantV2RequestInput, AssistantV2Request, UIMessageAnswer>(
    { ...endpoint, validate: endpoint.validate ?? checkAssistantV2Request },
    options,
    (answer) => readUIMessageAnswer(answer, options),
  )
}

/**
 * The v2 endpoint's answer: its SSE body read as checked chunks, the thread learned from the
 * headers, else from the message metadata.
 */
function readUIMessageAnswer(
  { response, callerSignal, release, learn }: AnswerResponse,
  options: ReadUIMessageStreamOptions,
): UIMessageAnswer {
  if (!response.body) {
    release()
    throw new DocsApiError('The answer has no body.', { kind: 'invalid-response' })
  }
  let thread = threadFromHeaders(response.headers)
  if (thread) learn(thread)
  const stream = response.body
  let used = false

  async function* batches(): AsyncGenerator<UIMessageStreamChunk[]> {
    if (used) throw new TypeError('The answer can be read once.')
    used = true
    try {
      for await (const batch of readUIMessageStreamBatches(stream, options)) {
        for (const chunk of batch) {
          const found = threadFromChunk(chunk)
          if (found) {
            thread =
              found.threadKey || thread?.threadId !== found.threadId
                ? found
                : { ...found, ...(thread.threadKey ? { threadKey: thread.threadKey } : {}) }
            learn(thread)
          }
        }
        yield batch
      }
    } catch (error) {
      // One mapping: a stop is `aborted` whatever the runtime threw while reading.
      if (callerSignal?.aborted) throw abortError(callerSignal)
      throw toDocsApiError(error)
    } finally {
      release()
    }
  }

  return {
    response,
    get thread() {
      return thread
    },
    batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches()) yield* batch
    },
    async cancel() {
      if (used) return
      used = true
      release()
      await stream.cancel().catch(() => {})
    },
  }
}
