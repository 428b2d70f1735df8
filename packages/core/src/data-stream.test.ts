import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { processDataStream } from '@ai-sdk/ui-utils'
import { describe, expect, it } from 'vitest'
import {
  type DataStreamEvent,
  parseDataStreamLine,
  readDataStream,
  readDataStreamBatches,
} from './data-stream'
import { EVERYTHING_TEXT, useAi4Server } from '@docchat/test-utils/ai4-server'
import {
  chunksAt,
  collect,
  randomChunks,
  CAPTURED_SAMPLE,
  readCapturedSample,
  streamOf,
  watchedBody,
} from '@docchat/test-utils/streams'

const textOf = (events: DataStreamEvent[]) =>
  events.map((event) => (event.type === 'text' ? event.text : '')).join('')

const ofType = <T extends DataStreamEvent['type']>(events: DataStreamEvent[], type: T) =>
  events.filter((event): event is Extract<DataStreamEvent, { type: T }> => event.type === type)

/** What the AI SDK's own v4 parser (`processDataStream`) sees in the same bytes. */
async function readWithAiSdk(chunks: Uint8Array[]) {
  let text = ''
  const toolCalls: Array<{ toolCallId: string; toolName: string; args: unknown }> = []
  const toolResults: Array<{ toolCallId: string; result: unknown }> = []
  let finish: unknown
  await processDataStream({
    stream: streamOf(chunks),
    onTextPart: (value) => {
      text += value
    },
    onToolCallPart: (value) => {
      toolCalls.push(value)
    },
    onToolResultPart: (value) => {
      toolResults.push(value)
    },
    onFinishMessagePart: (value) => {
      finish = value
    },
  })
  return { text, toolCalls, toolResults, finish }
}

describeWithShared('captured production stream', [CAPTURED_SAMPLE], () => {
  const sample = readCapturedSample()
  const expectedText = new TextDecoder()
    .decode(sample)
    .split('\n')
    .filter((line) => line.startsWith('0:'))
    .map((line) => JSON.parse(line.slice(2)) as string)
    .join('')

  async function expectSample(chunks: Uint8Array[]) {
    const events = await collect(readDataStream(streamOf(chunks)))
    expect(textOf(events)).toBe(expectedText)
    const toolCalls = ofType(events, 'tool-call')
    expect(toolCalls.map((call) => call.toolName)).toEqual([
      'search',
      'search',
      'search',
      'markNotFound',
    ])
    expect(ofType(events, 'tool-result')).toHaveLength(4)
    expect(ofType(events, 'start-step')).toHaveLength(5)
    expect(ofType(events, 'finish-step')).toHaveLength(5)
    expect(
      events.filter((event) => event.type === 'parse-error' || event.type === 'error'),
    ).toEqual([])
    expect(events.at(-1)).toEqual({
      type: 'finish-message',
      finishReason: 'stop',
      usage: { promptTokens: 16565, completionTokens: 405 },
      extras: {},
    })
    return events
  }

  it('reads the whole capture in one chunk', async () => {
    const events = await expectSample([sample])
    expect(expectedText.startsWith('Hey there! 👋 Great question')).toBe(true)
    expect(events).toHaveLength(75)
  })

  it('reads it one byte at a time', async () => {
    await expectSample(randomChunks(sample, 1, 1))
  })

  it('reads it in 200 random chunkings', async () => {
    for (let seed = 1; seed <= 200; seed++) {
      await expectSample(randomChunks(sample, seed, 1 + (seed % 97)))
    }
  })

  it('decodes the 👋 emoji split at every byte inside it', async () => {
    const emoji = new TextEncoder().encode('👋')
    const start = Buffer.from(sample).indexOf(Buffer.from(emoji))
    expect(start).toBeGreaterThan(0)
    for (let cut = start + 1; cut < start + emoji.length; cut++) {
      await expectSample(chunksAt(sample, [cut]))
      await expectSample(chunksAt(sample, [cut - 1, cut, cut + 1]))
    }
  })

  it('gives the same text and tool calls as the AI SDK v4 parser', async () => {
    for (const seed of [3, 17, 42]) {
      const chunks = randomChunks(sample, seed, 16)
      const events = await collect(readDataStream(streamOf(chunks)))
      const reference = await readWithAiSdk(chunks)
      expect(textOf(events)).toBe(reference.text)
      expect(
        ofType(events, 'tool-call').map(({ toolCallId, toolName, args }) => ({
          toolCallId,
          toolName,
          args,
        })),
      ).toEqual(reference.toolCalls)
      expect(
        ofType(events, 'tool-result').map(({ toolCallId, result }) => ({ toolCallId, result })),
      ).toEqual(reference.toolResults)
      const finish = ofType(events, 'finish-message')[0]
      expect({ finishReason: finish?.finishReason, usage: finish?.usage }).toEqual(reference.finish)
    }
  })
})

