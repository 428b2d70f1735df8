import { pageContentSchema, searchResultsSchema } from '@docchat/core'
import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { checkResponse, specFixtures } from './test/openapi-check'
import { ask, base, post, limitedServer, adminPost } from './test/requests'

let server: DevServer

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
})

describeWithShared(
  'responses match the published discovery spec',
  specFixtures('discovery-openapi.json'),
  () => {
    it('search: a bare array of {content, path, metadata}', async () => {
      const response = await post(server, '/discovery/v1/search/acme', {
        query: 'webhook signature',
      })
      expect(response.status).toBe(200)
      const body = await response.json()
      expect(
        checkResponse('discovery-openapi.json', '/v1/search/{domain}', 'post', 200, body),
      ).toEqual([])
      expect(searchResultsSchema.parse(body).length).toBeGreaterThan(0)
      // `path` links to the section; `metadata.page` is the page it belongs to.
      expect(body[0]).toMatchObject({
        path: expect.stringMatching(/^\/guides\/webhooks(#[\w-]+)?$/),
        metadata: { title: 'Webhooks', breadcrumbs: ['Guides'], page: '/guides/webhooks' },
      })
      expect(typeof body[0].metadata.score).toBe('number')
    })

    it('page: {path, content}, and 404 {message}', async () => {
      /** The page route's answer for `path`, with `status`, as the spec describes it. */
      const page = async (path: string, status: number) => {
        const response = await post(server, '/discovery/v1/page/acme', { path })
        expect(response.status).toBe(status)
        const body = await response.json()
        expect(
          checkResponse('discovery-openapi.json', '/v1/page/{domain}', 'post', status, body),
        ).toEqual([])
        return body
      }
      const body = await page('/quickstart', 200)
      expect(pageContentSchema.parse(body).content).toContain('acme invoices send')
      const error = await page('/nope', 404)
      expect(error.message).toBe('Page not found or no search index available')
    })
  },
)

describe('search', () => {
  it('honours pageSize and scoreThreshold', async () => {
    const two = await (
      await post(server, '/discovery/v1/search/acme', { query: 'invoice', pageSize: 2 })
    ).json()
    expect(two).toHaveLength(2)
    const strict = await (
      await post(server, '/discovery/v1/search/acme', { query: 'invoice', scoreThreshold: 1 })
    ).json()
    expect(strict).toEqual([])
  })

  it('accepts a filter', async () => {
    const response = await post(server, '/discovery/v1/search/acme', {
      query: 'invoice',
      filter: { version: 'v1', language: 'en' },
    })
    expect(response.status).toBe(200)
    expect(Array.isArray(await response.json())).toBe(true)
  })

  it('rejects bad input with a 4xx naming the field, never a 500', async () => {
    const cases: [string | unknown, number, string][] = [
      ['{"query":', 400, 'body'],
      [{}, 400, 'query'],
      [{ query: 42 }, 400, 'query'],
      [{ query: 'x', pageSize: 0 }, 400, 'pageSize'],
      [{ query: 'x', pageSize: 51 }, 400, 'pageSize'],
      [{ query: 'x', pageSize: 2.5 }, 400, 'pageSize'],
      [{ query: 'x', scoreThreshold: 2 }, 400, 'scoreThreshold'],
      [{ query: 'x', filter: { version: 1 } }, 400, 'filter.version'],
      ['', 400, 'body'],
    ]
    for (const [body, status, field] of cases) {
      const response = await post(server, '/discovery/v1/search/acme', body)
      expect(response.status, JSON.stringify(body)).toBe(status)
      const json = (await response.json()) as { message: string; field: string }
      expect(json.field, JSON.stringify(body)).toBe(field)
      expect(json.message.length).toBeGreaterThan(5)
    }
  })

  it('answers 404 for an unknown domain and an unknown route', async () => {
    const domain = await post(server, '/discovery/v1/search/nope', { query: 'x' })
    expect(domain.status).toBe(404)
    expect((await domain.json()).message).toContain('Unknown domain "nope"')
    const route = await post(server, '/discovery/v9/whatever', {})
    expect(route.status).toBe(404)
    const method = await server.fetch(new Request(`${base}/discovery/v1/search/acme`))
    expect(method.status).toBe(405)
    expect(method.headers.get('allow')).toBe('POST')
  })

  it('refuses oversized bodies with 413', async () => {
    const small = await createDevServer({
      docs: { acme: fixtureCorpus() },
      maxBodyBytes: 100,
      seed: false,
    })
    const response = await post(small, '/discovery/v1/search/acme', { query: 'x'.repeat(200) })
    expect(response.status).toBe(413)
    expect((await response.json()).message).toMatch(/limit of 100 bytes|limit is 100 bytes/)
    // Without a Content-Length header (a streamed upload) the limit holds too.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify({ query: 'y'.repeat(300) })))
        controller.close()
      },
    })
    const streamed = await small.fetch(
      new Request(`${base}/discovery/v1/search/acme`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${small.keys.assistant}` },
        body,
        duplex: 'half',
      } as RequestInit),
    )
    expect(streamed.status).toBe(413)
  })
})

describe('keys', () => {
  it('401 without a key or with an unknown one, 403 with an admin key', async () => {
    const none = await post(server, '/discovery/v1/search/acme', { query: 'x' }, { key: null })
    expect(none.status).toBe(401)
    expect(await none.json()).toMatchObject({ message: expect.stringContaining('Missing API key') })
    const unknown = await post(
      server,
      '/discovery/v1/search/acme',
      { query: 'x' },
      { key: 'mint_dsc_nope' },
    )
    expect(unknown.status).toBe(401)
    const admin = await adminPost(server, '/discovery/v1/search/acme', { query: 'x' })
    expect(admin.status).toBe(403)
    expect((await admin.json()).message).toContain('assistant API key')
    const assistant = await ask(server, 'acme', 'hi', {}, { key: server.keys.admin })
    expect(assistant.status).toBe(403)
  })

  it('uses configured keys', async () => {
    const custom = await createDevServer({
      docs: { acme: fixtureCorpus() },
      assistantKeys: ['mint_dsc_custom'],
      adminKeys: ['mint_custom'],
      seed: false,
    })
    expect(custom.keys).toEqual({ assistant: 'mint_dsc_custom', admin: 'mint_custom' })
    expect((await post(custom, '/discovery/v1/search/acme', { query: 'x' })).status).toBe(200)
    expect(
      (
        await post(
          custom,
          '/discovery/v1/search/acme',
          { query: 'x' },
          { key: 'mint_dsc_dev_local' },
        )
      ).status,
    ).toBe(401)
  })
})

describe('rate limits', () => {
  it('trip at the configured numbers with 429 and Retry-After', async () => {
    let time = Date.UTC(2026, 0, 1, 10, 0, 0)
    const limited = await limitedServer({ perOrgPerHour: 3 }, { now: () => time })
    for (let i = 0; i < 3; i++) {
      expect((await post(limited, '/discovery/v1/search/acme', { query: 'x' })).status).toBe(200)
    }
    const over = await post(limited, '/discovery/v1/search/acme', { query: 'x' })
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe('3600')
    expect((await over.json()).message).toContain('3 requests per organization per hour')
    time += 3600_000
    expect((await post(limited, '/discovery/v1/search/acme', { query: 'x' })).status).toBe(200)
  })

  it('count assistant messages per key per month and per IP per day', async () => {
    const time = Date.UTC(2026, 0, 1, 0, 0, 0)
    const perKey = await limitedServer({ perKeyPerMonth: 2 }, { now: () => time })
    expect((await ask(perKey, 'acme', 'invoices')).status).toBe(200)
    expect((await ask(perKey, 'acme', 'invoices')).status).toBe(200)
    const over = await ask(perKey, 'acme', 'invoices')
    expect(over.status).toBe(429)
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(86_400)
    // Search is not an assistant message: it does not count against credits.
    expect((await post(perKey, '/discovery/v1/search/acme', { query: 'x' })).status).toBe(200)

    const perIp = await limitedServer({ perIpPerDay: 1 }, { trustProxy: true })
    const from = (ip: string) =>
      ask(perIp, 'acme', 'invoices', {}, { headers: { 'X-Forwarded-For': ip } })
    expect((await from('10.0.0.1')).status).toBe(200)
    expect((await from('10.0.0.1')).status).toBe(429)
    expect((await from('10.0.0.2')).status).toBe(200)
  })
})

describe('CORS', () => {
  it('answers preflight and exposes the thread headers', async () => {
    const preflight = await server.fetch(
      new Request(`${base}/discovery/v1/assistant/acme/message`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://docs.example',
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'authorization, content-type, x-docchat-fault',
        },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://docs.example')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const allowed = preflight.headers.get('access-control-allow-headers')!.toLowerCase()
    for (const header of ['authorization', 'content-type', 'x-docchat-fault'])
      expect(allowed).toContain(header)

    const response = await ask(
      server,
      'acme',
      'invoices',
      {},
      { headers: { Origin: 'https://docs.example' } },
    )
    expect(response.headers.get('access-control-allow-origin')).toBe('https://docs.example')
    const exposed = response.headers.get('access-control-expose-headers')!
    for (const header of [
      'X-Thread-Id',
      'X-Thread-Key',
      'Retry-After',
      'X-Session-Id',
      'X-Branch-Name',
    ]) {
      expect(exposed).toContain(header)
    }
    await response.text()
  })

  it('adds CORS headers to errors too', async () => {
    const response = await post(
      server,
      '/discovery/v1/search/acme',
      {},
      { key: null, headers: { Origin: 'https://a.example' } },
    )
    expect(response.status).toBe(401)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://a.example')
  })
})

describe('server.requests', () => {
  it('records method, path, headers and the parsed body', async () => {
    await post(
      server,
      '/discovery/v1/search/acme',
      { query: 'recorded please' },
      { headers: { 'X-Test': '1' } },
    )
    const last = server.requests.at(-1)!
    expect(last).toMatchObject({
      method: 'POST',
      path: '/discovery/v1/search/acme',
      body: { query: 'recorded please' },
    })
    expect(last.headers['x-test']).toBe('1')
    expect(last.headers.authorization).toBe(`Bearer ${server.keys.assistant}`)
  })

  it('records the body of requests refused after authentication, not before', async () => {
    await post(
      server,
      '/discovery/v1/assistant/acme/message',
      { threadId: 't', threadKey: 'k' },
      { key: null },
    )
    expect(server.requests.at(-1)).toMatchObject({ path: '/discovery/v1/assistant/acme/message' })
    expect(server.requests.at(-1)?.body).toBeUndefined()
    await post(server, '/discovery/v1/assistant/acme/message', { threadId: 't', threadKey: 'k' })
    expect(server.requests.at(-1)).toMatchObject({ body: { threadId: 't', threadKey: 'k' } })
    await post(server, '/discovery/v1/search/acme', '{not json')
    expect(server.requests.at(-1)?.body).toBe('{not json')
  })
})

describe('garbage in, 4xx out', () => {
  it('never answers 5xx to malformed bodies on any route', async () => {
    const bodies: unknown[] = [
      'null',
      '42',
      '"text"',
      '[]',
      '{}',
      '{"messages":null}',
      '{"fp":"a","messages":[null]}',
      '{"fp":"a","messages":[{"id":"1","role":"user","content":"x","parts":[{"type":"nope"}]}]}',
      '{"fp":"a","messages":[{"id":"1","role":"user","parts":"x"}]}',
      '{"fp":"a","messages":[{"id":"1","role":"assistant","content":"only me","parts":[]}]}',
      '{"fp":"a","messages":[{"id":"1","role":"user","content":"","parts":[]}]}',
      '{"query":{"$gt":""}}',
      '{"path":null}',
      '{"path":"../../etc/passwd"}',
      '{"messages":[{"role":"user","content":5}]}',
      '\u0000\u0001',
      '{"a":'.repeat(50),
    ]
    const routes = [
      ['/discovery/v1/assistant/acme/message', server.keys.assistant],
      ['/discovery/v2/assistant/acme/message', server.keys.assistant],
      ['/discovery/v1/search/acme', server.keys.assistant],
      ['/discovery/v1/page/acme', server.keys.assistant],
      ['/v1/agent/docchat-project/job', server.keys.admin],
    ] as const
    for (const [path, key] of routes) {
      for (const body of bodies) {
        const response = await post(server, path, body, { key })
        expect(response.status, `${path} ${String(body)}`).toBeGreaterThanOrEqual(400)
        expect(response.status, `${path} ${String(body)}`).toBeLessThan(500)
        await response.text()
      }
    }
  })
})
