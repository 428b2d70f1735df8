import { describe, expect, it } from 'vitest'
import { parseDataStreamLine } from './data-stream'
import { threadFromEvent, threadFromHeaders } from './thread-identity'

describe('threadFromHeaders', () => {
  it('reads X-Thread-Id and X-Thread-Key from Headers or a plain object', () => {
    expect(threadFromHeaders(new Headers({ 'X-Thread-Id': 'thr_1', 'X-Thread-Key': 'k' }))).toEqual(
      {
        threadId: 'thr_1',
        threadKey: 'k',
      },
    )
    expect(threadFromHeaders({ 'x-thread-id': 'thr_2' })).toEqual({ threadId: 'thr_2' })
    expect(threadFromHeaders({ 'X-THREAD-ID': ' thr_3 ', 'X-Thread-Key': '' })).toEqual({
      threadId: 'thr_3',
    })
  })

  it('needs a thread id', () => {
    expect(threadFromHeaders(new Headers({ 'X-Thread-Key': 'k' }))).toBeUndefined()
    expect(threadFromHeaders(undefined)).toBeUndefined()
  })
})

describe('threadFromEvent', () => {
  it.each([
    [
      'd:{"finishReason":"stop","threadId":"thr_d","threadKey":"k"}',
      { threadId: 'thr_d', threadKey: 'k' },
    ],
    ['e:{"finishReason":"stop","threadId":"thr_e"}', { threadId: 'thr_e' }],
    ['f:{"messageId":"m","threadId":"thr_f"}', { threadId: 'thr_f' }],
    ['8:[{"other":1},{"threadId":"thr_8"}]', { threadId: 'thr_8' }],
    ['2:[{"threadId":"thr_2","threadKey":"k2"}]', { threadId: 'thr_2', threadKey: 'k2' }],
  ])('%s', (line, thread) => {
    expect(threadFromEvent(parseDataStreamLine(line))).toEqual(thread)
  })

  it('ignores events without a usable thread id', () => {
    for (const line of [
      'd:{"finishReason":"stop"}',
      'd:{"finishReason":"stop","threadId":42}',
      '8:["thr_not_an_object"]',
      '2:[{"threadId":""}]',
      '0:"threadId"',
    ]) {
      expect(threadFromEvent(parseDataStreamLine(line))).toBeUndefined()
    }
  })
})
