import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { callChatApi } from '@ai-sdk/ui-utils'
import {
  DocsApiError,
  errorFromResponse,
  kindFromStatus,
  parseRetryAfter,
  toDocsApiError,
} from './errors'

describe('DocsApiError', () => {
  it('is recognised by its marker, also for a copy from another package instance', () => {
    const error = new DocsApiError('nope', { kind: 'not-found', status: 404 })
    expect(DocsApiError.isInstance(error)).toBe(true)
    expect(error).toBeInstanceOf(Error)
    expect(error.name).toBe('DocsApiError')
    // What a second copy of the package would create: same marker, different class.
    const foreign = Object.assign(new Error('x'), { [Symbol.for('docchat.DocsApiError')]: true })
    expect(DocsApiError.isInstance(foreign)).toBe(true)
    expect(DocsApiError.isInstance(new Error('x'))).toBe(false)
    expect(DocsApiError.isInstance(null)).toBe(false)
  })

  it('derives retryable from the kind', () => {
    expect(new DocsApiError('', { kind: 'server', status: 500 }).retryable).toBe(true)
    expect(new DocsApiError('', { kind: 'server', status: 501 }).retryable).toBe(false)
    expect(new DocsApiError('', { kind: 'rate-limited' }).retryable).toBe(true)
    expect(new DocsApiError('', { kind: 'unauthorized' }).retryable).toBe(false)
  })

  it.each([
    [400, 'bad-request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [408, 'timeout'],
    [422, 'bad-request'],
    [429, 'rate-limited'],
    [500, 'server'],
    [503, 'server'],
    [200, 'invalid-response'],
  ] as const)('kindFromStatus(%i) is %s', (status, kind) => {
    expect(kindFromStatus(status)).toBe(kind)
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z')
    expect(parseRetryAfter('3', now)).toBe(3000)
    expect(parseRetryAfter('1.5', now)).toBe(1500)
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000)
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter(null)).toBeUndefined()
  })
})

describe('errorFromResponse', () => {
  it('reads {message}, {error}, text and Retry-After', async () => {
    const fromMessage = await errorFromResponse(
      new Response(JSON.stringify({ message: 'Page not found' }), { status: 404 }),
    )
    expect(fromMessage).toMatchObject({ kind: 'not-found', status: 404, message: 'Page not found' })
    const fromError = await errorFromResponse(
      new Response(JSON.stringify({ error: 'Rate limit exceeded' }), {
        status: 429,
        headers: { 'retry-after': '7' },
      }),
    )
    expect(fromError).toMatchObject({
      kind: 'rate-limited',
      message: 'Rate limit exceeded',
      retryAfterMs: 7000,
    })
    const fromText = await errorFromResponse(new Response('Gateway timeout', { status: 504 }))
    expect(fromText).toMatchObject({ kind: 'server', message: 'Gateway timeout' })
    const empty = await errorFromResponse(
      new Response(null, { status: 502, statusText: 'Bad Gateway' }),
    )
    expect(empty.message).toBe('Request failed with status 502 Bad Gateway')
    const html = await errorFromResponse(
      new Response('<html><body>502</body></html>', { status: 502 }),
    )
    expect(html.message).toBe('Request failed with status 502')
  })
})

describe('toDocsApiError', () => {
  it('maps abort, timeout and fetch failures', () => {
    expect(toDocsApiError(new DOMException('x', 'AbortError')).kind).toBe('aborted')
    expect(toDocsApiError(new DOMException('x', 'TimeoutError')).kind).toBe('timeout')
    expect(toDocsApiError(new TypeError('fetch failed')).kind).toBe('network')
    expect(toDocsApiError(new TypeError('Failed to fetch')).kind).toBe('network')
    expect(toDocsApiError(new Error('Failed to parse stream string. Invalid code x.')).kind).toBe(
      'invalid-response',
    )
    const same = new DocsApiError('x', { kind: 'forbidden' })
    expect(toDocsApiError(same)).toBe(same)
  })

  it("maps useChat's Error(rawBody) back with the status seen by a custom fetch", async () => {
    // The real AI SDK v4 client against a real server answering 429 with a JSON body.
    const server = createServer((_request, response) => {
      response
        .writeHead(429, { 'content-type': 'application/json', 'retry-after': '30' })
        .end(JSON.stringify({ error: 'Rate limit exceeded. Please try again later' }))
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/message`
    let hint: { status: number; headers: Headers } | undefined
    let thrown: unknown
    try {
      await callChatApi({
        api,
        body: { fp: 'anonymous', messages: [] },
        streamProtocol: 'data',
        credentials: undefined,
        headers: undefined,
        abortController: () => new AbortController(),
        restoreMessagesOnFailure: () => {},
        onResponse: undefined,
        onUpdate: () => {},
        onFinish: undefined,
        onToolCall: undefined,
        generateId: () => 'id',
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          const response = await fetch(input, init)
          hint = { status: response.status, headers: response.headers }
          return response
        }) as typeof fetch,
        lastMessage: undefined,
      })
    } catch (error) {
      thrown = error
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
    expect(thrown).toBeInstanceOf(Error)
    expect(DocsApiError.isInstance(thrown)).toBe(false)
    const mapped = toDocsApiError(thrown, hint)
    expect(mapped).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      message: 'Rate limit exceeded. Please try again later',
      retryAfterMs: 30_000,
      retryable: true,
    })
    // Without a hint, the message is still recovered from the raw body.
    expect(toDocsApiError(thrown).message).toBe('Rate limit exceeded. Please try again later')
  })
})
