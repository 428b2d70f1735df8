import { itWithShared } from '@docchat/test-utils/shared-dir'
import { CAPTURED_SAMPLE, readCapturedSampleText } from '@docchat/test-utils/streams'
import { describe, expect, it } from 'vitest'
import { coalesceTextParts, formatDataStreamLine } from './coalesce-text-parts'
import { parseDataStreamLine } from './data-stream'

function streamOf(chunks: string[], delayMs = 0): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream({
    async start(controller) {
      for (const chunk of chunks) {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
        controller.enqueue(encoder.encode(chunk))
      }
      controller.close()
    },
  })
}

async function read(stream: ReadableStream<Uint8Array>): Promise<string[]> {
  const text = await new Response(stream).text()
  return text.split('\n').filter(Boolean)
}

describe('coalesceTextParts', () => {
  it('merges runs of text parts and keeps every other line in order', async () => {
    const lines = await read(
      coalesceTextParts(
        streamOf([
          'f:{"messageId":"m1"}\n0:"Hel',
          'lo"\n0:" wor"\n0:"ld \\"quoted\\""\n9:{"toolCallId":"t","toolName":"search","args":{}}\n',
          '0:"next"\nd:{"finishReason":"stop"}\n',
        ]),
      ),
    )
    expect(lines).toEqual([
      'f:{"messageId":"m1"}',
      '0:"Hello world \\"quoted\\""',
      '9:{"toolCallId":"t","toolName":"search","args":{}}',
      '0:"next"',
      'd:{"finishReason":"stop"}',
    ])
  })

  it('flushes text after the window even while the stream stays open', async () => {
    const encoder = new TextEncoder()
    let controller!: ReadableStreamDefaultController<Uint8Array>
    const source = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c
      },
    })
    const reader = coalesceTextParts(source, 10).getReader()
    controller.enqueue(encoder.encode('0:"a"\n0:"b"\n'))
    const { value } = await reader.read()
    expect(new TextDecoder().decode(value)).toBe('0:"ab"\n')
    controller.close()
    expect((await reader.read()).done).toBe(true)
  })

  it('passes malformed lines through for the parser to report', async () => {
    const lines = await read(coalesceTextParts(streamOf(['0:"a"\n0:{not json\n0:"b"\n'])))
    expect(lines).toEqual(['0:"a"', '0:{not json', '0:"b"'])
  })
})

describe('formatDataStreamLine', () => {
  itWithShared(
    'writes back what the reader parsed, for every line of the captured production stream',
    [CAPTURED_SAMPLE],
    () => {
      const lines = readCapturedSampleText().split('\n').filter(Boolean)
      const codes = new Set<string>()
      for (const [index, line] of lines.entries()) {
        const event = parseDataStreamLine(line, index + 1)
        codes.add(line.slice(0, line.indexOf(':')))
        const written = formatDataStreamLine(event)
        expect(written.endsWith('\n')).toBe(true)
        expect(parseDataStreamLine(written.slice(0, -1), index + 1)).toEqual(event)
      }
      expect(codes.size).toBeGreaterThan(4)
    },
  )

  it('keeps the extra keys of finish and step parts, and unknown or malformed lines as they came', () => {
    for (const line of [
      'd:{"finishReason":"stop","usage":{"promptTokens":1,"completionTokens":2},"threadId":"t"}',
      'e:{"finishReason":"tool-calls","isContinued":true,"threadKey":"k"}',
      'f:{"messageId":"m","threadId":"t"}',
      'k:{"data":"AAA=","mimeType":"image/png"}',
      'x:{"future":true}',
      '0:{not json',
    ]) {
      expect(formatDataStreamLine(parseDataStreamLine(line))).toBe(`${line}\n`)
    }
  })
})
