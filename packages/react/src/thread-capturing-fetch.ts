import { createAssistantConnection, DocsApiError, type ThreadIdentity } from '@docchat/core'

type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>

export interface AssistantResponseInfo {
  status: number
  headers: Headers
}

export interface ThreadCapturingFetchOptions {
  fetch: FetchFunction
  /** Every response's status and headers (for an HTTP error, those of the error). */
  onResponse?: (info: AssistantResponseInfo) => void
  /** Thread identity from `X-Thread-Id`/`X-Thread-Key` or the stream (`d:`/`e:`/`f:` extras, `8:`, `2:`). */
  onThread: (thread: ThreadIdentity) => void
  /** Kept for compatibility: a stream that closes without its `d:` line always fails now. */
  requireFinish?: boolean
}

function urlOf(input: RequestInfo | URL): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
}

/**
 * A `fetch` for AI SDK v4's `useChat` that learns the thread identity.
 * @deprecated An alias over core's assistant connection, kept for compatibility: use
 * `client.connectAssistant(domain).fetch`, which also validates the body, times out, retries and
 * keeps the thread. This one sends to the URL useChat gives, through `options.fetch`, with no
 * timeout or retry of its own and the body as useChat wrote it.
 */
export function createThreadCapturingFetch(options: ThreadCapturingFetchOptions): FetchFunction {
  const { onResponse, onThread } = options
  return async (input, init) => {
    const headers = new Headers(init?.headers)
    const connection = createAssistantConnection(
      {
        domain: 'thread-capturing-fetch',
        url: urlOf(input),
        headers: () => new Headers(headers),
        request: { fetch: options.fetch, timeoutMs: 0, retry: false },
        validate: (body) => body as never,
      },
      { onThread, retryWithNewThread: false },
    )
    try {
      const response = await connection.fetch(input, init)
      onResponse?.({ status: response.status, headers: response.headers })
      return response
    } catch (error) {
      if (DocsApiError.isInstance(error) && error.status !== undefined) {
        onResponse?.({ status: error.status, headers: new Headers() })
      }
      throw error
    }
  }
}
