import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createDocsClient, type DocsClientOptions } from './client'
import { DocsApiError } from './errors'
import type { AssistantMessageResult } from './assistant-message'
import type { DocsWarning } from './warnings'
import { type Handler, json, useRecordingServer } from '@docchat/test-utils/recording-server'
import { itWithShared } from '@docchat/test-utils/shared-dir'
import { failure, dataStream, expectCutAnswer, part, userMessage } from './test/harness'
import { CAPTURED_SAMPLE, readCapturedSample } from '@docchat/test-utils/streams'

// A real HTTP server on 127.0.0.1: the client under test goes through undici, sockets and all.
// A real HTTP server on 127.0.0.1 (undici underneath), recording what it receives.
const http = useRecordingServer()

/** Answers each request with the next handler; the last one repeats. */
function sequence(...handlers: Handler[]): Handler {
  let index = 0
  return (request, response, body) =>
    handlers[Math.min(index++, handlers.length - 1)]!(request, response, body)
}

/** Only requests under `prefix` reach `inner`: a late request from an earlier test gets a 410. */
function route(prefix: string, inner: Handler): Handler {
  return (request, response, body) =>
    request.url!.startsWith(prefix) ? inner(request, response, body) : json(response, 410, {})
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function client(options: DocsClientOptions = {}) {
  return createDocsClient({
    baseUrl: http.baseUrl,
    assistantKey: 'mint_dsc_test',
    adminKey: 'mint_admin',
    retry: { minDelayMs: 5, maxDelayMs: 20 },
    ...options,
  })
}

/** A client of a port nothing listens on (a server opened and closed), counting its fetches. */
async function refusedClient() {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  let calls = 0
  const refused = client({
    baseUrl: `http://127.0.0.1:${port}`,
    fetch: (input, init) => {
      calls++
      return fetch(input, init)
    },
  })
  return { client: refused, calls: () => calls }
}

const status = (overrides: Record<string, unknown> = {}) => ({
  _id: 'st_1',
  projectId: 'proj',
  createdAt: '2026-01-01T00:00:00Z',
  status: 'queued',
  logs: [],
  author: null,
  source: 'api',
  ...overrides,
})
const job = (overrides: Record<string, unknown> = {}) => ({
  sessionId: 'job_1',
  haulted: false,
  haultReason: 'processing',
  todos: [],
  ...overrides,
})

describe('paths and authentication', () => {
  it('calls every endpoint at its path with the right key', async () => {
    http.handler = (request, response) => {
      const url = request.url!
      if (url.startsWith('/discovery/v1/search/')) return json(response, 200, [])
      if (url.startsWith('/discovery/v1/page/'))
        return json(response, 200, { path: '/a', content: 'A' })
      if (url.includes('/jobs')) return json(response, 200, { allSessions: [job()] })
      if (url.includes('/job/')) return json(response, 200, job())
      if (url.startsWith('/v1/project/update-status/')) return json(response, 200, status())
      if (url.startsWith('/v1/project/update/')) return json(response, 202, { statusId: 'st_1' })
      return json(response, 404, { message: 'no route' })
    }
    const docs = client({ authToken: 'mint_status', headers: { 'x-extra': '1' } })
    await docs.search('acme docs', { query: 'hooks' })
    await docs.getPage('acme', { path: '/quickstart' })
    await docs.listAgentJobs('proj', { skip: 12, take: 12 })
    await docs.getAgentJob('proj', 'job_1')
    await docs.getUpdateStatus('st_1')
    await docs.triggerUpdate('proj')
    expect(http.recorded.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['POST', '/discovery/v1/search/acme%20docs', 'Bearer mint_dsc_test'],
      ['POST', '/discovery/v1/page/acme', 'Bearer mint_dsc_test'],
      ['GET', '/v1/agent/proj/jobs?skip=12&take=12', 'Bearer mint_admin'],
      ['GET', '/v1/agent/proj/job/job_1', 'Bearer mint_admin'],
      ['GET', '/v1/project/update-status/st_1', 'Bearer mint_status'],
      ['POST', '/v1/project/update/proj', 'Bearer mint_admin'],
    ])
    expect(http.recorded.every((r) => r.headers['x-extra'] === '1')).toBe(true)
    expect(JSON.parse(http.recorded[0]!.body)).toEqual({ query: 'hooks', pageSize: 10 })
  })

  it('falls back to the admin key for update status and sends no Authorization without a key', async () => {
    http.handler = (_request, response) => json(response, 200, status())
    await client({ authToken: undefined }).getUpdateStatus('st_1')
    await createDocsClient({ baseUrl: http.baseUrl }).getUpdateStatus('st_1')
    expect(http.recorded.map((r) => r.headers.authorization)).toEqual([
      'Bearer mint_admin',
      undefined,
    ])
  })

  it('exposes the assistant URL and headers for other layers', () => {
    const docs = client({ baseUrl: 'https://proxy.example.com/api/' })
    expect(docs.baseUrl).toBe('https://proxy.example.com/api')
    expect(docs.assistantUrl('acme')).toBe(
      'https://proxy.example.com/api/discovery/v1/assistant/acme/message',
    )
    expect(docs.assistantUrl('acme', 'v2')).toBe(
      'https://proxy.example.com/api/discovery/v2/assistant/acme/message',
    )
    expect(docs.assistantHeaders()).toEqual({ authorization: 'Bearer mint_dsc_test' })
    expect(typeof docs.fetch).toBe('function')
  })

  it('creates an agent job, reading the session id from the headers', async () => {
    http.handler = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/event-stream',
        'x-session-id': 'job_9',
        'x-branch-name': 'docs/update',
      })
      response.end('data: {}\n\n')
    }
    const created = await client().createAgentJob('proj', {
      messages: [{ role: 'user', content: 'Document the CLI' }],
    })
    expect(created).toMatchObject({ sessionId: 'job_9', branchName: 'docs/update' })
    expect(await created.response.text()).toBe('data: {}\n\n')
    expect(JSON.parse(http.recorded[0]!.body)).toEqual({
      messages: [{ role: 'user', content: 'Document the CLI' }],
    })
  })

  it('rejects an invalid request before sending it', async () => {
    const error = await failure(client().search('acme', { query: 'q', pageSize: 0 }))
    expect(error).toMatchObject({ kind: 'bad-request', field: 'pageSize' })
    expect((await failure(client().getPage('', { path: '/a' }))).field).toBe('domain')
    expect(http.recorded).toHaveLength(0)
  })
})

