/**
 * The dev server under hostile requests (issue 9 part 4): malformed and foreign `Host` headers,
 * amplification through long queries and questions, bodies sent without a key, unbounded
 * recording and threads, CORS, and a spoofed `X-Forwarded-For`. Over real HTTP where the attack
 * is an HTTP one, through the fetch handler elsewhere.
 */
import { connect } from 'node:net'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { DOCS_LIMITS } from '@docchat/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEV_SERVER_LIMITS } from './limits'
import { type RunningDevServer, startDevServer } from './node-server'
import { RateLimiter, windows } from './rate-limits'
import { createDevServer, type DevServer } from './server'
import { type FakeOpenAI, startFakeOpenAI } from './test/fake-openai'
import { fixtureCorpus } from './test/fixture-docs'
import {
  ask,
  get,
  post,
  useDevServerOverHttp,
  userMessage,
  limitedServer,
  adminPost,
} from './test/requests'

/** Sends raw bytes (a `Host` header `fetch` would never send) and returns the whole reply. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1')
    let reply = ''
    socket.setEncoding('latin1')
    socket.on('data', (chunk: string) => {
      reply += chunk
    })
    socket.on('end', () => resolve(reply))
    socket.on('error', reject)
    socket.write(`${head}\r\nConnection: close\r\n\r\n`)
  })
}

function statusLine(reply: string): string {
  return reply.split('\r\n')[0] ?? ''
}

// A full collection before each reading, so heap growth is what a request kept, not garbage.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

function heapMb(): number {
  gc()
  return process.memoryUsage().heapUsed / 1024 / 1024
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now()
  const value = await run()
  return { value, ms: performance.now() - start }
}

describe('Host header', () => {
  let server: RunningDevServer
  let port: number

  beforeAll(async () => {
    server = await startDevServer({
      port: 0,
      docs: { acme: fixtureCorpus() },
      seed: false,
      allowedHosts: ['docs.test', '.preview.test'],
    })
    port = Number(new URL(server.url).port)
  })
  afterAll(() => server.close())

  it('answers 400 to a malformed Host and keeps serving', async () => {
    for (const host of ['a b', '[', 'x:99999999', '%', 'a/b', 'user@localhost']) {
      const reply = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: ${host}`)
      expect(statusLine(reply), host).toBe('HTTP/1.1 400 Bad Request')
      expect(reply).toContain('"message":"Malformed Host header')
    }
    const reply = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1:${port}`)
    expect(statusLine(reply)).toBe('HTTP/1.1 200 OK')
  })

  it('accepts loopback names, the bound host and allowedHosts; refuses others with 403', async () => {
    for (const host of [
      `localhost:${port}`,
      'LOCALHOST',
      'app.localhost',
      `127.0.0.1:${port}`,
      '127.1.2.3',
      `[::1]:${port}`,
      'docs.test',
      'a.preview.test',
    ]) {
      const reply = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: ${host}`)
      expect(statusLine(reply), host).toBe('HTTP/1.1 200 OK')
    }
    // DNS rebinding: the attacker's page names its own domain, now resolving to 127.0.0.1.
    for (const host of [
      'attacker.example',
      `attacker.example:${port}`,
      'docs.test.evil',
      '10.0.0.1',
    ]) {
      const reply = await rawRequest(port, `GET /health HTTP/1.1\r\nHost: ${host}`)
      expect(statusLine(reply), host).toBe('HTTP/1.1 403 Forbidden')
      expect(reply).toContain('--allowed-host')
    }
  })

  it('sends proper reason phrases and {message} for an unknown route', async () => {
    const reply = await rawRequest(port, `GET /nope HTTP/1.1\r\nHost: localhost`)
    expect(statusLine(reply)).toBe('HTTP/1.1 404 Not Found')
    expect(reply).toContain('{"message":"No route for GET /nope"}')
    const response = await fetch(`${server.url}/discovery/v1/search/acme`, { method: 'POST' })
    expect(response.status).toBe(401)
    expect(response.statusText).toBe('Unauthorized')
  })

  it('keeps the path of an absolute-form or double-slash target', async () => {
    const absolute = await rawRequest(
      port,
      `GET http://evil.example/health HTTP/1.1\r\nHost: localhost`,
    )
    expect(statusLine(absolute)).toBe('HTTP/1.1 200 OK')
    const doubled = await rawRequest(port, `GET //health HTTP/1.1\r\nHost: localhost`)
    expect(statusLine(doubled)).toBe('HTTP/1.1 200 OK')
  })
})

/** Median wall time of `runs` sequential calls: the baseline a cap in the same run scales with. */
async function medianMs(run: () => Promise<unknown>, runs = 5): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) times.push((await timed(run)).ms)
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

