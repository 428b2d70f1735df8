import { describe, expect, it } from 'vitest'
import { type DataStreamEvent, parseDataStreamLine, readDataStream } from './data-stream'
import { itWithShared } from '@docchat/test-utils/shared-dir'
import { CAPTURED_SAMPLE, collect, readCapturedSample, streamOf } from '@docchat/test-utils/streams'
import { expectCutAnswer, failure } from './test/harness'
import { type DocsUIMessageChunk, toUIMessageChunks } from './ui-message-chunks'

const fromLines = (...lines: string[]): DataStreamEvent[] =>
  lines.map((line, index) => parseDataStreamLine(line, index + 1))

const chunksOf = (events: DataStreamEvent[], options?: Parameters<typeof toUIMessageChunks>[1]) =>
  collect(toUIMessageChunks(events, options))

describe('toUIMessageChunks', () => {
  it('maps a text answer with a source, data and annotations (ai-sdk-protocol §1.3)', async () => {
    const chunks = await chunksOf(
      fromLines(
        '2:[{"stage":"retrieval"}]',
        '8:[{"threadId":"thr_123"}]',
        'f:{"messageId":"msg-abc"}',
        'g:"thinking..."',
        'h:{"sourceType":"url","id":"src-1","url":"https://example.com/doc","title":"Doc"}',
        '0:"Hello"',
        '0:", \\"world\\"\\n!"',
        'e:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":10},"isContinued":false}',
        'd:{"finishReason":"stop","usage":{"promptTokens":3,"completionTokens":10}}',
      ),
    )
    expect(chunks).toEqual<DocsUIMessageChunk[]>([
      { type: 'data-docchat', data: { stage: 'retrieval' }, transient: true },
      {
        type: 'start',
        messageId: 'msg-abc',
        messageMetadata: { annotations: [{ threadId: 'thr_123' }], threadId: 'thr_123' },
      },
      { type: 'start-step' },
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'thinking...' },
      {
        type: 'source-url',
        sourceId: 'src-1',
        url: 'https://example.com/doc',
        title: 'Doc',
      },
      { type: 'reasoning-end', id: '0' },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'Hello' },
      { type: 'text-delta', id: '1', delta: ', "world"\n!' },
      { type: 'text-end', id: '1' },
      { type: 'finish-step' },
      {
        type: 'finish',
        finishReason: 'stop',
        messageMetadata: {
          usage: { promptTokens: 3, completionTokens: 10 },
          threadId: 'thr_123',
          finishReason: 'stop',
        },
      },
    ])
  })

  it('maps the multi-step tool round trip with dynamic tool chunks', async () => {
    const chunks = await chunksOf(
      fromLines(
        'f:{"messageId":"msg-1"}',
        'b:{"toolCallId":"call-1","toolName":"searchDocs"}',
        'c:{"toolCallId":"call-1","argsTextDelta":"{\\"query\\":\\"hooks\\"}"}',
        '9:{"toolCallId":"call-1","toolName":"searchDocs","args":{"query":"hooks"}}',
        'a:{"toolCallId":"call-1","result":{"hits":["hooks"]}}',
        'e:{"finishReason":"tool-calls","usage":{"promptTokens":4,"completionTokens":2},"isContinued":false}',
        'f:{"messageId":"msg-2"}',
        '0:"Found it."',
        'e:{"finishReason":"stop","usage":{"promptTokens":8,"completionTokens":6},"isContinued":false}',
        'd:{"finishReason":"stop","usage":{"promptTokens":12,"completionTokens":8},"threadId":"thr_42"}',
      ),
    )
    expect(chunks).toEqual<DocsUIMessageChunk[]>([
      { type: 'start', messageId: 'msg-1' },
      { type: 'start-step' },
      { type: 'tool-input-start', toolCallId: 'call-1', toolName: 'searchDocs', dynamic: true },
      { type: 'tool-input-delta', toolCallId: 'call-1', inputTextDelta: '{"query":"hooks"}' },
      {
        type: 'tool-input-available',
        toolCallId: 'call-1',
        toolName: 'searchDocs',
        input: { query: 'hooks' },
        dynamic: true,
      },
      {
        type: 'tool-output-available',
        toolCallId: 'call-1',
        output: { hits: ['hooks'] },
        dynamic: true,
      },
      { type: 'finish-step' },
      { type: 'start-step' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Found it.' },
      { type: 'text-end', id: '0' },
      { type: 'finish-step' },
      {
        type: 'finish',
        finishReason: 'stop',
        messageMetadata: {
          threadId: 'thr_42',
          usage: { promptTokens: 12, completionTokens: 8 },
          finishReason: 'stop',
        },
      },
    ])
  })

  itWithShared(
    'maps the captured production stream: one start, five steps, four tool calls',
    [CAPTURED_SAMPLE],
    async () => {
      const events = readDataStream(streamOf([readCapturedSample()]))
      const chunks = await collect(toUIMessageChunks(events))
      const count = (type: string) => chunks.filter((chunk) => chunk.type === type).length
      expect(chunks[0]).toEqual({ type: 'start', messageId: 'msg-G8sOPc4jchYkSzaIkzvCSDuK' })
      expect(count('start')).toBe(1)
      expect(count('start-step')).toBe(5)
      expect(count('finish-step')).toBe(5)
      expect(count('tool-input-available')).toBe(4)
      expect(count('tool-output-available')).toBe(4)
      expect(count('text-start')).toBe(2)
      expect(count('text-end')).toBe(2)
      expect(count('error')).toBe(0)
      expect(chunks.at(-1)).toEqual({
        type: 'finish',
        finishReason: 'stop',
        messageMetadata: {
          usage: { promptTokens: 16565, completionTokens: 405 },
          finishReason: 'stop',
        },
      })
    },
  )

  // Issue 21: a stream without d: ended with a bare `finish`, so a v5+ Chat took a cut answer for
  // a whole one. The chunks read before it still arrive; then the cut-answer error.
  it('starts lazily, and fails a stream without d: after its chunks, with the cut-answer error', async () => {
    const seen: DocsUIMessageChunk[] = []
    const error = await failure(
      (async () => {
        for await (const chunk of toUIMessageChunks(fromLines('0:"partial"'))) seen.push(chunk)
      })(),
    )
    expect(seen).toEqual([
      { type: 'start' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'partial' },
    ])
    expectCutAnswer(error)
    expectCutAnswer(await failure(chunksOf([])))
  })

  it('sends cumulative annotations, lifting threadId, after start', async () => {
    const chunks = await chunksOf(
      fromLines(
        'f:{"messageId":"m"}',
        '8:[{"a":1}]',
        '8:[{"threadId":"thr_9"}]',
        'd:{"finishReason":"stop"}',
      ),
    )
    expect(chunks.filter((chunk) => chunk.type === 'message-metadata')).toEqual([
      { type: 'message-metadata', messageMetadata: { annotations: [{ a: 1 }] } },
      {
        type: 'message-metadata',
        messageMetadata: { annotations: [{ a: 1 }, { threadId: 'thr_9' }], threadId: 'thr_9' },
      },
    ])
    expect(chunks.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      messageMetadata: { threadId: 'thr_9', finishReason: 'stop' },
    })
  })

  it('takes threadId from data items and step extras too', async () => {
    const chunks = await chunksOf(
      fromLines(
        'f:{"messageId":"m","threadId":"thr_f"}',
        '2:[{"threadId":"thr_data"}]',
        '0:"x"',
        'd:{"finishReason":"stop"}',
      ),
    )
    expect(chunks.slice(0, 5)).toEqual([
      { type: 'start', messageId: 'm', messageMetadata: { threadId: 'thr_f' } },
      { type: 'start-step' },
      { type: 'data-docchat', data: { threadId: 'thr_data' }, transient: true },
      { type: 'message-metadata', messageMetadata: { threadId: 'thr_data' } },
      { type: 'text-start', id: '0' },
    ])
  })

  it('puts initial metadata on start and omits the message id when continuing', async () => {
    const chunks = await chunksOf(fromLines('f:{"messageId":"m"}', 'd:{"finishReason":"stop"}'), {
      messageMetadata: { threadId: 'thr_h' },
      sendMessageId: false,
    })
    expect(chunks[0]).toEqual({ type: 'start', messageMetadata: { threadId: 'thr_h' } })
    expect(chunks.at(-1)).toMatchObject({ messageMetadata: { threadId: 'thr_h' } })
  })

  it('turns 3: and malformed lines into an error chunk and stops there', async () => {
    expect(await chunksOf(fromLines('0:"Partial"', '3:"quota exceeded"', '0:"ignored"'))).toEqual([
      { type: 'start' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Partial' },
      { type: 'error', errorText: 'quota exceeded' },
    ])
    const malformed = await chunksOf(fromLines('0:{bad'))
    expect(malformed).toEqual([
      { type: 'start' },
      { type: 'error', errorText: expect.stringContaining('Line 1: invalid JSON') },
    ])
  })

  it('skips unknown codes and reports them to onUnknownPart', async () => {
    const unknown: unknown[] = []
    const chunks = await chunksOf(
      fromLines('x:{"future":1}', '0:"ok"', 'd:{"finishReason":"stop"}'),
      {
        onUnknownPart: (event) => unknown.push(event.code),
      },
    )
    expect(unknown).toEqual(['x'])
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'text-end',
      'finish',
    ])
  })

  it('opens a tool call for a delta without b:, and errors on a result without a call', async () => {
    expect(
      await chunksOf(
        fromLines('c:{"toolCallId":"t","argsTextDelta":"{"}', 'a:{"toolCallId":"u","result":1}'),
      ),
    ).toEqual([
      { type: 'start' },
      { type: 'tool-input-start', toolCallId: 't', toolName: 'unknown', dynamic: true },
      { type: 'tool-input-delta', toolCallId: 't', inputTextDelta: '{' },
      { type: 'error', errorText: 'Tool result for u arrived without its tool call.' },
    ])
  })

  it('keeps one step across isContinued but starts a new text part', async () => {
    const chunks = await chunksOf(
      fromLines(
        'f:{"messageId":"m1"}',
        '0:"a"',
        'e:{"finishReason":"length","isContinued":true}',
        'f:{"messageId":"m2"}',
        '0:"b"',
        'e:{"finishReason":"stop","isContinued":false}',
        'd:{"finishReason":"stop"}',
      ),
    )
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-end',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ])
  })

  it('maps files to data URLs, skips redacted reasoning and signatures, names data parts', async () => {
    const chunks = await chunksOf(
      fromLines(
        'k:{"data":"AAA=","mimeType":"image/png"}',
        'i:{"data":"secret"}',
        'j:{"signature":"sig"}',
        '2:[1]',
        'd:{"finishReason":"stop"}',
      ),
      { dataPartName: 'retrieval' },
    )
    expect(chunks).toEqual([
      { type: 'start' },
      { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,AAA=' },
      { type: 'data-retrieval', data: 1, transient: true },
      { type: 'finish', finishReason: 'stop', messageMetadata: { finishReason: 'stop' } },
    ])
  })

  it('maps finish reasons v6+ lack to "other" (or none for "unknown"), keeping them in metadata', async () => {
    expect((await chunksOf(fromLines('d:{"finishReason":"paused","custom":true}'))).at(-1)).toEqual(
      {
        type: 'finish',
        finishReason: 'other',
        messageMetadata: { custom: true, finishReason: 'paused' },
      },
    )
    expect((await chunksOf(fromLines('d:{"finishReason":"unknown"}'))).at(-1)).toEqual({
      type: 'finish',
      messageMetadata: { finishReason: 'unknown' },
    })
  })
})