describe('error kinds over HTTP', () => {
  it.each([
    [400, { message: 'query is required' }, 'bad-request', 'query is required'],
    [401, { error: 'Invalid API key' }, 'unauthorized', 'Invalid API key'],
    [403, { error: 'IP not allowed' }, 'forbidden', 'IP not allowed'],
    [
      404,
      { message: 'Page not found or no search index available' },
      'not-found',
      'Page not found or no search index available',
    ],
  ] as const)('%i maps to its kind with the server message', async (code, body, kind, message) => {
    http.handler = (_request, response) => json(response, code, body)
    const error = await failure(client().getPage('acme', { path: '/missing' }))
    expect(error).toMatchObject({ kind, status: code, message, retryable: false })
    expect(error.body).toEqual(body)
    expect(http.recorded).toHaveLength(1)
  })

  it('uses a text body as the message', async () => {
    http.handler = (_request, response) => response.writeHead(400).end('Bad things')
    expect((await failure(client().search('acme', { query: 'q' }))).message).toBe('Bad things')
  })

  it('500 is retried, then reported as server', async () => {
    http.handler = (_request, response) => json(response, 500, { error: 'boom' })
    const error = await failure(client().search('acme', { query: 'q' }))
    expect(error).toMatchObject({ kind: 'server', status: 500, message: 'boom', retryable: true })
    expect(http.recorded).toHaveLength(3)
  })

  it('503 then 200 is retried and succeeds', async () => {
    http.handler = sequence(
      (_request, response) => json(response, 503, { error: 'warming up' }),
      (_request, response) =>
        json(response, 200, [{ content: 'Hooks', path: '/hooks', metadata: { title: 'Hooks' } }]),
    )
    const results = await client().search('acme', { query: 'hooks' })
    expect(results[0]).toMatchObject({ path: '/hooks', metadata: { title: 'Hooks' } })
    expect(http.recorded).toHaveLength(2)
  })

  it('429 with Retry-After waits that long, then succeeds', async () => {
    http.handler = sequence(
      (_request, response) => json(response, 429, { error: 'slow down' }, { 'retry-after': '1' }),
      (_request, response) => json(response, 200, []),
    )
    const started = Date.now()
    await client().search('acme', { query: 'q' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    expect(http.recorded).toHaveLength(2)
  })

  it('429 that persists ends as rate-limited with retryAfterMs', async () => {
    http.handler = (_request, response) =>
      json(response, 429, { error: 'Rate limit exceeded' }, { 'retry-after': '0' })
    const error = await failure(client().search('acme', { query: 'q' }))
    expect(error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 0,
      retryable: true,
    })
    expect(http.recorded).toHaveLength(3)
  })

  it('a Retry-After beyond maxRetryAfterMs is not waited for', async () => {
    http.handler = (_request, response) =>
      json(response, 429, { error: 'later' }, { 'retry-after': '120' })
    const error = await failure(client().search('acme', { query: 'q' }))
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 })
    expect(http.recorded).toHaveLength(1)
  })

  it('a refused connection is a network error, retried', async () => {
    const { client: docs, calls } = await refusedClient()
    const error = await failure(docs.search('acme', { query: 'q' }))
    expect(error).toMatchObject({ kind: 'network', retryable: true })
    expect(error.message).toContain('ECONNREFUSED')
    expect(calls()).toBe(3)
  })

  it('a destroyed socket is a network error', async () => {
    http.handler = (request) => request.socket.destroy()
    const error = await failure(client({ retry: false }).search('acme', { query: 'q' }))
    expect(error.kind).toBe('network')
  })

  it('a slow server gives timeout (not retried)', async () => {
    http.handler = async (_request, response) => {
      await sleep(500)
      json(response, 200, [])
    }
    const error = await failure(client({ timeoutMs: 100 }).search('acme', { query: 'q' }))
    expect(error).toMatchObject({ kind: 'timeout' })
    expect(http.recorded).toHaveLength(1)
  })

  it('abort gives aborted, also during a backoff', async () => {
    http.handler = async (_request, response) => {
      await sleep(500)
      json(response, 200, [])
    }
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 50)
    const error = await failure(
      client().search('acme', { query: 'q' }, { signal: controller.signal }),
    )
    expect(error.kind).toBe('aborted')

    http.handler = (_request, response) => json(response, 503, {}, { 'retry-after': '5' })
    const backoff = new AbortController()
    setTimeout(() => backoff.abort(), 100)
    const started = Date.now()
    const during = await failure(
      client({ retry: { maxRetryAfterMs: 10_000, maxTotalDelayMs: 10_000 } }).search(
        'acme',
        { query: 'q' },
        { signal: backoff.signal },
      ),
    )
    expect(during.kind).toBe('aborted')
    expect(Date.now() - started).toBeLessThan(2000)

    const pre = AbortSignal.abort()
    http.recorded.length = 0
    expect((await failure(client().search('acme', { query: 'q' }, { signal: pre }))).kind).toBe(
      'aborted',
    )
    expect(http.recorded).toHaveLength(0)
  })

  it('a non-JSON or incomplete body is invalid-response naming the field', async () => {
    http.handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>')
    expect((await failure(client().search('acme', { query: 'q' }))).kind).toBe('invalid-response')
    http.handler = (_request, response) => json(response, 200, { path: '/a' })
    expect(await failure(client().getPage('acme', { path: '/a' }))).toMatchObject({
      kind: 'invalid-response',
      field: 'content',
    })
  })

  it('reports unknown enum values through onWarning', async () => {
    http.handler = (_request, response) => json(response, 200, status({ status: 'paused' }))
    const warnings: DocsWarning[] = []
    const record = await client({ onWarning: (w) => warnings.push(w) }).getUpdateStatus('st_1')
    expect(record.status).toBe('paused')
    expect(warnings).toMatchObject([
      { code: 'unknown-enum-value', path: 'status', value: 'paused' },
    ])
  })

  it('does not retry triggerUpdate on 500 but does on 503', async () => {
    http.handler = (_request, response) => json(response, 500, { error: 'boom' })
    await failure(client().triggerUpdate('proj'))
    expect(http.recorded).toHaveLength(1)
    http.recorded.length = 0
    http.handler = sequence(
      (_request, response) => json(response, 503, { error: 'busy' }),
      (_request, response) => json(response, 202, { statusId: 'st_2' }),
    )
    expect(await client().triggerUpdate('proj')).toMatchObject({ statusId: 'st_2' })
    expect(http.recorded).toHaveLength(2)
  })
})