describe('long page paths over HTTP (issue 20, finding 4)', () => {
  const { server, post: postHttp } = useDevServerOverHttp()
  const search = async () => {
    const response = await postHttp('/discovery/v1/search/acme', { query: 'webhooks' })
    expect(response.status).toBe(200)
    return response.json()
  }

  // The old `/\/+$/` spent 32 s on this path with the event loop blocked: every other request
  // waited. Now the length is checked first, and the trim is a loop.
  it('refuses a 200,000-slash path with a 400 while a concurrent request is answered promptly', {
    timeout: 120_000,
  }, async () => {
    const baseline = await medianMs(search)
    const cap = Math.max(1_000, 50 * baseline)
    const hostile = timed(() =>
      postHttp('/discovery/v1/page/acme', { path: `${'/'.repeat(200_000)}x` }),
    )
    // The second request goes out once the server is handling the first (its body still arriving).
    while (!server().requests.some((r) => r.path === '/discovery/v1/page/acme')) {
      await new Promise((resolve) => setTimeout(resolve, 1))
    }
    const concurrent = await timed(search)
    const { value: response, ms } = await hostile
    expect(concurrent.ms, `baseline ${baseline.toFixed(1)} ms`).toBeLessThan(cap)
    expect(ms, `baseline ${baseline.toFixed(1)} ms`).toBeLessThan(cap)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: `Invalid request: path: must be at most ${DEV_SERVER_LIMITS.pathChars} characters (got 200001)`,
      field: 'path',
      limit: DEV_SERVER_LIMITS.pathChars,
    })
  })

  it('serves a path at the limit and names the limit one character over it', async () => {
    const at = `/${'a/'.repeat(DEV_SERVER_LIMITS.pathChars / 2 - 1)}x`
    expect(at).toHaveLength(DEV_SERVER_LIMITS.pathChars)
    const served = await postHttp('/discovery/v1/page/acme', { path: at })
    expect(served.status).toBe(404)
    const found = await postHttp('/discovery/v1/page/acme', {
      path: `https://acme.example/guides/webhooks${'/'.repeat(2_000)}`,
    })
    expect(found.status).toBe(200)
    expect((await found.json()).path).toBe('/guides/webhooks')
    const over = await postHttp('/discovery/v1/page/acme', { path: `${at}y` })
    expect(over.status).toBe(400)
    expect(await over.json()).toMatchObject({ field: 'path', limit: DEV_SERVER_LIMITS.pathChars })
  })
})

