/**
 * The v2 stream reader against bodies written by the real AI SDK (ai@5 `createUIMessageStreamResponse`):
 * any chunking, split UTF-8, CRLF, unknown and malformed chunks, cut streams, and linear time.
 */
import {
  createUIMessageStreamResponse,
  type UIMessageChunk,
  uiMessageChunkSchema as v5ChunkSchema,
} from 'ai-v5'
import { uiMessageChunkSchema as v6ChunkSchema } from 'ai-v6'
import { uiMessageChunkSchema as v7ChunkSchema } from 'ai-v7'
import { describe, expect, it } from 'vitest'
import { collect, randomChunks, streamOf, watchedBody } from '@docchat/test-utils/streams'
import { failure } from './test/harness'
import {
  CHUNK_FIELDS,
  checkUIMessageChunk,
  readUIMessageStreamBatches,
  readUIMessageStreamChunks,
  type UIMessageStreamChunk,
} from './ui-message-stream'

const CHUNKS: UIMessageChunk[] = [
  { type: 'start', messageId: 'm1', messageMetadata: { threadId: 'thr_1' } },
  { type: 'start-step' },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'Looking… ✓' },
  { type: 'reasoning-end', id: 'r' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Grüße 👋🏽 — 日本語\nline two' },
  { type: 'text-delta', id: 't', delta: ' data: not a field\n\n' },
  { type: 'text-end', id: 't' },
  { type: 'source-url', sourceId: 's1', url: 'https://docs.example/a', title: 'A' },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'search', input: { q: 'x' } },
  { type: 'tool-output-available', toolCallId: 'c1', output: [1, 2] },
  { type: 'data-progress', data: { stage: 'done' } },
  { type: 'finish-step' },
  { type: 'finish', messageMetadata: { usage: { tokens: 3 } } },
]

/** The bytes the real SDK writes for `chunks` (SSE, `[DONE]` at the end). */
async function sseOf(chunks: UIMessageChunk[]): Promise<Uint8Array> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
      controller.close()
    },
  })
  const response = createUIMessageStreamResponse({ stream })
  return new Uint8Array(await response.arrayBuffer())
}

const read = (
  parts: Array<Uint8Array | string>,
  onUnknownChunk?: (c: UIMessageStreamChunk) => void,
) => collect(readUIMessageStreamChunks(streamOf(parts), { onUnknownChunk }))

