import { readDataStream } from '@docchat/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseFaults } from './faults'
import { HttpError } from './http'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { ask, get, post } from './test/requests'

let server: DevServer

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
})

const question = 'How do I verify webhook signatures?'

function withFault(fault: string, version: 'v1' | 'v2' = 'v1') {
  return ask(server, 'acme', question, {}, { headers: { 'x-docchat-fault': fault }, version })
}

async function lines(response: Response) {
  return (await response.text()).split('\n').filter(Boolean)
}

/** Reads a body and records when each chunk arrived. */
async function timed(response: Response) {
  const start = performance.now()
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  const arrivals: { at: number; text: string }[] = []
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    arrivals.push({ at: performance.now() - start, text: decoder.decode(value) })
  }
  return arrivals
}

describe('x-docchat-fault', () => {
  it('parses every mode and rejects unknown ones with a 400', () => {
    expect(
      parseFaults(
        'latency=200, first-byte=300,token-rate=40,cut-after=5,status=503,malformed-line,error-part,fail=error',
      ),
    ).toEqual({
      latency: 200,
      firstByte: 300,
      tokenRate: 40,
      cutAfter: 5,
      status: 503,
      malformedLine: true,
      errorPart: true,
      fail: 'error',
    })
    expect(() => parseFaults('explode')).toThrow(HttpError)
    expect(() => parseFaults('status=42')).toThrow(/status/)
    expect(() => parseFaults('latency=-1')).toThrow(/latency/)
  })

  it('latency delays the whole response', async () => {
    const start = performance.now()
    const response = await post(
      server,
      '/discovery/v1/search/acme',
      { query: 'x' },
      { headers: { 'x-docchat-fault': 'latency=150' } },
    )
    expect(performance.now() - start).toBeGreaterThanOrEqual(140)
    expect(response.status).toBe(200)
  })

  it('first-byte sends headers at once and the body late', async () => {
    const headersAfter = async (fault: string) => {
      const start = performance.now()
      const response = await withFault(fault)
      return { response, ms: performance.now() - start }
    }
    // Headers without the fault, in this run: what "at once" means on this machine now.
    const plain: number[] = []
    for (let i = 0; i < 3; i++) {
      const { response, ms } = await headersAfter('latency=0')
      await response.text()
      plain.push(ms)
    }
    const baseline = plain.sort((a, b) => a - b)[1]!
    const { response, ms: headersAt } = await headersAfter('first-byte=400')
    // Delayed with the body, they would come 400 ms later than usual.
    expect(headersAt - baseline, `headers usually after ${baseline.toFixed(1)} ms`).toBeLessThan(
      200,
    )
    expect(response.headers.get('x-thread-id')).toBeTruthy()
    const arrivals = await timed(response)
    expect(arrivals[0]!.at + headersAt).toBeGreaterThanOrEqual(390)
  })

  it('token-rate paces text parts', async () => {
    const arrivals = await timed(await withFault('token-rate=100'))
    const textParts = arrivals.filter((a) => a.text.startsWith('0:'))
    expect(textParts.length).toBeGreaterThan(10)
    const span = textParts.at(-1)!.at - textParts[0]!.at
    // n parts at 100/s take at least (n - 1) × 10 ms.
    expect(span).toBeGreaterThanOrEqual((textParts.length - 1) * 10 * 0.9)
  })

  it('cut-after ends the stream after N parts, without the finish line', async () => {
    const all = await lines(await withFault('cut-after=6'))
    expect(all).toHaveLength(6)
    expect(all.some((l) => l.startsWith('d:'))).toBe(false)
    const sse = (await (await withFault('cut-after=3', 'v2')).text()).split('\n\n').filter(Boolean)
    expect(sse).toHaveLength(3)
  })

  it('status answers with that status and the group error shape', async () => {
    const discovery = await withFault('status=503')
    expect(discovery.status).toBe(503)
    expect(await discovery.json()).toEqual({ message: 'Injected fault: status 503' })
    const admin = await get(server, '/v1/agent/docchat-project/jobs', {
      headers: { 'x-docchat-fault': 'status=500' },
    })
    expect(admin.status).toBe(500)
    // The admin spec's `{ error }`, with `message` too so one reader works on every route.
    expect(await admin.json()).toEqual({
      error: 'Injected fault: status 500',
      message: 'Injected fault: status 500',
    })
    const limited = await withFault('status=429')
    expect(limited.headers.get('retry-after')).toBe('1')
  })

  it('malformed-line inserts a line that is not valid JSON after the first text part', async () => {
    const all = await lines(await withFault('malformed-line'))
    const first = all.findIndex((l) => l.startsWith('0:'))
    expect(all[first + 1]).toBe('0:"unterminated')
    const events = []
    for await (const event of readDataStream(new Response(`${all.join('\n')}\n`).body!))
      events.push(event)
    expect(events.some((e) => e.type === 'parse-error')).toBe(true)
    expect(all.at(-1)!.startsWith('d:')).toBe(true)
  })

  it('error-part emits an error part after the first text and ends the stream', async () => {
    const all = await lines(await withFault('error-part'))
    expect(all.at(-1)).toBe('3:"Injected error part (x-docchat-fault: error-part)"')
    expect(all.filter((l) => l.startsWith('0:'))).toHaveLength(1)
    const sse = await (await withFault('error-part', 'v2')).text()
    expect(sse).toContain('"type":"error","errorText":"Injected error part')
  })

  it('can be set for the whole server', async () => {
    const faulty = await createDevServer({
      docs: { acme: fixtureCorpus() },
      faults: 'status=502',
      seed: false,
    })
    expect((await post(faulty, '/discovery/v1/search/acme', { query: 'x' })).status).toBe(502)
  })
})