describe('assistant bodies and context over HTTP (issue 20, finding 7)', () => {
  const { post: postHttp } = useDevServerOverHttp()
  const sixMiB = 6 * 1024 * 1024
  const earlierAnswer = (content: string) => ({
    id: 'a0',
    role: 'assistant',
    content,
    parts: [{ type: 'text', text: content }],
  })
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

  it('keeps the normal body limit for a request without files: 6 MiB of history gets a 413', async () => {
    const v1 = await postHttp('/discovery/v1/assistant/acme/message', {
      fp: 'anonymous',
      messages: [earlierAnswer('x'.repeat(sixMiB)), userMessage('How do webhooks work?')],
    })
    expect(v1.status).toBe(413)
    const body = await v1.json()
    expect(body.limit).toBe(1024 * 1024)
    expect(body.message).toMatch(/^Request body is \d+ bytes; the limit is 1048576 bytes/)
    const v2 = await postHttp('/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      messages: [
        { id: 'a0', role: 'assistant', parts: [{ type: 'text', text: 'x'.repeat(sixMiB) }] },
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do webhooks work?' }] },
      ],
    })
    expect(v2.status).toBe(413)
    expect((await v2.json()).limit).toBe(1024 * 1024)
  })

  it('allows only as many extra bytes as the files need', async () => {
    const withFile = (padding: number) =>
      postHttp('/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [
          earlierAnswer('x'.repeat(padding)),
          {
            ...userMessage('What does this show?'),
            experimental_attachments: [{ name: 'a.png', contentType: 'image/png', url: png }],
          },
        ],
      })
    const over = await withFile(sixMiB)
    expect(over.status).toBe(413)
    expect((await over.json()).limit).toBe(1024 * 1024 + png.length)
    // The padding is sent twice (content and parts): 512 KiB of the 1 MiB.
    const under = await withFile(256 * 1024)
    expect(under.status).toBe(200)
    await under.text()
  })

  it('refuses context over its limits with a 400 naming the field and the limit', async () => {
    const ask = (context: unknown[]) =>
      postHttp('/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [userMessage('How do webhooks work?')],
        context,
      })
    const { contextChars, contextItems, pathChars } = DEV_SERVER_LIMITS
    const huge = await ask([{ type: 'textSelection', value: 'webhook '.repeat(100_000) }])
    expect(huge.status).toBe(400)
    expect(await huge.json()).toEqual({
      message: `Invalid request: context: the items' values must be at most ${contextChars} characters together (got 800000)`,
      field: 'context',
      limit: contextChars,
    })
    const many = await ask(
      Array.from({ length: contextItems + 1 }, () => ({ type: 'code', value: 'x' })),
    )
    expect(many.status).toBe(400)
    expect(await many.json()).toMatchObject({ field: 'context', limit: contextItems })
    const longPath = await ask([{ type: 'code', value: 'x', path: `/${'/'.repeat(200_000)}x` }])
    expect(longPath.status).toBe(400)
    expect(await longPath.json()).toMatchObject({ field: 'context.0.path', limit: pathChars })
    const atLimit = await ask(
      Array.from({ length: contextItems }, () => ({
        type: 'textSelection',
        value: `Webhooks retry. ${'w'.repeat(contextChars / contextItems - 16)}`,
      })),
    )
    expect(atLimit.status).toBe(200)
    await atLimit.text()
  })
})

