import type { AssistantMessageStream } from './assistant-message'
import { cutAnswerError, streamFailure } from './stream-failure'
import { encodeDataStream } from './coalesce-text-parts'
import type { DataStreamEvent } from './data-stream'
import { asAbortError } from './abort-error'
import { DocsApiError } from './errors'
import { linkSignal } from './request'
import type { AssistantRequestInput } from './request-schemas'

/** The connection's `ask`, as this module needs it (typed here: it imports nothing of the connection). */
type Ask = (
  body: AssistantRequestInput,
  options: { signal: AbortSignal; headers: HeadersInit | undefined; continueThread: boolean },
) => Promise<AssistantMessageStream>

/*
 * An assistant connection's `fetch` for AI SDK v4 `useChat({ streamProtocol: 'data' })`: the
 * answer, parsed once, written back as a data stream with text merged. Apart from the rest of the
 * connection (assistant-connection.ts) and importing nothing of it, so
 * `createDocsReaderClient` can load it when a page first uses it; `createAssistantConnection`
 * (use-chat-connection.ts) brings it along.
 */

/**
 * The events AI SDK v4's parser may see: failures become one `DocsApiError` (after the events
 * before them), parts it would reject (unknown codes, already reported through `onWarning`) are
 * left out, and a stream that closes without its `d:` line fails, since v4 would take it for a
 * complete answer.
 */
async function* checkedForUseChat(
  stream: AssistantMessageStream,
): AsyncGenerator<DataStreamEvent[]> {
  let finished = false
  try {
    for await (const batch of stream.batches()) {
      const passed: DataStreamEvent[] = []
      let failure: DocsApiError | undefined
      for (const event of batch) {
        failure = streamFailure(event)
        if (failure) break
        if (event.type === 'unknown') continue
        if (event.type === 'finish-message') finished = true
        passed.push(event)
      }
      if (passed.length > 0) yield passed
      if (failure) throw failure
    }
  } catch (error) {
    throw asAbortError(error)
  }
  if (!finished) throw cutAnswerError()
}

function useChatBody(init: RequestInit | undefined): Record<string, unknown> {
  const text = typeof init?.body === 'string' ? init.body : ''
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new DocsApiError('Invalid request: body: must be a JSON object', {
      kind: 'bad-request',
      field: 'body',
    })
  }
  // useChat's chat id and chat-level data are its own bookkeeping, not API fields.
  const { id: _chatId, data: _data, ...body } = parsed as Record<string, unknown>
  return body
}

/** The connection's `fetch` for AI SDK v4 useChat: the answer re-encoded, text merged. */
export function useChatFetch(
  ask: Ask,
  options: { coalesceTextMs?: number | undefined },
): typeof globalThis.fetch {
  return async (_input, init) => {
    const body = useChatBody(init)
    // The body may be cancelled by its reader without aborting useChat's signal.
    const controller = new AbortController()
    linkSignal(init?.signal, controller)
    let stream: AssistantMessageStream
    try {
      stream = await ask(body as unknown as AssistantRequestInput, {
        signal: controller.signal,
        headers: init?.headers,
        continueThread: true,
      })
    } catch (error) {
      throw asAbortError(error)
    }
    const { response } = stream
    return new Response(
      encodeDataStream(checkedForUseChat(stream), {
        windowMs: options.coalesceTextMs,
        onCancel: (reason) => controller.abort(reason),
      }),
      { status: response.status, statusText: response.statusText, headers: response.headers },
    )
  }
}
