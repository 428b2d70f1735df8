import { describe, expect, it } from 'vitest'
import { type AssistantMessageResult, createAssistantMessageStream } from './assistant-message'
import { readDataStream, readDataStreamBatches } from './data-stream'
import { collect, streamOf } from '@docchat/test-utils/streams'
import { expectCutAnswer, failure } from './test/harness'

/** An answer as the endpoint sends it, collected the way `client.streamAssistantMessage` does. */
function collectAnswer(lines: string[]) {
  const response = new Response(streamOf([`${lines.join('\n')}\n`]), {
    headers: { 'x-vercel-ai-data-stream': 'v1' },
  })
  return createAssistantMessageStream({
    response,
    signal: new AbortController().signal,
    release: () => {},
  }).collect()
}

/** The answer read before the body ended without its `d:` part (the cut-answer error's `partial`). */
async function collectCut(lines: string[]) {
  const error = await failure(collectAnswer(lines))
  expectCutAnswer(error)
  return error.partial as AssistantMessageResult
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await run()
  return { value, ms: performance.now() - started }
}

const items = (count: number) => Array.from({ length: count }, (_, index) => index)

describe('stream parts at scale', () => {
  it('collects `2:` and `8:` parts of 300,000 items without overflowing the stack', async () => {
    const { value: result, ms } = await timed(() =>
      collectAnswer([
        `2:${JSON.stringify(items(300_000))}`,
        `8:${JSON.stringify(items(300_000))}`,
        '0:"done"',
        'd:{"finishReason":"stop"}',
      ]),
    )
    expect(result.data).toHaveLength(300_000)
    expect(result.data[299_999]).toBe(299_999)
    expect(result.annotations).toHaveLength(300_000)
    expect(result.text).toBe('done')
    expect(result.finished).toBe(true)
    expect(ms).toBeLessThan(3_000)
  })

  it('reads a 300,000-item part with both readers', async () => {
    const body = `2:${JSON.stringify(items(300_000))}\n`
    const [event] = await collect(readDataStream(streamOf([body])))
    expect(event).toMatchObject({ type: 'data' })
    expect(event?.type === 'data' && event.data.length).toBe(300_000)
    for await (const batch of readDataStreamBatches(streamOf([body]))) {
      expect(batch[0]?.type === 'data' && batch[0].data.length).toBe(300_000)
    }
  })

  it('collects 10,000 tool-call deltas in linear time, with the arguments they spell', async () => {
    // 10,000 deltas of 20 characters, as a model streams a long argument.
    const query = 'lorem ipsum dolor si'.repeat(10_000)
    const pieces = Array.from({ length: 10_000 }, (_, index) =>
      query.slice(index * 20, index * 20 + 20),
    )
    const deltas = ['{"query":"', ...pieces, '"}'].map(
      (argsTextDelta) => `c:${JSON.stringify({ toolCallId: 'c1', argsTextDelta })}`,
    )
    const open = [`b:${JSON.stringify({ toolCallId: 'c1', toolName: 'search' })}`, ...deltas]

    // Cut short before `9:`: the call stays partial, its arguments read from the deltas.
    const partial = await timed(() => collectCut(open))
    expect(partial.value.toolInvocations).toEqual([
      { state: 'partial-call', step: 0, toolCallId: 'c1', toolName: 'search', args: { query } },
    ])

    const complete = await timed(() =>
      collectAnswer([
        ...open,
        `9:${JSON.stringify({ toolCallId: 'c1', toolName: 'search', args: { query } })}`,
        `a:${JSON.stringify({ toolCallId: 'c1', result: [] })}`,
        'd:{"finishReason":"stop"}',
      ]),
    )
    expect(complete.value.toolInvocations).toEqual([
      {
        state: 'result',
        step: 0,
        toolCallId: 'c1',
        toolName: 'search',
        args: { query },
        result: [],
      },
    ])
    // Re-parsing the growing arguments per delta took seconds (≈ 5·10⁸ characters parsed).
    console.log()
    expect(partial.ms).toBeLessThan(1_500)
    expect(complete.ms).toBeLessThan(1_500)
  })

  it('leaves unparseable partial arguments as they were', async () => {
    const result = await collectCut([
      `b:${JSON.stringify({ toolCallId: 'c1', toolName: 'search' })}`,
      `c:${JSON.stringify({ toolCallId: 'c1', argsTextDelta: '{"query":"hoo' })}`,
    ])
    expect(result.toolInvocations[0]).toMatchObject({ state: 'partial-call', args: undefined })
    expect(result.toolInvocations[0]).not.toHaveProperty('argsText')
  })
})
