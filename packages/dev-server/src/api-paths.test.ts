/**
 * Every path form the API has served (issue 12 part 1): the discovery routes under `/discovery`,
 * `/api/discovery` and bare `/v1`, with the same handlers, keys and limits; `{message}` errors with
 * reason phrases; and clients that never send a `threadId`, as stock `useChat` doesn't.
 */
import type { UIMessage } from '@ai-sdk/ui-utils'
import { createDocsClient } from '@docchat/core'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevServerHandlers } from './msw'
import { createDevServer, type DevServer, discoveryPrefixes } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { base, post, userMessage, limitedServer, adminPost } from './test/requests'
import { stockTurn } from './test/stock-client'

let server: DevServer

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
})

const body = (text: string) => ({ fp: 'anonymous', messages: [userMessage(text)] })

describe('discovery routes under every prefix', () => {
  it.each(discoveryPrefixes.map((prefix) => [prefix || '(bare)', prefix]))(
    '%s: assistant v1 and v2, search and page answer alike',
    async (_, prefix) => {
      const v1 = await post(server, `${prefix}/v1/assistant/acme/message`, body('webhook retries'))
      expect(v1.status).toBe(200)
      expect(v1.headers.get('x-vercel-ai-data-stream')).toBe('v1')
      expect(v1.headers.get('x-thread-id')).toBeTruthy()
      expect(await v1.text()).toContain('eight times')

      const v2 = await post(server, `${prefix}/v2/assistant/acme/message`, {
        fp: 'anonymous',
        messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'webhook retries' }] }],
      })
      expect(v2.status).toBe(200)
      expect(v2.headers.get('content-type')).toContain('text/event-stream')
      await v2.text()

      const search = await post(server, `${prefix}/v1/search/acme`, { query: 'webhooks' })
      expect(search.status).toBe(200)
      expect((await search.json())[0].path).toMatch(/^\/guides\/webhooks/)

      const page = await post(server, `${prefix}/v1/page/acme`, { path: '/quickstart' })
      expect(page.status).toBe(200)
      expect((await page.json()).path).toBe('/quickstart')
    },
  )

  it('asks for the same keys on every prefix', async () => {
    for (const prefix of discoveryPrefixes) {
      const anonymous = await post(
        server,
        `${prefix}/v1/search/acme`,
        { query: 'x' },
        { key: null },
      )
      expect(anonymous.status).toBe(401)
      const admin = await adminPost(server, `${prefix}/v1/search/acme`, { query: 'x' })
      expect(admin.status).toBe(403)
      expect((await admin.json()).message).toContain('assistant API key')
    }
  })

  it('counts one set of rate limits across prefixes', async () => {
    const limited = await limitedServer({ perOrgPerHour: 3 })
    for (const prefix of discoveryPrefixes) {
      expect((await post(limited, `${prefix}/v1/search/acme`, { query: 'x' })).status).toBe(200)
    }
    const over = await post(limited, '/v1/search/acme', { query: 'x' })
    expect(over.status).toBe(429)
    expect((await over.json()).message).toContain('3 requests per organization per hour')
  })

  it('lists every route at /health', async () => {
    const health = await (await server.fetch(new Request(`${base}/health`))).json()
    for (const route of [
      'POST /v1/assistant/{domain}/message',
      'POST /api/discovery/v1/assistant/{domain}/message',
      'POST /discovery/v2/assistant/{domain}/message',
      'POST /v1/search/{domain}',
      'GET /v1/agent/{projectId}/jobs',
    ]) {
      expect(health.routes).toContain(route)
    }
  })

  it('serves a core client on each host form', async () => {
    for (const baseUrl of [
      `${base}`,
      `${base}/discovery`,
      `${base}/api/discovery`,
      // The api-dsc host form: bare `/v1/…` paths at the root.
      'http://api-dsc.dev.test',
    ]) {
      const client = createDocsClient({
        baseUrl,
        assistantKey: server.keys.assistant,
        fetch: (input, init) => server.fetch(new Request(input, init)),
      })
      const results = await client.search('acme', { query: 'webhooks' })
      expect(results[0]?.path, baseUrl).toMatch(/^\/guides\/webhooks/)
    }
    const recorded = server.requests.slice(-4).map((r) => r.path)
    expect(recorded).toEqual([
      '/discovery/v1/search/acme',
      '/discovery/v1/search/acme',
      '/api/discovery/v1/search/acme',
      '/v1/search/acme',
    ])
  })
})