describe('bodies that cost JSON.parse more than their bytes', () => {
  // Bytes, encoded before any timing: the client shares this process and its event loop.
  const { server, post: postRaw } = useDevServerOverHttp()
  const search = async () => {
    const response = await postRaw('/discovery/v1/search/acme', '{"query":"webhooks"}')
    expect(response.status).toBe(200)
    return response.json()
  }
  /** The longest the server's event loop (this process) stalled while `run` went on. */
  async function longestStall<T>(run: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
    const histogram = monitorEventLoopDelay({ resolution: 5 })
    histogram.enable()
    try {
      const value = await run()
      return { value, stallMs: histogram.max / 1e6 }
    } finally {
      histogram.disable()
    }
  }
  const assistantPath = '/discovery/v1/assistant/acme/message'
  const question = JSON.stringify(userMessage('How do webhooks work?'))

  // Both under the bytes an assistant route reads before parsing (one question's files, ~13.4 MB):
  // JSON.parse held the event loop 12 s on the first and 6 s on the second (twice: the recording
  // parses too), and only then came the 400 or 413. Now a linear scan refuses them first.
  it.each([
    [
      '10 MB of nested arrays',
      `{"fp":"a","messages":${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}}`,
      DEV_SERVER_LIMITS.jsonDepth,
    ],
    [
      '13 MB of empty objects and no file',
      `{"fp":"a","messages":[${question}],"x":[${'{},'.repeat(4_500_000)}0]}`,
      DEV_SERVER_LIMITS.jsonContainers,
    ],
    [
      '1 MiB of empty objects',
      `{"fp":"a","messages":[${question}],"x":[${'{},'.repeat(340_000)}0]}`,
      DEV_SERVER_LIMITS.jsonContainers,
    ],
  ])(
    '%s: a 400 before any parse, the event loop free',
    { timeout: 120_000 },
    async (_name, body, limit) => {
      const baseline = await medianMs(search)
      const cap = Math.max(400, 20 * baseline)
      const bytes = new TextEncoder().encode(body)
      const { value: response, stallMs } = await longestStall(() => postRaw(assistantPath, bytes))
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ field: 'body', limit })
      expect(stallMs, `baseline ${baseline.toFixed(1)} ms`).toBeLessThan(cap)
      // Recorded by size, never parsed.
      const recorded = server()
        .requests.filter((request) => request.path === assistantPath)
        .at(-1)!
      expect(recorded.body).toEqual({ omitted: 'refused before it was parsed' })
      await search()
    },
  )

  it('13 MB of short strings and no file: a 413 before any parse', {
    timeout: 120_000,
  }, async () => {
    const body = `{"fp":"a","messages":[${question}],"x":"${'\\"'.repeat(10)}","y":[${'"",'.repeat(4_500_000)}""]}`
    const baseline = await medianMs(search)
    const cap = Math.max(400, 20 * baseline)
    const bytes = new TextEncoder().encode(body)
    const { value: response, stallMs } = await longestStall(() => postRaw(assistantPath, bytes))
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ limit: 1024 * 1024 })
    expect(stallMs, `baseline ${baseline.toFixed(1)} ms`).toBeLessThan(cap)
  })

  it('a question with a file, nested to the limit, and a long conversation still pass', async () => {
    const png = `data:image/png;base64,${'A'.repeat(2_000_000)}`
    const history = Array.from({ length: 100 }, (_, index) =>
      index % 2 === 0
        ? userMessage(`Question ${index}?`, `u${index}`)
        : {
            id: `a${index}`,
            role: 'assistant',
            content: 'Answer.',
            parts: [
              { type: 'text', text: 'Answer.' },
              ...Array.from({ length: 5 }, (_, at) => ({
                type: 'source',
                source: { sourceType: 'url', id: `s${at}`, url: `/page-${at}`, title: 'Page' },
              })),
            ],
          },
    )
    const response = await postRaw(
      assistantPath,
      JSON.stringify({
        fp: 'anonymous',
        messages: [
          ...history,
          {
            ...userMessage('What does this show?'),
            experimental_attachments: [{ name: 'a.png', contentType: 'image/png', url: png }],
          },
        ],
      }),
    )
    expect(response.status).toBe(200)
    await response.text()
    const deep = await postRaw(
      '/discovery/v1/search/acme',
      `{"query":"webhooks","x":${'['.repeat(DEV_SERVER_LIMITS.jsonDepth - 1)}${']'.repeat(DEV_SERVER_LIMITS.jsonDepth - 1)}}`,
    )
    // Parsed: refused by the schema, not by the scan.
    expect(deep.status).toBe(400)
    expect(await deep.json()).toMatchObject({ field: 'x' })
  })
})