describe('polling', () => {
  it('waitForUpdateStatus follows the status until success', async () => {
    http.handler = route(
      '/v1/project/update-status/',
      sequence(
        (_request, response) => json(response, 200, status()),
        (_request, response) => json(response, 200, status()),
        (_request, response) => json(response, 503, { error: 'blip' }),
        (_request, response) =>
          json(response, 200, status({ status: 'in_progress', logs: ['build'] })),
        (_request, response) =>
          json(
            response,
            200,
            status({ status: 'success', logs: ['build', 'done'], endedAt: '2026-01-01T00:01:00Z' }),
          ),
      ),
    )
    const seen: string[] = []
    const final = await client().waitForUpdateStatus('st_1', {
      intervalMs: 10,
      onUpdate: (record) => seen.push(record.status),
    })
    expect(final).toMatchObject({ status: 'success', logs: ['build', 'done'] })
    expect(seen).toEqual(['queued', 'in_progress', 'success'])
  })

  it('waitForUpdateStatus stops at failure and gives up after timeoutMs', async () => {
    http.handler = (_request, response) => json(response, 200, status({ status: 'failure' }))
    expect((await client().waitForUpdateStatus('st_1', { intervalMs: 5 })).status).toBe('failure')

    http.handler = (_request, response) => json(response, 200, status())
    const error = await failure(
      client().waitForUpdateStatus('st_1', { intervalMs: 10, timeoutMs: 150 }),
    )
    expect(error.kind).toBe('timeout')
  })

  it('waitForAgentJob polls until haulted, honours abort, and stops on 404', async () => {
    http.handler = route(
      '/v1/agent/',
      sequence(
        (_request, response) => json(response, 200, job()),
        (_request, response) =>
          json(
            response,
            200,
            job({ todos: [{ content: 'x', id: '1', status: 'in_progress', priority: 'high' }] }),
          ),
        (_request, response) =>
          json(
            response,
            200,
            job({ haulted: true, haultReason: 'completed', pullRequestLink: 'https://gh/pr/1' }),
          ),
      ),
    )
    const updates: unknown[] = []
    const done = await client().waitForAgentJob('proj', 'job_1', {
      intervalMs: 5,
      onUpdate: (record) => updates.push(record.haultReason),
    })
    expect(done).toMatchObject({ haulted: true, haultReason: 'completed' })
    expect(updates).toEqual(['processing', 'processing', 'completed'])

    http.handler = (_request, response) => json(response, 200, job())
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 60)
    const aborted = await failure(
      client().waitForAgentJob('proj', 'job_1', { intervalMs: 10, signal: controller.signal }),
    )
    expect(aborted.kind).toBe('aborted')

    http.handler = (_request, response) => json(response, 404, { error: 'no such job' })
    expect((await failure(client().waitForAgentJob('proj', 'nope', { intervalMs: 5 }))).kind).toBe(
      'not-found',
    )
  })
})