describe('errors', () => {
  it('are {message} with a reason phrase on every route, {error} too on admin routes', async () => {
    const cases: [string, string, number, string][] = [
      ['POST', '/v1/assistant/nope/message', 404, 'Not Found'],
      ['GET', '/v1/assistant/acme/message', 405, 'Method Not Allowed'],
      ['POST', '/nowhere', 404, 'Not Found'],
      ['GET', '/discovery/v3/assistant/acme/message', 404, 'Not Found'],
      ['POST', '/api/discovery/v1/search/acme', 400, 'Bad Request'],
    ]
    for (const [method, path, status, reason] of cases) {
      const response = await server.fetch(
        new Request(`${base}${path}`, {
          method,
          headers: { Authorization: `Bearer ${server.keys.assistant}` },
          ...(method === 'POST' ? { body: '{}' } : {}),
        }),
      )
      expect(response.status, path).toBe(status)
      expect(response.statusText, path).toBe(reason)
      const json = await response.json()
      expect(typeof json.message, path).toBe('string')
      expect(json.error, path).toBeUndefined()
    }
    const admin = await server.fetch(new Request(`${base}/v1/agent/nope/jobs`))
    expect(admin.status).toBe(401)
    expect(admin.statusText).toBe('Unauthorized')
    const json = await admin.json()
    expect(json.message).toBe(json.error)
  })
})

describe('clients that never send threadId (stock useChat)', () => {
  /** The stock ai@4 client, as `useChat` drives it, against bare `/v1`. */
  async function stockV1Turn(messages: UIMessage[]) {
    const { finished, response } = await stockTurn(
      server,
      `${base}/v1/assistant/acme/message`,
      { id: 'chat-1', messages, fp: 'anonymous', retrievalPageSize: 5 },
      { generateId: () => `a-${messages.length}` },
    )
    if (!finished || !response) throw new Error('the stream did not finish')
    return { message: finished.message, threadId: response.headers.get('x-thread-id') }
  }

  it('get a new X-Thread-Id each turn, and the history rebuilt from messages', async () => {
    const question = userMessage('How do webhook retries work?', 'q1') as unknown as UIMessage
    const first = await stockV1Turn([question])
    expect(first.message.content).toContain('eight times')
    const search = first.message.parts?.find((part) => part.type === 'tool-invocation')
    expect(search).toMatchObject({ toolInvocation: { toolName: 'search', state: 'result' } })

    // The follow-up sends the whole conversation back, tool results included, and no thread.
    const followUp = userMessage('How do I verify it?', 'q2') as unknown as UIMessage
    const second = await stockV1Turn([question, first.message, followUp])
    expect(second.threadId).toBeTruthy()
    expect(second.threadId).not.toBe(first.threadId)
    // "it" only resolves through the earlier turn, which came from `messages`.
    const call = second.message.parts?.find((part) => part.type === 'tool-invocation')
    const args = (call as { toolInvocation: { args: { query: string } } }).toolInvocation.args
    expect(args.query).toContain('webhook')
    expect(second.message.content).toMatch(/signature/i)
    const sent = server.requests.at(-1)?.body as Record<string, unknown>
    expect(sent.threadId).toBeUndefined()
    expect(sent.messages).toHaveLength(3)
  })
})

describe('msw handlers on the api-dsc host form', () => {
  const mock = setupServer()
  beforeAll(() => {
    mock.use(...createDevServerHandlers(server, { baseUrl: 'https://api-dsc.mintlify.com' }))
    mock.listen({ onUnhandledRequest: 'error' })
  })
  afterAll(() => mock.close())

  it('answers a core client whose baseUrl is that host, through the global fetch', async () => {
    const client = createDocsClient({
      baseUrl: 'https://api-dsc.mintlify.com',
      assistantKey: server.keys.assistant,
    })
    const results = await client.search('acme', { query: 'webhooks' })
    expect(results[0]?.path).toMatch(/^\/guides\/webhooks/)
    expect(server.requests.at(-1)?.path).toBe('/v1/search/acme')
    const stream = await client.streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage('How do webhook retries work?')],
    })
    expect((await stream.collect()).text).toContain('eight times')
    expect(server.requests.at(-1)?.path).toBe('/v1/assistant/acme/message')
  })
})