describe('unusable attachment URLs (issue 20, finding 8)', () => {
  let fake: FakeOpenAI
  let llm: RunningDevServer
  let offline: RunningDevServer
  beforeAll(async () => {
    fake = await startFakeOpenAI()
    llm = await startDevServer({
      port: 0,
      docs: { acme: fixtureCorpus() },
      seed: false,
      llm: { apiKey: 'sk-local', baseURL: fake.baseURL, model: 'fake' },
      embeddings: false,
    })
    offline = await startDevServer({ port: 0, docs: { acme: fixtureCorpus() }, seed: false })
  })
  afterAll(async () => {
    await llm.close()
    await offline.close()
    await fake.close()
  })

  const postHttp = (server: RunningDevServer, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.keys.assistant}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    })
  const relativeFile = { name: 'a.png', contentType: 'image/png', url: '/a.png' }
  const askV1 = (
    server: RunningDevServer,
    text: string,
    { attachments, thread }: { attachments?: unknown[]; thread?: object } = {},
  ) =>
    postHttp(server, '/discovery/v1/assistant/acme/message', {
      fp: 'anonymous',
      messages: [{ ...userMessage(text), experimental_attachments: attachments }],
      ...thread,
    })

  it('LLM mode: a relative URL gets a 400 before the turn is stored in the thread', async () => {
    const first = await askV1(llm, 'How do webhooks work?')
    expect(first.status).toBe(200)
    await first.text()
    const thread = {
      threadId: first.headers.get('x-thread-id'),
      threadKey: first.headers.get('x-thread-key'),
    }
    const chats = fake.chatRequests

    const refused = await askV1(llm, 'What does this screenshot of rate limits show?', {
      attachments: [relativeFile],
      thread,
    })
    expect(refused.status).toBe(400)
    const body = await refused.json()
    expect(body.field).toBe('messages.0.experimental_attachments')
    expect(body.message).toMatch(/attachment 1 \(a\.png\): url must be an absolute http\(s\) URL/)
    expect(fake.chatRequests).toBe(chats)

    // The thread goes on as if the refused question had never been sent.
    const next = await askV1(llm, 'And retries?', { thread })
    expect(next.status).toBe(200)
    await next.text()
    const users = fake.chatMessages
      .at(-2)!
      .filter((message) => message.role === 'user')
      .map((message) => message.content)
    expect(users).toEqual(['How do webhooks work?', 'And retries?'])
  })

  // Any web page can send this (the key is public, CORS open): in LLM mode the URL went to the
  // model endpoint as an image to fetch, and a local OpenAI-compatible server (vLLM, LM Studio…)
  // fetches it from the developer's own network: cloud metadata, routers, local admin pages.
  it.each([
    'http://169.254.169.254/latest/meta-data/iam/security-credentials/a.png',
    'http://127.0.0.1:8080/admin.png',
    'http://2130706433/a.png',
    'http://0x7f.1/a.png',
    'http://localhost:3000/a.png',
    'http://app.localhost/a.png',
    'http://10.0.0.1/a.png',
    'http://192.168.1.1/a.png',
    'http://172.20.0.1/a.png',
    'http://100.64.0.1/a.png',
    'http://0.0.0.0/a.png',
    'http://[::1]/a.png',
    'http://[::ffff:169.254.169.254]/a.png',
    'http://[fe80::1]/a.png',
    'http://[fd00::1]/a.png',
  ])('LLM mode: a file at %s on the local network never reaches the model', async (url) => {
    const chats = fake.chatRequests
    const refused = await askV1(llm, 'What does this screenshot show?', {
      attachments: [{ ...relativeFile, url }],
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ field: 'messages.0.experimental_attachments' })
    expect(fake.chatRequests).toBe(chats)
  })

  it('LLM mode: a file on a public host still goes to the model as an image URL', async () => {
    const response = await askV1(llm, 'What does this screenshot show?', {
      attachments: [{ ...relativeFile, url: 'https://files.example/a.png' }],
    })
    expect(response.status).toBe(200)
    await response.text()
    expect(JSON.stringify(fake.chatMessages.at(-1))).toContain('https://files.example/a.png')
  })

  it('LLM mode, v2: a relative file part URL gets a 400 naming the parts', async () => {
    const response = await postHttp(llm, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [
            { type: 'text', text: 'What does this show?' },
            { type: 'file', mediaType: 'image/png', filename: 'a.png', url: '/a.png' },
          ],
        },
      ],
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ field: 'messages.0.parts' })
  })

  it('offline mode refuses it the same way, and still takes absolute and data URLs', async () => {
    const refused = await askV1(offline, 'What does this show?', { attachments: [relativeFile] })
    expect(refused.status).toBe(400)
    expect((await refused.json()).field).toBe('messages.0.experimental_attachments')
    const absolute = await askV1(offline, 'How do webhooks work?', {
      attachments: [{ ...relativeFile, url: 'https://files.example/a.png' }],
    })
    expect(absolute.status).toBe(200)
    expect(await absolute.text()).toContain('a.png')
  })
})