describe('streamAssistantMessage', () => {
  it('sends the validated body and collects text, tools, usage and the thread from headers', async () => {
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      response.write(part('f', { messageId: 'msg_1' }))
      response.write(part('0', 'Hello '))
      response.write(part('b', { toolCallId: 'c1', toolName: 'search' }))
      response.write(part('c', { toolCallId: 'c1', argsTextDelta: '{"query":' }))
      response.write(part('c', { toolCallId: 'c1', argsTextDelta: '"hooks"}' }))
      response.write(part('9', { toolCallId: 'c1', toolName: 'search', args: { query: 'hooks' } }))
      response.write(part('a', { toolCallId: 'c1', result: [{ path: '/hooks' }] }))
      response.write(
        part('e', {
          finishReason: 'tool-calls',
          usage: { promptTokens: 1, completionTokens: 1 },
          isContinued: false,
        }),
      )
      response.write(part('f', { messageId: 'msg_2' }))
      response.write(part('0', 'world 👋'))
      response.write(part('e', { finishReason: 'stop', isContinued: false }))
      response.end(
        part('d', { finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 5 } }),
      )
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
      currentPath: '/quickstart',
    })
    expect(stream.threadId).toBe('thr_1')
    expect(stream.threadKey).toBe('key_1')
    const result = await stream.collect()
    expect(result).toMatchObject({
      text: 'Hello world 👋',
      finishReason: 'stop',
      finished: true,
      steps: 2,
      messageId: 'msg_2',
      usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 },
      thread: { threadId: 'thr_1', threadKey: 'key_1' },
    })
    expect(result.toolInvocations).toEqual([
      {
        state: 'result',
        step: 0,
        toolCallId: 'c1',
        toolName: 'search',
        args: { query: 'hooks' },
        result: [{ path: '/hooks' }],
      },
    ])
    const sent = http.recorded[0]!
    expect(sent.url).toBe('/discovery/v1/assistant/acme/message')
    expect(sent.headers.authorization).toBe('Bearer mint_dsc_test')
    expect(sent.headers['content-type']).toBe('application/json')
    expect(JSON.parse(sent.body)).toEqual({
      fp: 'anonymous',
      messages: [userMessage],
      retrievalPageSize: 5,
      currentPath: '/quickstart',
    })
  })

  it('takes the thread from the stream and keeps the threadKey it sent', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.write(part('0', 'Again'))
      response.end(part('d', { finishReason: 'stop', threadId: 'thr_7' }))
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
      threadId: 'thr_7',
      threadKey: 'secret_7',
    })
    const events = []
    for await (const event of stream) events.push(event.type)
    expect(events).toEqual(['text', 'finish-message'])
    expect(stream.thread).toEqual({ threadId: 'thr_7', threadKey: 'secret_7' })
    expect(JSON.parse(http.recorded[0]!.body)).toMatchObject({
      threadId: 'thr_7',
      threadKey: 'secret_7',
    })
    await expect(stream.collect()).rejects.toThrow(/already read/)
  })

  it('learns a new thread from 8: annotations', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.write(part('8', [{ threadId: 'thr_new', threadKey: 'k_new' }]))
      response.write(part('0', 'Hi'))
      response.end(part('d', { finishReason: 'stop' }))
    }
    const result = await (
      await client().streamAssistantMessage('acme', { fp: 'anonymous', messages: [userMessage] })
    ).collect()
    expect(result).toMatchObject({ threadId: 'thr_new', threadKey: 'k_new', finished: true })
  })

  it('validates the body: fp required, threadKey only with threadId', async () => {
    const noFp = await failure(
      client().streamAssistantMessage('acme', { messages: [userMessage] } as never),
    )
    expect(noFp).toMatchObject({ kind: 'bad-request', field: 'fp' })
    const keyOnly = await failure(
      client().streamAssistantMessage('acme', {
        fp: 'anonymous',
        messages: [userMessage],
        threadKey: 'k',
      }),
    )
    expect(keyOnly).toMatchObject({ kind: 'bad-request', field: 'threadKey' })
    expect(http.recorded).toHaveLength(0)
  })

  it('maps non-2xx answers and retries only when nothing was generated', async () => {
    http.handler = (_request, response) => json(response, 404, { message: 'Thread not found' })
    const expired: unknown[] = []
    const notFound = await failure(
      client().streamAssistantMessage(
        'acme',
        { fp: 'anonymous', messages: [userMessage], threadId: 't' },
        { onThreadExpired: (thread) => expired.push(thread) },
      ),
    )
    // The one stale-thread policy: a 404 on the thread asks once more as a new conversation.
    expect(notFound).toMatchObject({ kind: 'not-found', message: 'Thread not found' })
    expect(http.recorded.map((request) => JSON.parse(request.body).threadId)).toEqual([
      't',
      undefined,
    ])
    expect(expired).toEqual([{ threadId: 't' }])

    http.recorded.length = 0
    http.handler = (_request, response) => json(response, 500, { error: 'model down' })
    await failure(
      client().streamAssistantMessage('acme', { fp: 'anonymous', messages: [userMessage] }),
    )
    expect(http.recorded).toHaveLength(1)

    http.recorded.length = 0
    http.handler = sequence(
      (_request, response) => json(response, 503, { error: 'busy' }),
      (_request, response) => {
        dataStream(response)
        response.write(part('0', 'ok'))
        response.end(part('d', { finishReason: 'stop' }))
      },
    )
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    expect((await stream.collect()).text).toBe('ok')
    expect(http.recorded).toHaveLength(2)
  })

  it('retries a refused connection, but not one that dropped after sending, nor a slow start', async () => {
    const { client: refused, calls } = await refusedClient()
    const body = { fp: 'anonymous', messages: [userMessage] }
    expect((await failure(refused.streamAssistantMessage('acme', body))).kind).toBe('network')
    expect(calls()).toBe(3)

    http.handler = (request) => request.socket.destroy()
    expect((await failure(client().streamAssistantMessage('acme', body))).kind).toBe('network')
    expect(http.recorded).toHaveLength(1)

    http.recorded.length = 0
    http.handler = async (_request, response) => {
      await sleep(500)
      dataStream(response)
      response.end(part('0', 'late'))
    }
    const slow = await failure(client({ timeoutMs: 100 }).streamAssistantMessage('acme', body))
    expect(slow.kind).toBe('timeout')
    expect(http.recorded).toHaveLength(1)
  })

  it('the timeout stops at the headers: a long answer may stream past it', async () => {
    http.handler = async (_request, response) => {
      dataStream(response)
      response.write(part('0', 'slow '))
      await sleep(300)
      response.write(part('0', 'but fine'))
      response.end(part('d', { finishReason: 'stop' }))
    }
    const stream = await client({ timeoutMs: 100 }).streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    expect((await stream.collect()).text).toBe('slow but fine')
  })

  it('abort mid-stream ends with aborted and keeps the partial text', async () => {
    const controller = new AbortController()
    http.handler = async (_request, response) => {
      dataStream(response)
      response.write(part('f', { messageId: 'msg_1' }))
      response.write(part('0', 'Partial '))
      response.write(part('0', 'answer'))
      await sleep(2000)
      response.end(part('d', { finishReason: 'stop' }))
    }
    const stream = await client().streamAssistantMessage(
      'acme',
      { fp: 'anonymous', messages: [userMessage] },
      { signal: controller.signal },
    )
    setTimeout(() => controller.abort(), 100)
    const started = Date.now()
    const error = await failure(stream.collect())
    expect(Date.now() - started).toBeLessThan(1500)
    expect(error.kind).toBe('aborted')
    expect((error.partial as AssistantMessageResult).text).toBe('Partial answer')
  })

  // Issue 21: collect() resolved such an answer with `finished: false`, a success that callers
  // had to remember to check; every other path failed it.
  it('a stream cut without a finish part fails with the cut-answer error; a dropped connection as network', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.write(part('8', [{ threadId: 'thr_cut' }]))
      response.end(part('0', 'Half'))
    }
    const cut = await failure(
      (
        await client().streamAssistantMessage('acme', { fp: 'anonymous', messages: [userMessage] })
      ).collect(),
    )
    expectCutAnswer(cut)
    expect(cut.partial).toMatchObject({ text: 'Half', finished: false, threadId: 'thr_cut' })
    expect((cut.partial as AssistantMessageResult).finishReason).toBeUndefined()

    http.handler = async (_request, response) => {
      dataStream(response)
      response.write(part('0', 'Before the drop'))
      await sleep(50)
      response.socket?.destroy()
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    const error = await failure(stream.collect())
    expect(error.kind).toBe('network')
    expect((error.partial as AssistantMessageResult).text).toBe('Before the drop')
  })

  it('an error part rejects as server with the partial answer', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.write(part('0', 'So far'))
      response.end(part('3', 'An error occurred.'))
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    const error = await failure(stream.collect())
    expect(error).toMatchObject({ kind: 'server', message: 'An error occurred.' })
    expect((error.partial as AssistantMessageResult).text).toBe('So far')
  })

  it('warns when a 200 answer is an HTML page without the data stream header', async () => {
    http.handler = (_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html>\n')
    const warnings: DocsWarning[] = []
    const stream = await client({ onWarning: (w) => warnings.push(w) }).streamAssistantMessage(
      'acme',
      {
        fp: 'anonymous',
        messages: [userMessage],
      },
    )
    expect(warnings.map((w) => w.code)).toEqual(['unexpected-content-type'])
    expect((await failure(stream.collect())).kind).toBe('invalid-response')
  })

  itWithShared(
    'collects the captured production stream served in small chunks',
    [CAPTURED_SAMPLE],
    async () => {
      const bytes = readCapturedSample()
      http.handler = async (_request, response) => {
        dataStream(response)
        for (let offset = 0; offset < bytes.length; offset += 37) {
          response.write(bytes.subarray(offset, offset + 37))
          await sleep(1)
        }
        response.end()
      }
      const result = await (
        await client().streamAssistantMessage('acme', { fp: 'anonymous', messages: [userMessage] })
      ).collect()
      expect(result.text.startsWith('Hey there! 👋')).toBe(true)
      expect(result.toolInvocations.map((call) => [call.toolName, call.state])).toEqual([
        ['search', 'result'],
        ['search', 'result'],
        ['search', 'result'],
        ['markNotFound', 'result'],
      ])
      expect(result).toMatchObject({ finishReason: 'stop', steps: 5, finished: true })
      expect(result.usage).toEqual({
        promptTokens: 16565,
        completionTokens: 405,
        totalTokens: 16970,
      })
    },
  )
})

