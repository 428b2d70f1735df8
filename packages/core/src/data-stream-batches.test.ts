import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { expect, it } from 'vitest'
import { type DataStreamEvent, readDataStream, readDataStreamBatches } from './data-stream'
import {
  chunksAt,
  collect,
  randomChunks,
  CAPTURED_SAMPLE,
  readCapturedSample,
  streamOf,
  watchedBody,
} from '@docchat/test-utils/streams'

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