describe('amplification: long queries, words and questions', () => {
  let server: DevServer
  /**
   * Caps scale with what ordinary requests take in this run (median of five), so a loaded machine
   * does not fail them; amplification (seconds of work for one request) still does.
   */
  const baseline = { ask: 0 }
  const askAndRead = async (text: string) => {
    const response = await ask(server, 'acme', text)
    await response.text()
    return response
  }
  const postJob = async (content: string) => {
    const response = await adminPost(server, '/v1/agent/docchat-project/job', {
      messages: [{ role: 'user', content }],
    })
    await response.body?.cancel()
    return response
  }
  beforeAll(async () => {
    server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
    baseline.ask = await medianMs(() => askAndRead('How do I verify webhook signatures?'))
  })
  /** A cap of `factor` times an ordinary request's time, and never under 50 ms (timer noise). */
  const cap = (ms: number, factor: number) => Math.max(50, factor * ms)

  const hostile = {
    'one 25,000-letter word': 'a'.repeat(25_000),
    '40 words of 7,000 letters': Array.from({ length: 40 }, (_, i) =>
      String.fromCharCode(97 + (i % 26)).repeat(7_000),
    ).join(' '),
    'one 200,000-letter word': 'q'.repeat(200_000),
  }

  // Refused on its length before any search: no slower than a body of the same size refused by
  // the schema (an unknown key), which costs the same parse and nothing else.
  it.each(Object.entries(hostile))(
    'search with %s: a 400 naming the limit, as fast as any refused body of its size',
    async (_, query) => {
      const sameSize = await medianMs(() =>
        post(server, '/discovery/v1/search/acme', { query: 'webhooks', padding: query }),
      )
      const before = heapMb()
      const response = await post(server, '/discovery/v1/search/acme', { query })
      expect(response.status).toBe(400)
      expect((await response.json()).message).toContain(`${DOCS_LIMITS.queryChars} characters`)
      expect(heapMb() - before).toBeLessThan(30)
      // Medians on both sides: one garbage collection must not decide it.
      const ms = await medianMs(() => post(server, '/discovery/v1/search/acme', { query }))
      expect(ms, `same-size refused body ${sameSize.toFixed(1)} ms`).toBeLessThan(cap(sameSize, 5))
    },
  )

  it.each(Object.entries(hostile))(
    'a question with %s: a 400 naming the limit, as fast as any refused body of its size',
    async (_, text) => {
      const sameSize = await medianMs(() =>
        ask(server, 'acme', 'How do webhooks work?', { padding: text }),
      )
      const response = await ask(server, 'acme', text)
      expect(response.status).toBe(400)
      const body = await response.json()
      expect(body.message).toContain(`${DOCS_LIMITS.questionChars} characters`)
      expect(body.field).toBe('messages.0.content')
      const ms = await medianMs(() => ask(server, 'acme', text))
      expect(ms, `same-size refused body ${sameSize.toFixed(1)} ms`).toBeLessThan(cap(sameSize, 5))
    },
  )

  it('refuses a search word over the word limit, and serves one at it', async () => {
    const over = await post(server, '/discovery/v1/search/acme', {
      query: `webhooks ${'z'.repeat(DOCS_LIMITS.queryWordChars + 1)}`,
    })
    expect(over.status).toBe(400)
    expect((await over.json()).message).toContain(`${DOCS_LIMITS.queryWordChars} characters`)
    const at = await post(server, '/discovery/v1/search/acme', {
      query: `webhooks ${'z'.repeat(DOCS_LIMITS.queryWordChars)}`,
    })
    expect(at.status).toBe(200)
  })

  it('answers questions just under the cap about as fast as ordinary ones, whatever their words', async () => {
    const word = (i: number, length: number) =>
      Array.from({ length }, (_, j) => String.fromCharCode(97 + ((i * 7 + j * 13) % 26))).join('')
    const questions = {
      'a 9,990-letter word': `webhooks ${word(1, 9_990)}`,
      '1,100 distinct 8-letter words': Array.from({ length: 1_100 }, (_, i) => word(i, 8)).join(
        ' ',
      ),
      '400 distinct 24-letter words': Array.from({ length: 400 }, (_, i) => word(i, 24)).join(' '),
    }
    for (const [name, text] of Object.entries(questions)) {
      expect(text.length, name).toBeLessThanOrEqual(DOCS_LIMITS.questionChars)
      const before = heapMb()
      const response = await askAndRead(text)
      expect(response.status, name).toBe(200)
      expect(heapMb() - before, name).toBeLessThan(50)
      const ms = await medianMs(() => askAndRead(text), 3)
      // Searching is bounded by words, not characters (32 words, no typo search past 24
      // letters): a question at the cap costs a small multiple of a short one, never seconds.
      expect(ms, `${name}; ordinary answer ${baseline.ask.toFixed(1)} ms`).toBeLessThan(
        cap(baseline.ask, 10),
      )
    }
  })

  it('keeps an agent job request (no question cap) cheap to plan', async () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x${'y'.repeat(12)}`)
    const hostileRequest = `${words.join(' ')} ${'k'.repeat(200_000)}`
    // The same number of characters in plain repeated words: reading them is the same work, so
    // 20,000 distinct words must not cost much more.
    const plain = 'Document the webhook retry schedule. '
      .repeat(hostileRequest.length / 37 + 1)
      .slice(0, hostileRequest.length)
    const sameSize = await medianMs(() => postJob(plain), 3)
    expect((await postJob(hostileRequest)).status).toBe(200)
    const ms = await medianMs(() => postJob(hostileRequest), 3)
    expect(ms, `same-size plain request ${sameSize.toFixed(1)} ms`).toBeLessThan(cap(sameSize, 5))
  })
})

describe('bodies and bookkeeping', () => {
  it('authenticates before reading a body: anonymous bodies cost no memory', async () => {
    const server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
    const body = JSON.stringify({ query: 'x'.repeat(600_000) })
    const before = heapMb()
    for (let i = 0; i < 20; i++) {
      const response = await post(server, '/discovery/v1/search/acme', body, { key: null })
      expect(response.status).toBe(401)
      await response.text()
    }
    const grown = heapMb() - before
    expect(server.requests).toHaveLength(20)
    expect(server.requests.every((r) => r.body === undefined)).toBe(true)
    expect(grown).toBeLessThan(20)
  })

  it('caps the bytes recorded: large bodies by size only, oldest dropped over budget', async () => {
    const server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      seed: false,
      maxRecordedBytes: 1024 * 1024,
    })
    // An authenticated 600 KB body is above an eighth of the budget: kept as its size.
    await post(server, '/discovery/v1/search/acme', { query: 'y'.repeat(600_000) })
    expect(server.requests.at(-1)?.body).toEqual({ omitted: '600012 bytes' })
    // 100 KB bodies fit one at a time; ten of them fill the budget, so the oldest go.
    for (let i = 0; i < 30; i++) {
      await post(server, '/discovery/v1/search/acme', { query: `${i} ${'z'.repeat(100_000)}` })
    }
    const kept = server.requests.filter(
      (r) => typeof r.body === 'object' && r.body && 'query' in r.body,
    )
    expect(kept.length).toBeGreaterThan(0)
    expect(kept.length).toBeLessThanOrEqual(10)
    expect(kept.at(-1)?.body).toMatchObject({ query: expect.stringMatching(/^29 /) })
  })

  it('evicts the least recently used threads by count and by size', async () => {
    const server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      seed: false,
      threads: { maxThreads: 3 },
    })
    const open = async (text: string) => {
      const response = await ask(server, 'acme', text)
      await response.text()
      return {
        threadId: response.headers.get('x-thread-id')!,
        threadKey: response.headers.get('x-thread-key')!,
      }
    }
    const resume = async (thread: { threadId: string; threadKey: string }) => {
      const response = await ask(server, 'acme', 'And retries?', thread)
      await response.text()
      return response.status
    }
    const first = await open('How do webhooks work?')
    const second = await open('What are the rate limits?')
    await open('How do I theme it?')
    expect(await resume(first)).toBe(200) // now the most recently used
    await open('What is Acme?') // a fourth thread: `second` is the least recently used
    expect(await resume(second)).toBe(404)
    expect(await resume(first)).toBe(200)

    const small = await createDevServer({
      docs: { acme: fixtureCorpus() },
      seed: false,
      threads: { maxChars: 4_000 },
    })
    const threads: { threadId: string; threadKey: string }[] = []
    for (let i = 0; i < 8; i++) {
      const response = await ask(
        small,
        'acme',
        `How do webhook retries work? ${'x'.repeat(900)} ${i}`,
      )
      await response.text()
      threads.push({
        threadId: response.headers.get('x-thread-id')!,
        threadKey: response.headers.get('x-thread-key')!,
      })
    }
    const statuses = []
    for (const thread of threads) {
      const response = await ask(small, 'acme', 'And then?', thread)
      await response.text()
      statuses.push(response.status)
    }
    expect(statuses[0]).toBe(404)
    expect(statuses.at(-1)).toBe(200)
  })
})

describe('CORS', () => {
  let server: DevServer
  beforeAll(async () => {
    server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      allowedOrigins: ['https://admin.example'],
    })
  })

  it('leaves discovery routes open to any origin, never with credentials', async () => {
    for (const origin of ['https://docs.example', 'null', undefined]) {
      const response = await post(
        server,
        '/discovery/v1/search/acme',
        { query: 'webhooks' },
        { headers: origin ? { Origin: origin } : {} },
      )
      expect(response.headers.get('access-control-allow-origin')).toBe(
        origin === 'https://docs.example' ? origin : '*',
      )
      expect(response.headers.get('access-control-allow-credentials')).toBeNull()
      await response.text()
    }
  })

  it('gives admin routes no CORS unless allowedOrigins names the origin', async () => {
    const from = (origin: string) =>
      get(server, '/v1/agent/docchat-project/jobs', { headers: { Origin: origin } })
    const foreign = await from('https://docs.example')
    expect(foreign.status).toBe(200) // a non-browser client is not stopped; a page can't read it
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const nul = await from('null')
    expect(nul.headers.get('access-control-allow-origin')).toBeNull()
    const allowed = await from('https://admin.example')
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://admin.example')
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull()

    const preflight = (origin: string) =>
      server.fetch(
        new Request('http://dev.test/v1/project/update/docchat-project', {
          method: 'OPTIONS',
          headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
        }),
      )
    const refused = await preflight('https://docs.example')
    expect(refused.status).toBe(403)
    expect(refused.headers.get('access-control-allow-origin')).toBeNull()
    expect((await refused.json()).message).toContain('allowedOrigins')
    const ok = await preflight('https://admin.example')
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://admin.example')
    // An admin path with no route is still an admin path.
    const unknown = await get(server, '/v1/agent/nope', {
      headers: { Origin: 'https://x.example' },
    })
    expect(unknown.status).toBe(404)
    expect(unknown.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('X-Forwarded-For', () => {
  const fromIp = (server: DevServer, ip: string) =>
    ask(server, 'acme', 'webhooks', {}, { headers: { 'X-Forwarded-For': ip } })

  /** A question from one client address (192.0.2.7) that claims to be forwarded for `ip`. */
  const fromOneAddress = (server: DevServer, ip: string) =>
    server.fetch(
      new Request('http://dev.test/discovery/v1/assistant/acme/message', {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.keys.assistant}`, 'X-Forwarded-For': ip },
        body: JSON.stringify({ fp: 'anonymous', messages: [userMessage('webhooks')] }),
      }),
      { clientAddress: '192.0.2.7' },
    )

  it('is ignored by default: a client cannot pick its own rate-limit bucket', async () => {
    const server = await limitedServer({ perIpPerDay: 1 })
    const first = await fromOneAddress(server, '10.0.0.1')
    expect(first.status).toBe(200)
    await first.text()
    const second = await fromOneAddress(server, '10.0.0.2')
    expect(second.status).toBe(429)
    expect((await second.json()).message).toContain('per IP address per day')
  })

  it('decides the bucket with trustProxy, by the address the proxy appended', async () => {
    const server = await limitedServer({ perIpPerDay: 1 }, { trustProxy: true })
    expect((await fromIp(server, '10.0.0.1')).status).toBe(200)
    expect((await fromIp(server, '10.0.0.1')).status).toBe(429)
    // A client-supplied first entry does not buy a fresh bucket: the proxy's last entry counts.
    expect((await fromIp(server, '203.0.113.9, 10.0.0.1')).status).toBe(429)
    expect((await fromIp(server, '10.0.0.2')).status).toBe(200)
  })
})

describe('rate-limit buckets', () => {
  it('drop the counters of ended windows once there are many (one bucket per client address)', () => {
    let time = Date.UTC(2026, 0, 1)
    const limiter = new RateLimiter(() => time)
    const hit = (ip: string) =>
      limiter.hit([{ bucket: `ip:${ip}`, limit: 5, windowMs: windows.hour, what: 'per IP' }])
    for (let i = 0; i < 10_001; i++) hit(`10.0.${i >> 8}.${i & 255}`)
    expect(limiter.size).toBe(10_001)
    time += windows.hour
    hit('192.0.2.1')
    expect(limiter.size).toBe(1)
  })
})
