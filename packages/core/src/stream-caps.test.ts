/**
 * Both stream readers cap their lines and events (issue 20, finding 9): a line that never ends
 * used to grow in memory until the tab ran out of it. Past the cap they fail with a typed
 * `invalid-response` and cancel the body, having buffered no more than the cap.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { collect, streamOf } from '@docchat/test-utils/streams'
import { afterEach, describe, expect, it } from 'vitest'
import { createDocsClient } from './client'
import { createDocsClientLite } from './lite-client'
import { readDataStream, readDataStreamBatches } from './data-stream'
import { DATA_LIMITS } from './docs-limits'
import { DocsApiError } from './errors'
import { createUIMessageConnection } from './ui-message-connection'
import { readUIMessageStreamBatches } from './ui-message-stream'

const encoder = new TextEncoder()
const CAP = DATA_LIMITS.streamLineChars
const CHUNK = 64 * 1024

/**
 * A body that sends `first`, then 64 KB reads of `filler` with no line end, as long as it is read
 * (up to `limit` characters, then it closes: a reader that never gives up still finishes).
 * Pulled on demand only, so `pulled()` is what the reader asked for.
 */
function endlessBody(first: string, filler = 'a', limit = 3 * CAP) {
  let pulled = 0
  let cancelled = false
  const bytes = encoder.encode(filler.repeat(CHUNK / filler.length))
  const stream = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(first))
        pulled += first.length
      },
      pull(controller) {
        if (pulled >= limit) {
          controller.close()
          return
        }
        controller.enqueue(bytes)
        pulled += bytes.length
      },
      cancel() {
        cancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => pulled, cancelled: () => cancelled }
}

async function rejection(promise: Promise<unknown>): Promise<DocsApiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )
  expect(DocsApiError.isInstance(error), String(error)).toBe(true)
  return error as DocsApiError
}

describe('the v1 data-stream reader caps its lines', () => {
  it('fails an endless line with invalid-response past the cap, having read no more than it', async () => {
    const body = endlessBody('0:"ok"\n0:"')
    const batches: unknown[][] = []
    const error = await rejection(
      (async () => {
        for await (const batch of readDataStreamBatches(body.stream)) batches.push(batch)
      })(),
    )
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain(`longer than ${CAP} characters`)
    expect(String(error.body).length).toBeLessThanOrEqual(201)
    // The line before it was delivered; the body was cancelled; at most the cap and one read.
    expect(batches.flat()).toEqual([{ type: 'text', text: 'ok' }])
    expect(body.cancelled()).toBe(true)
    expect(body.pulled()).toBeLessThanOrEqual(CAP + 2 * CHUNK)
  })

  it('reads a line of exactly the cap, and fails one character longer (split and whole)', async () => {
    const line = (length: number) => `0:"${'a'.repeat(length - 4)}"`
    const atCap = line(CAP)
    const [event] = await collect(readDataStream(streamOf([`${atCap}\n`])))
    expect(event).toEqual({ type: 'text', text: 'a'.repeat(CAP - 4) })
    const over = line(CAP + 1)
    for (const chunks of [
      [`${over}\n`], // one read holding the whole line
      [over.slice(0, 100), `${over.slice(100)}\n`], // carried over, ended in the next read
      [over], // never ended: the last line of the body
      ['0:"x"\n', over.slice(0, 10), over.slice(10), '\n0:"y"\n'],
    ]) {
      const error = await rejection(collect(readDataStream(streamOf(chunks))))
      expect(error.kind).toBe('invalid-response')
    }
  })

  it('takes a smaller cap per reader (maxLineChars)', async () => {
    const events = await collect(readDataStream(streamOf(['0:"abcdef"\n']), { maxLineChars: 10 }))
    expect(events).toEqual([{ type: 'text', text: 'abcdef' }])
    const error = await rejection(
      collect(readDataStream(streamOf(['0:"abcdefgh"\n']), { maxLineChars: 10 })),
    )
    expect(error.kind).toBe('invalid-response')
  })
})

