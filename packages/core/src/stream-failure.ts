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