describe('key safety', () => {
  const scope = globalThis as { window?: unknown; document?: unknown }
  afterEach(() => {
    delete scope.window
    delete scope.document
  })

  it('refuses an admin key in a browser-like global unless allowed', () => {
    expect(() => createDocsClient({ adminKey: 'mint_x' })).not.toThrow()
    scope.window = {}
    scope.document = {}
    let error: unknown
    try {
      createDocsClient({ adminKey: 'mint_x' })
    } catch (caught) {
      error = caught
    }
    expect(DocsApiError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'bad-request', field: 'adminKey' })
    expect((error as Error).message).toContain('dangerouslyAllowBrowser')
    expect(() => createDocsClient({ authToken: 'mint_x' })).toThrow(/dangerouslyAllowBrowser/)
    expect(() =>
      createDocsClient({ adminKey: 'mint_x', dangerouslyAllowBrowser: true }),
    ).not.toThrow()
  })

  it('warns about an assistant key in a browser', () => {
    scope.document = {}
    const warnings: DocsWarning[] = []
    createDocsClient({ assistantKey: 'mint_dsc_x', onWarning: (w) => warnings.push(w) })
    expect(warnings.map((w) => w.code)).toEqual(['assistant-key-in-browser'])
  })
})

describe('the README proxy pattern', () => {
  // The proxy from the README, pointed at the local server; the browser-side client has no key.
  const allowed =
    /^\/discovery\/v[12]\/(assistant\/[\w.-]+\/message|search\/[\w.-]+|page\/[\w.-]+)$/
  async function POST(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname.replace(/^\/api\/docs/, '')
    if (!allowed.test(path)) return Response.json({ message: 'Not found' }, { status: 404 })
    const response = await fetch(http.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer mint_dsc_server_side' },
      body: await request.text(),
      signal: request.signal,
    })
    const headers = new Headers(response.headers)
    headers.delete('content-encoding')
    headers.delete('content-length')
    headers.set('access-control-expose-headers', 'X-Thread-Id, X-Thread-Key')
    return new Response(response.body, { status: response.status, headers })
  }

  it('forwards the stream unchanged with the thread headers', async () => {
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_p', 'x-thread-key': 'key_p' })
      response.write(part('0', 'Through '))
      response.write(part('0', 'the proxy'))
      response.end(part('d', { finishReason: 'stop' }))
    }
    const browserClient = createDocsClient({
      baseUrl: 'https://docs.example.com/api/docs',
      fetch: (input, init) => POST(new Request(input, init)),
    })
    const stream = await browserClient.streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    expect(stream.response.headers.get('access-control-expose-headers')).toContain('X-Thread-Key')
    expect(await stream.collect()).toMatchObject({
      text: 'Through the proxy',
      thread: { threadId: 'thr_p', threadKey: 'key_p' },
    })
    expect(http.recorded[0]).toMatchObject({
      url: '/discovery/v1/assistant/acme/message',
      headers: { authorization: 'Bearer mint_dsc_server_side' },
    })
  })
})