describe('the v2 UI message stream reader caps its lines and events', () => {
  const drain = (stream: ReadableStream<Uint8Array>, maxEventChars?: number) =>
    (async () => {
      const chunks: unknown[] = []
      for await (const batch of readUIMessageStreamBatches(stream, { maxEventChars })) {
        chunks.push(...batch)
      }
      return chunks
    })()

  it.each([
    ['a data line', 'data: {"type":"text-delta","id":"t","delta":"'],
    ['a comment line', ': '],
    ['a field it ignores', 'id: '],
  ])('fails when %s never ends, having read no more than the cap', async (_name, start) => {
    const body = endlessBody(`data: {"type":"start"}\n\n${start}`)
    const error = await rejection(drain(body.stream))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain(`longer than ${CAP} characters`)
    expect(body.cancelled()).toBe(true)
    expect(body.pulled()).toBeLessThanOrEqual(CAP + 2 * CHUNK)
  })

  it('fails an event of short data lines that never closes, past the cap', async () => {
    // Lines of 1 KB: the reader fails on the event's size, long before the body would end.
    const body = endlessBody('data: {"type":"start"}\n\n', `data: ${'x'.repeat(1017)}\n`)
    const error = await rejection(drain(body.stream))
    expect(error.kind).toBe('invalid-response')
    expect(error.message).toContain('an event is longer than')
    expect(body.pulled()).toBeLessThanOrEqual(CAP + 2 * CHUNK)
  })

  it('reads an event at the cap and fails one past it (maxEventChars)', async () => {
    const event = (delta: string) =>
      `data: {"type":"start"}\n\ndata: ${JSON.stringify({ type: 'text-delta', id: 't', delta })}\n\ndata: {"type":"finish"}\n\n`
    // The longest line is the data line: `data: ` and the chunk.
    const fits = `data: ${JSON.stringify({ type: 'text-delta', id: 't', delta: 'abc' })}`.length
    expect(await drain(streamOf([event('abc')]), fits)).toHaveLength(3)
    const error = await rejection(drain(streamOf([event('abcd')]), fits))
    expect(error.kind).toBe('invalid-response')
  })
})

describe('over real HTTP, through the clients', () => {
  let server: Server | undefined
  afterEach(async () => {
    server?.closeAllConnections()
    server?.close()
    server = undefined
  })

  /** A server whose every answer is one line that never ends; counts what it wrote. */
  async function endlessServer(contentType: string, first: string) {
    const sent = { bytes: 0, closed: false }
    server = createServer(async (request, response) => {
      for await (const _ of request) {
        // read the question
      }
      response.writeHead(200, { 'content-type': contentType, 'x-vercel-ai-data-stream': 'v1' })
      response.on('close', () => {
        sent.closed = true
      })
      const filler = Buffer.from('a'.repeat(CHUNK))
      response.write(first)
      sent.bytes += first.length
      // Writes as fast as the client reads (backpressure), up to 4× the cap.
      while (!sent.closed && sent.bytes < 4 * CAP) {
        sent.bytes += filler.length
        if (!response.write(filler)) {
          await Promise.race([once(response, 'drain'), once(response, 'close')])
        }
      }
      response.end()
    })
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, sent }
  }

  it('v1: collect() rejects with invalid-response and the connection is closed', async () => {
    const { baseUrl, sent } = await endlessServer('text/plain; charset=utf-8', '0:"Hello"\n0:"')
    const client = createDocsClient({ baseUrl, retry: false })
    const stream = await client.streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [
        { id: 'm1', role: 'user', content: 'Hi?', parts: [{ type: 'text', text: 'Hi?' }] },
      ],
    })
    const error = await rejection(stream.collect())
    expect(error.kind).toBe('invalid-response')
    expect((error.partial as { text?: string } | undefined)?.text).toBe('Hello')
    await expect.poll(() => sent.closed).toBe(true)
    // What the server managed to write: the cap, plus what sockets buffer, never 4× the cap.
    expect(sent.bytes).toBeLessThan(2 * CAP)
  })

  it('v2: the UI message connection fails with invalid-response and closes the connection', async () => {
    const { baseUrl, sent } = await endlessServer(
      'text/event-stream',
      'data: {"type":"start"}\n\ndata: {"type":"text-delta","id":"t","delta":"',
    )
    const connection = createUIMessageConnection({
      domain: 'acme',
      url: `${baseUrl}/discovery/v2/assistant/acme/message`,
      headers: () => new Headers(),
      request: { fetch: globalThis.fetch, retry: false },
    })
    const answer = await connection.ask({
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi?' }] }],
    })
    const error = await rejection(
      (async () => {
        for await (const _chunk of answer) {
          // read to the end
        }
      })(),
    )
    expect(error.kind).toBe('invalid-response')
    await expect.poll(() => sent.closed).toBe(true)
    expect(sent.bytes).toBeLessThan(2 * CAP)
  })
})