describe('over HTTP from an ai@4 server', () => {
  const server = useAi4Server()

  const ask = (content: string) =>
    fetch(server.assistantUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [{ id: 'u1', role: 'user', content, parts: [{ type: 'text', text: content }] }],
      }),
    })

  it('yields a typed event for every part kind the server writes', async () => {
    const response = await ask('How do I use hooks?')
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1')
    const events = await collect(readDataStream(response.body!))
    expect(events.map((event) => event.type)).toEqual([
      'data',
      'message-annotations',
      'start-step',
      'reasoning',
      'reasoning',
      'reasoning-signature',
      'redacted-reasoning',
      'tool-call-start',
      'tool-call-delta',
      'tool-call-delta',
      'tool-call',
      'tool-result',
      'finish-step',
      'start-step',
      'source',
      'text',
      'text',
      'text',
      'file',
      'finish-step',
      'source',
      'finish-message',
    ])
    expect(textOf(events)).toBe(EVERYTHING_TEXT)
    expect(events).toContainEqual({ type: 'data', data: [{ stage: 'retrieval' }] })
    expect(events).toContainEqual({ type: 'message-annotations', annotations: [{ pages: 2 }] })
    expect(events).toContainEqual({ type: 'reasoning-signature', signature: 'sig-1' })
    expect(events).toContainEqual({ type: 'redacted-reasoning', data: 'redacted-1' })
    expect(events).toContainEqual({
      type: 'tool-call',
      toolCallId: 'call-1',
      toolName: 'searchDocs',
      args: { query: 'hooks' },
    })
    expect(events).toContainEqual({
      type: 'tool-result',
      toolCallId: 'call-1',
      result: [{ path: '/hooks', title: 'Hooks' }],
    })
    expect(events).toContainEqual({ type: 'file', mimeType: 'image/png', data: 'iVBORw0KGgo=' })
    expect(events).toContainEqual({
      type: 'source',
      source: { sourceType: 'url', id: 'src-1', url: 'https://docs.example/hooks', title: 'Hooks' },
    })
    expect(events.at(-1)).toEqual({
      type: 'finish-message',
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 8 },
      extras: { threadId: response.headers.get('x-thread-id') },
    })
  })

  it('agrees with the AI SDK v4 parser on the same bytes, in random chunkings', async () => {
    const bytes = new Uint8Array(await (await ask('How do I use hooks?')).arrayBuffer())
    for (const seed of [1, 2, 3]) {
      const chunks = randomChunks(bytes, seed, 7)
      const events = await collect(readDataStream(streamOf(chunks)))
      const reference = await readWithAiSdk(chunks)
      expect(textOf(events)).toBe(reference.text)
      expect(ofType(events, 'tool-call')).toMatchObject(reference.toolCalls)
      expect(ofType(events, 'tool-result')).toMatchObject(reference.toolResults)
    }
  })

  it('passes an unknown code through as an event and keeps reading', async () => {
    const events = await collect(readDataStream((await ask('scenario:unknown-code')).body!))
    expect(events.slice(0, 2)).toEqual([
      { type: 'unknown', code: 'x', value: { future: true }, line: 'x:{"future":true}' },
      { type: 'text', text: 'Still here' },
    ])
  })

  it('reports the error part the server writes for a failing model', async () => {
    const events = await collect(readDataStream((await ask('scenario:model-error')).body!))
    expect(events).toEqual([{ type: 'error', message: 'model overloaded' }])
  })

  it('rejects with the abort reason and cancels the body when the signal aborts', async () => {
    const controller = new AbortController()
    const response = await ask('How do I use hooks?')
    const iterator = readDataStream(response.body!, { signal: controller.signal })
    expect((await iterator.next()).value).toEqual({ type: 'data', data: [{ stage: 'retrieval' }] })
    controller.abort(new DOMException('stopped', 'AbortError'))
    await expect(collect(iterator)).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('framing', () => {
  it('handles CRLF, blank lines and a last line without a line break', async () => {
    const events = await collect(
      readDataStream(streamOf(['0:"a"\r\n', '\r\n\n', '0:"b"\r', '\n0:', '"c"'])),
    )
    expect(events).toEqual([
      { type: 'text', text: 'a' },
      { type: 'text', text: 'b' },
      { type: 'text', text: 'c' },
    ])
  })

  it('numbers lines from 1, counting blank lines', async () => {
    const events = await collect(readDataStream(streamOf(['0:"a"\n\nnope\n0:{bad\n'])))
    expect(events.slice(1)).toMatchObject([
      { type: 'parse-error', line: 'nope', lineNumber: 3 },
      { type: 'parse-error', line: '0:{bad', lineNumber: 4 },
    ])
  })

  it('rejects at once and cancels the body when the signal is already aborted', async () => {
    let cancelled: unknown
    const body = new ReadableStream<Uint8Array>({
      cancel(reason) {
        cancelled = reason
      },
    })
    const reason = new DOMException('gone', 'AbortError')
    await expect(collect(readDataStream(body, { signal: AbortSignal.abort(reason) }))).rejects.toBe(
      reason,
    )
    expect(cancelled).toBe(reason)
  })

  it('ends cleanly on an empty body', async () => {
    expect(await collect(readDataStream(streamOf([])))).toEqual([])
  })

  it('cancels the body when the consumer stops early', async () => {
    const { body, cancelled } = watchedBody({ each: () => '0:"x"\n' })
    for await (const event of readDataStream(body)) {
      expect(event).toEqual({ type: 'text', text: 'x' })
      break
    }
    expect(cancelled()).toBe(true)
  })
})

describe('parseDataStreamLine', () => {
  it.each([
    ['0:"hi"', { type: 'text', text: 'hi' }],
    ['2:[{"a":1},2]', { type: 'data', data: [{ a: 1 }, 2] }],
    ['3:"boom"', { type: 'error', message: 'boom' }],
    ['8:[{"threadId":"t"}]', { type: 'message-annotations', annotations: [{ threadId: 't' }] }],
    [
      '9:{"toolCallId":"c","toolName":"search","args":{"q":1}}',
      { type: 'tool-call', toolCallId: 'c', toolName: 'search', args: { q: 1 } },
    ],
    ['a:{"toolCallId":"c","result":null}', { type: 'tool-result', toolCallId: 'c', result: null }],
    [
      'b:{"toolCallId":"c","toolName":"search"}',
      { type: 'tool-call-start', toolCallId: 'c', toolName: 'search' },
    ],
    [
      'c:{"toolCallId":"c","argsTextDelta":"{\\""}',
      { type: 'tool-call-delta', toolCallId: 'c', argsTextDelta: '{"' },
    ],
    [
      'd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"threadId":"thr_1","threadKey":"k"}',
      {
        type: 'finish-message',
        finishReason: 'stop',
        usage: { promptTokens: 1, completionTokens: 2 },
        extras: { threadId: 'thr_1', threadKey: 'k' },
      },
    ],
    [
      'e:{"finishReason":"tool-calls","isContinued":true,"threadId":"thr_1"}',
      {
        type: 'finish-step',
        finishReason: 'tool-calls',
        isContinued: true,
        extras: { threadId: 'thr_1' },
      },
    ],
    [
      'f:{"messageId":"m1","threadId":"thr_1"}',
      { type: 'start-step', messageId: 'm1', extras: { threadId: 'thr_1' } },
    ],
    ['g:"think"', { type: 'reasoning', text: 'think' }],
    [
      'h:{"sourceType":"url","id":"s","url":"https://x","title":"X","extra":1}',
      {
        type: 'source',
        source: { sourceType: 'url', id: 's', url: 'https://x', title: 'X', extra: 1 },
      },
    ],
    ['i:{"data":"r"}', { type: 'redacted-reasoning', data: 'r' }],
    ['j:{"signature":"s"}', { type: 'reasoning-signature', signature: 's' }],
    [
      'k:{"data":"AAA=","mimeType":"image/png"}',
      { type: 'file', data: 'AAA=', mimeType: 'image/png' },
    ],
  ])('%s', (line, event) => {
    expect(parseDataStreamLine(line, 1)).toEqual(event)
  })

  it('keeps unknown codes, including legacy and multi-character ones, as `unknown`', () => {
    expect(parseDataStreamLine('x:{"future":true}')).toEqual({
      type: 'unknown',
      code: 'x',
      value: { future: true },
      line: 'x:{"future":true}',
    })
    expect(parseDataStreamLine('1:"legacy"')).toMatchObject({ type: 'unknown', code: '1' })
    expect(parseDataStreamLine('10:[]')).toMatchObject({ type: 'unknown', code: '10' })
  })

  it('names the line of malformed JSON, a missing separator or a wrong payload', () => {
    expect(parseDataStreamLine('0:{bad', 7)).toMatchObject({
      type: 'parse-error',
      line: '0:{bad',
      lineNumber: 7,
      message: expect.stringMatching(/^Line 7: invalid JSON in "0:\{bad"/),
    })
    expect(parseDataStreamLine('<html>', 2)).toMatchObject({
      type: 'parse-error',
      lineNumber: 2,
      message: 'Line 2: no separator found in "<html>".',
    })
    expect(parseDataStreamLine('0:123', 3)).toMatchObject({
      type: 'parse-error',
      message: 'Line 3: unexpected value for part "0" in "0:123".',
    })
    expect(parseDataStreamLine('2:{"a":1}')).toMatchObject({ type: 'parse-error' })
    expect(parseDataStreamLine('9:{"toolCallId":"c"}')).toMatchObject({ type: 'parse-error' })
  })

  it('keeps the default usage off when the server sends none', () => {
    expect(parseDataStreamLine('d:{"finishReason":"length"}')).toEqual({
      type: 'finish-message',
      finishReason: 'length',
      extras: {},
    })
    expect(parseDataStreamLine('e:{"finishReason":"stop"}')).toEqual({
      type: 'finish-step',
      finishReason: 'stop',
      isContinued: false,
      extras: {},
    })
  })
})

// readDataStreamBatches: the same reader, one batch of events per chunk of the body.
async function collectBatches(
  iterator: AsyncIterable<DataStreamEvent[]>,
): Promise<DataStreamEvent[][]> {
  const batches: DataStreamEvent[][] = []
  for await (const batch of iterator) batches.push(batch)
  return batches
}

describeWithShared('readDataStreamBatches', [CAPTURED_SAMPLE], () => {
  const sample = readCapturedSample()

  it('yields the same events as readDataStream under any chunking, never an empty batch', async () => {
    const expected = await collect(readDataStream(streamOf([sample])))
    expect(expected.length).toBeGreaterThan(50)
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const batches = await collectBatches(
        readDataStreamBatches(streamOf(randomChunks(sample, seed, 1 + seed * 7))),
      )
      expect(batches.every((batch) => batch.length > 0)).toBe(true)
      expect(batches.flat()).toEqual(expected)
    }
  })

  it('gives one batch per chunk holding the lines that chunk completes', async () => {
    const batches = await collectBatches(
      readDataStreamBatches(streamOf(['0:"a"\n0:"b"\n0:', '"c"', '\n', '\n\r\n', 'nope\r\n0:"d"'])),
    )
    expect(batches).toEqual([
      [
        { type: 'text', text: 'a' },
        { type: 'text', text: 'b' },
      ],
      // `"c"` completes only with the next chunk's line break; blank lines make no batch.
      [{ type: 'text', text: 'c' }],
      [
        {
          type: 'parse-error',
          line: 'nope',
          lineNumber: 6,
          message: 'Line 6: no separator found in "nope".',
        },
      ],
      // The last line has no line break: it is read when the body ends.
      [{ type: 'text', text: 'd' }],
    ])
  })

  it('decodes a multi-byte character split across chunks', async () => {
    const bytes = new TextEncoder().encode('0:"👋 ü"\n')
    const batches = await collectBatches(readDataStreamBatches(streamOf(chunksAt(bytes, [4, 5]))))
    expect(batches.flat()).toEqual([{ type: 'text', text: '👋 ü' }])
  })

  it('cancels the body when the loop breaks', async () => {
    const { body, cancelled } = watchedBody({ each: (pull) => `0:"chunk ${pull}"\n` })
    for await (const batch of readDataStreamBatches(body)) {
      expect(batch).toEqual([{ type: 'text', text: 'chunk 1' }])
      break
    }
    expect(cancelled()).toBe(true)
  })

  it('rejects with the abort reason and cancels the body when the signal aborts', async () => {
    const controller = new AbortController()
    let cancelledWith: unknown
    const body = new ReadableStream<Uint8Array>({
      start(stream) {
        stream.enqueue(new TextEncoder().encode('0:"first"\n'))
      },
      cancel(reason) {
        cancelledWith = reason
      },
    })
    const iterator = readDataStreamBatches(body, { signal: controller.signal })
    expect((await iterator.next()).value).toEqual([{ type: 'text', text: 'first' }])
    const reason = new DOMException('stopped', 'AbortError')
    const pending = iterator.next()
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    expect(cancelledWith).toBe(reason)
    expect(await iterator.next()).toEqual({ done: true, value: undefined })
  })

  it('never scans past its own line: 100,000 colon-less lines in one chunk stay linear', async () => {
    const text = 'x\n'.repeat(100_000)
    const started = performance.now()
    const events = (await collectBatches(readDataStreamBatches(streamOf([text])))).flat()
    const elapsed = performance.now() - started
    expect(events).toHaveLength(100_000)
    expect(events[99_999]).toMatchObject({ type: 'parse-error', lineNumber: 100_000 })
    // Scanning on to the next colon would be 5·10⁹ steps: minutes, not milliseconds.
    expect(elapsed).toBeLessThan(2_000)
  })
})