describe('readUIMessageStreamChunks', () => {
  it('reads the real SDK body whole, one byte at a time and in random chunks', async () => {
    const bytes = await sseOf(CHUNKS)
    expect(new TextDecoder().decode(bytes)).toContain('data: [DONE]')
    expect(await read([bytes])).toEqual(CHUNKS)
    const bytewise = Array.from(bytes, (_, index) => bytes.subarray(index, index + 1))
    expect(await read(bytewise)).toEqual(CHUNKS)
    for (const seed of [1, 2, 3, 4, 5]) {
      expect(await read(randomChunks(bytes, seed, 7))).toEqual(CHUNKS)
    }
  })

  it('reads CRLF and CR line ends, a split CRLF, comments, other fields and multi-line data', async () => {
    const text = new TextDecoder().decode(await sseOf(CHUNKS))
    const crlf = text.replaceAll('\n', '\r\n')
    const bytes = new TextEncoder().encode(crlf)
    const splitInside = Array.from({ length: Math.ceil(bytes.length / 3) }, (_, index) =>
      bytes.subarray(index * 3, index * 3 + 3),
    )
    expect(await read(splitInside)).toEqual(CHUNKS)
    expect(await read([text.replaceAll('\n', '\r')])).toEqual(CHUNKS)
    const decorated = [
      ': keep-alive\n\n',
      'event: message\nid: 1\nretry: 1000\ndata: {"type":"text-start",\ndata:"id":"t"}\n\n',
      'data: {"type":"text-end","id":"t"}\n\n',
      'data: {"type":"finish"}\n\n',
    ]
    expect(await read(decorated)).toEqual([
      { type: 'text-start', id: 't' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ])
  })

  it('reports unknown chunk types instead of failing, and leaves them out', async () => {
    const unknown: UIMessageStreamChunk[] = []
    const chunks = await read(
      [
        'data: {"type":"text-start","id":"t"}\n\n',
        'data: {"type":"from-the-future","x":1}\n\n',
        'data: {"type":"finish"}\n\ndata: [DONE]\n\n',
      ],
      (chunk) => unknown.push(chunk),
    )
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text-start', 'finish'])
    expect(unknown).toEqual([{ type: 'from-the-future', x: 1 }])
  })

  it('fails with invalid-response on malformed JSON or a missing required field', async () => {
    const bad = await failure(read(['data: {"type":"text-delta","delta":\n\n']))
    expect(bad.kind).toBe('invalid-response')
    const missing = await failure(read(['data: {"type":"text-delta","id":"t"}\n\n']))
    expect(missing.kind).toBe('invalid-response')
    expect(missing.message).toContain('text-delta: delta must be a string')
    const notObject = await failure(read(['data: [1,2]\n\n']))
    expect(notObject.message).toContain('must be a JSON object')
  })

  it('fails with network when the body closes before finish, error, abort or [DONE]', async () => {
    const bytes = await sseOf(CHUNKS)
    const text = new TextDecoder().decode(bytes)
    const cut = text.slice(0, text.indexOf('"type":"finish"'))
    const error = await failure(read([cut]))
    expect(error.kind).toBe('network')
    // An error chunk is the end of the answer: the server says so, the stream is not cut.
    expect(await read(['data: {"type":"error","errorText":"quota"}\n\n'])).toEqual([
      { type: 'error', errorText: 'quota' },
    ])
    // An event left without its blank line at the end is incomplete: dropped, then reported as cut.
    expect((await failure(read(['data: {"type":"finish"}']))).kind).toBe('network')
  })

  it('stops at [DONE] and cancels the rest of the body', async () => {
    const { body, cancelled } = watchedBody({
      once: 'data: {"type":"start"}\n\ndata: [DONE]\n\n',
    })
    expect(await collect(readUIMessageStreamChunks(body))).toEqual([{ type: 'start' }])
    expect(cancelled()).toBe(true)
  })

  it('takes time linear in the body: 8× the events cost about 8× (not 64×)', async () => {
    const event = 'data: {"type":"text-delta","id":"t","delta":"a few words of text "}\n\n'
    const body = (count: number) => {
      const text = `data: {"type":"text-start","id":"t"}\n\n${event.repeat(count)}data: {"type":"finish"}\n\n`
      return randomChunks(new TextEncoder().encode(text), 9, 1500)
    }
    const time = async (count: number) => {
      const parts = body(count)
      let best = Number.POSITIVE_INFINITY
      for (let run = 0; run < 3; run++) {
        const started = performance.now()
        let seen = 0
        for await (const batch of readUIMessageStreamBatches(streamOf(parts))) seen += batch.length
        best = Math.min(best, performance.now() - started)
        expect(seen).toBe(count + 2)
      }
      return best
    }
    await time(2_000)
    const small = await time(5_000)
    const large = await time(40_000)
    expect(large / small).toBeLessThan(24)
  })

  it('one event split across many reads (a long delta) is still linear', async () => {
    const delta = 'x'.repeat(2_000_000)
    const text = `data: ${JSON.stringify({ type: 'text-delta', id: 't', delta })}\n\ndata: {"type":"finish"}\n\n`
    const parts = randomChunks(new TextEncoder().encode(text), 3, 1024)
    const started = performance.now()
    const chunks = await read(parts)
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(chunks[0]?.delta).toHaveLength(2_000_000)
  })
})

describe('checkUIMessageChunk', () => {
  it('accepts the chunks of a real SDK body, and data-* parts', () => {
    expect(CHUNKS.length).toBe(15)
    for (const chunk of CHUNKS) expect(checkUIMessageChunk(chunk)).toBeUndefined()
  })

  // One example per chunk type of the catalogue, as the SDK of the version that has it writes it.
  const EXAMPLES: Record<string, Record<string, unknown>> = {
    start: { type: 'start', messageId: 'm1' },
    'start-step': { type: 'start-step' },
    'finish-step': { type: 'finish-step' },
    'text-start': { type: 'text-start', id: 't' },
    'text-delta': { type: 'text-delta', id: 't', delta: 'Hi' },
    'text-end': { type: 'text-end', id: 't' },
    'reasoning-start': { type: 'reasoning-start', id: 'r' },
    'reasoning-delta': { type: 'reasoning-delta', id: 'r', delta: '…' },
    'reasoning-end': { type: 'reasoning-end', id: 'r' },
    'source-url': { type: 'source-url', sourceId: 's', url: 'https://docs.example/a', title: 'A' },
    'source-document': {
      type: 'source-document',
      sourceId: 's',
      mediaType: 'application/pdf',
      title: 'Guide',
    },
    file: { type: 'file', url: 'https://docs.example/a.png', mediaType: 'image/png' },
    'tool-input-start': { type: 'tool-input-start', toolCallId: 'c', toolName: 'search' },
    'tool-input-delta': { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{"q' },
    'tool-input-available': {
      type: 'tool-input-available',
      toolCallId: 'c',
      toolName: 'search',
      input: { q: 'x' },
    },
    'tool-input-error': {
      type: 'tool-input-error',
      toolCallId: 'c',
      toolName: 'search',
      input: '{"q',
      errorText: 'bad input',
    },
    'tool-output-available': { type: 'tool-output-available', toolCallId: 'c', output: [] },
    'tool-output-error': { type: 'tool-output-error', toolCallId: 'c', errorText: 'failed' },
    'tool-output-denied': { type: 'tool-output-denied', toolCallId: 'c' },
    'tool-approval-request': { type: 'tool-approval-request', toolCallId: 'c', approvalId: 'a' },
    'message-metadata': { type: 'message-metadata', messageMetadata: { threadId: 'thr_1' } },
    finish: { type: 'finish' },
    abort: { type: 'abort' },
    error: { type: 'error', errorText: 'Something failed' },
  }
  const sdkSchemas = [v5ChunkSchema, v6ChunkSchema, v7ChunkSchema]

  it('has one example per chunk type of the catalogue', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(CHUNK_FIELDS).sort())
    expect(Object.keys(CHUNK_FIELDS).length).toBe(24)
  })

  it.each(Object.keys(CHUNK_FIELDS))(
    'accepts %s as the real SDK writes it, and refuses it without each required field',
    async (type) => {
      const example = EXAMPLES[type]!
      const accepted = await Promise.all(
        sdkSchemas.map(async (schema) => (await schema().validate!(example)).success),
      )
      expect(accepted, 'the example is a chunk some supported SDK major writes').toContain(true)
      expect(checkUIMessageChunk(example)).toBeUndefined()
      for (const [field, kind] of Object.entries(CHUNK_FIELDS[type]!)) {
        if (kind.endsWith('?')) continue
        const { [field]: _dropped, ...without } = example
        expect(checkUIMessageChunk(without)).toBe(
          `${type}: ${field} must be ${kind === 'present' ? 'present' : `a ${kind}`}`,
        )
      }
    },
  )
  it('names what is wrong', () => {
    expect(checkUIMessageChunk({ type: 7 })).toBe('type: must be a string')
    expect(checkUIMessageChunk({ type: 'data-x' })).toBe('data-x: data is required')
    expect(checkUIMessageChunk({ type: 'tool-output-available', toolCallId: 'c' })).toBe(
      'tool-output-available: output must be present',
    )
    expect(checkUIMessageChunk({ type: 'error' })).toBe('error: errorText must be a string')
    expect(checkUIMessageChunk({ type: 'toString' })).toBe('unknown')
  })
})