describe('JSON responses and error bodies are read to a cap', () => {
  const fetchOf =
    (status: number, first: string, filler: string) =>
    (body: ReturnType<typeof endlessBody>[]) =>
    async () => {
      const made = endlessBody(first, filler, 8 * CAP)
      body.push(made)
      return new Response(made.stream, {
        status,
        headers: { 'content-type': 'application/json' },
      })
    }

  /** A client without retries whose every response is an endless body, recorded in `bodies`. */
  const cappedClient = <C>(
    create: (options: Parameters<typeof createDocsClientLite>[0]) => C,
    endless: ReturnType<typeof fetchOf>,
  ) => {
    const bodies: ReturnType<typeof endlessBody>[] = []
    const client = create({
      baseUrl: 'https://api.example',
      assistantKey: 'mint_dsc_x',
      retry: false,
      fetch: endless(bodies),
    })
    return { client, bodies }
  }

  it.each([
    ['createDocsClient', createDocsClient],
    ['createDocsClientLite', createDocsClientLite],
  ])(
    '%s: a search answer past DATA_LIMITS.responseChars is invalid-response, read no further',
    async (_name, create) => {
      const { client, bodies } = cappedClient(create, fetchOf(200, '[{"content":"', 'a'))
      const error = await rejection(client.search('acme', { query: 'webhooks' }))
      expect(error.kind).toBe('invalid-response')
      expect(error.message).toContain(String(DATA_LIMITS.responseChars))
      expect(bodies).toHaveLength(1)
      expect(bodies[0]!.cancelled()).toBe(true)
      expect(bodies[0]!.pulled()).toBeLessThan(DATA_LIMITS.responseChars + 2 * CHUNK)
    },
  )

  it('an error body is read to DATA_LIMITS.errorBodyChars: the status and message still come through', async () => {
    const { client, bodies } = cappedClient(
      createDocsClientLite,
      fetchOf(500, '{"message":"Down for maintenance","padding":"', ' '),
    )
    const error = await rejection(client.getPage('acme', { path: '/a' }))
    expect(error.kind).toBe('server')
    expect(error.status).toBe(500)
    expect(bodies[0]!.cancelled()).toBe(true)
    expect(bodies[0]!.pulled()).toBeLessThan(DATA_LIMITS.errorBodyChars + 2 * CHUNK)
    expect(String(error.body).length).toBeLessThanOrEqual(DATA_LIMITS.errorBodyChars)
  })

  it('a response at the cap is read whole', async () => {
    const results = [{ content: 'x'.repeat(100_000), path: '/a', metadata: { title: 'A' } }]
    const client = createDocsClientLite({
      baseUrl: 'https://api.example',
      assistantKey: 'mint_dsc_x',
      retry: false,
      fetch: async () => Response.json(results),
    })
    expect(await client.search('acme', { query: 'webhooks' })).toHaveLength(1)
  })
})
