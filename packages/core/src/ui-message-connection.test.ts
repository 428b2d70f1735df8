/**
 * The v2 connection on core's request pipeline, against the dev server's v2 endpoint over HTTP:
 * retries only before anything streamed, a stop mid-answer is `aborted`, the timeout covers the
 * headers only, and both body checks (zod and structural) agree with what the server takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestBackend, domain, type TestBackend } from '@docchat/test-utils/backend'
import { DocsApiError } from './errors'
import type { RetryOptions } from './retry'
import { assistantV2RequestSchema } from './request-schemas'
import { validateRequest } from './schema-validation'
import { checkAssistantV2Request } from './structural-validation'
import { createUIMessageConnection } from './ui-message-connection'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend({ http: true })
})
afterAll(() => backend.close())

const question = (text = 'How do I install DocChat?') => ({
  fp: 'anonymous',
  messages: [{ id: 'u1', role: 'user' as const, parts: [{ type: 'text', text }] }],
})

function connect(request: { timeoutMs?: number; retry?: RetryOptions | false } = {}) {
  return createUIMessageConnection({
    domain,
    url: backend.client.assistantUrl(domain, 'v2'),
    headers: () => new Headers(backend.client.assistantHeaders()),
    request: { fetch: backend.fetch, ...request },
    validate: (body) => validateRequest(assistantV2RequestSchema, body),
  })
}

const sent = () => backend.requestsTo('/v2/assistant/').length

async function rejection(promise: Promise<unknown>): Promise<DocsApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(DocsApiError.isInstance(error)).toBe(true)
  return error as DocsApiError
}

describe('createUIMessageConnection', () => {
  it('retries a 503 before anything streamed, then reports it once as a DocsApiError', async () => {
    backend.setFault('status=503')
    const before = sent()
    const error = await rejection(
      connect({ retry: { retries: 2, minDelayMs: 1, maxDelayMs: 5 } }).ask(question()),
    )
    backend.setFault(undefined)
    expect(error.status).toBe(503)
    expect(sent() - before).toBe(3)
  })

  it('never repeats a request whose answer started streaming (a cut stream fails once)', async () => {
    backend.setFault('cut-after=4')
    const before = sent()
    const answer = await connect({ retry: { retries: 2, minDelayMs: 1 } }).ask(question())
    const error = await rejection(
      (async () => {
        for await (const _chunk of answer) {
          // read to the end
        }
      })(),
    )
    backend.setFault(undefined)
    expect(error.kind).toBe('network')
    expect(sent() - before).toBe(1)
  })

  it('a stop mid-answer rejects with aborted and closes the body', async () => {
    backend.setFault('token-rate=10')
    const controller = new AbortController()
    const answer = await connect().ask(question(), { signal: controller.signal })
    const types: string[] = []
    const error = await rejection(
      (async () => {
        for await (const chunk of answer) {
          types.push(chunk.type)
          if (chunk.type === 'text-delta') controller.abort()
        }
      })(),
    )
    backend.setFault(undefined)
    expect(error.kind).toBe('aborted')
    expect(types).toContain('text-delta')
    expect(types).not.toContain('finish')
  })

  it('timeoutMs covers the wait for the headers, not the streaming', async () => {
    backend.setFault('latency=400')
    const late = await rejection(connect({ timeoutMs: 100, retry: false }).ask(question()))
    expect(late.kind).toBe('timeout')
    backend.setFault('token-rate=20')
    const started = Date.now()
    const answer = await connect({ timeoutMs: 300, retry: false }).ask(question())
    const types: string[] = []
    for await (const chunk of answer) types.push(chunk.type)
    backend.setFault(undefined)
    expect(Date.now() - started).toBeGreaterThan(300)
    expect(types.at(-1)).toBe('finish')
  })

  it('learns the thread from the headers and keeps it for follow-ups', async () => {
    const connection = connect()
    const first = await connection.ask(question())
    for await (const _chunk of first) {
      // read to the end
    }
    expect(connection.thread).toEqual({
      threadId: first.response.headers.get('x-thread-id'),
      threadKey: first.response.headers.get('x-thread-key'),
    })
    const follow = await connection.ask(question('And the dev server?'), { continueThread: true })
    await follow.cancel()
    expect(backend.requestsTo('/v2/assistant/').at(-1)?.body).toMatchObject(connection.thread ?? {})
  })
})

describe('v2 body checks', () => {
  const cases: Array<[string, unknown, string]> = [
    ['no fp', { messages: question().messages }, 'fp'],
    ['no messages', { fp: 'a', messages: [] }, 'messages'],
    ['a v4 role', { fp: 'a', messages: [{ id: 'x', role: 'data', parts: [] }] }, 'messages.0.role'],
    [
      'parts missing',
      { fp: 'a', messages: [{ id: 'x', role: 'user', content: 'hi' }] },
      'messages.0.parts',
    ],
    ['threadKey alone', { ...question(), threadKey: 'k' }, 'threadKey'],
  ]
  it.each(cases)('both reject %s', (_name, body, field) => {
    for (const check of [
      checkAssistantV2Request,
      (value: unknown) => validateRequest(assistantV2RequestSchema, value),
    ]) {
      let error: unknown
      try {
        check(body)
      } catch (caught) {
        error = caught
      }
      expect(error).toMatchObject({ kind: 'bad-request' })
      expect((error as DocsApiError).field ?? '').toContain(field)
    }
  })

  it('both accept what DefaultChatTransport sends, history parts of any type included', () => {
    const body = {
      ...question(),
      id: 'chat',
      trigger: 'submit-message',
      messages: [
        ...question().messages,
        {
          id: 'a1',
          role: 'assistant',
          metadata: { threadId: 't' },
          parts: [
            { type: 'step-start' },
            {
              type: 'dynamic-tool',
              toolName: 'search',
              toolCallId: 'c',
              state: 'output-available',
            },
            { type: 'data-docchat', data: {} },
            { type: 'text', text: 'Answer' },
          ],
        },
      ],
    }
    expect(checkAssistantV2Request(body)).toMatchObject({ retrievalPageSize: 5 })
    expect(validateRequest(assistantV2RequestSchema, body)).toMatchObject({ retrievalPageSize: 5 })
  })
})
