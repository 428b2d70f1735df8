import type { DataStreamEvent } from './data-stream'
import { DocsApiError } from './errors'

// A module of its own, not part of assistant-message.ts: useChat's fetch (use-chat-fetch.ts, a
// chunk loaded on first use) needs it, and importing it from assistant-message.ts made Rolldown
// split a shared chunk that the drop-in's panel then imported statically, one more round trip
// before the first answer (bench/bundle-sizes.mjs in the widget checks the panel imports nothing).

/**
 * The failure a stream event stands for: a `3:` error part (`server`) or a malformed line
 * (`invalid-response`). Every reader of an answer maps them here, so they read the same everywhere.
 */
export function streamFailure(event: DataStreamEvent): DocsApiError | undefined {
  if (event.type === 'error') {
    return new DocsApiError(event.message || 'The assistant reported an error', {
      kind: 'server',
      retryable: false,
    })
  }
  if (event.type === 'parse-error') {
    return new DocsApiError(`Malformed assistant stream: ${event.message}`, {
      kind: 'invalid-response',
    })
  }
  return undefined
}

const cutAnswers = new WeakSet<DocsApiError>()

/**
 * The end-of-stream rule's error, the same on every path (`collect()`, both React engines, the
 * v5+ transport on v1 and v2): an answer whose body closed before its finish part (`d:` on v1,
 * `finish`/`[DONE]` on v2) was cut, by a proxy's timeout or a dropped connection, so it fails
 * (`network`, retryable) rather than pass for a whole answer.
 */
export function cutAnswerError(): DocsApiError {
  const error = new DocsApiError('The answer stream ended before it finished.', { kind: 'network' })
  cutAnswers.add(error)
  return error
}

/** Whether `error` is the end-of-stream rule's (a chat may offer to continue such an answer). */
export function isCutAnswer(error: unknown): boolean {
  return DocsApiError.isInstance(error) && cutAnswers.has(error)
}
