import { describe, expect, it } from 'vitest'
import { messageSchema } from './request-schemas'
import { type ChatMessageLike, toV4Message } from './v4-messages'

const message = (
  role: ChatMessageLike['role'],
  parts: object[],
  metadata?: unknown,
): ChatMessageLike => ({
  id: `${role}-1`,
  role,
  metadata,
  parts: parts as ChatMessageLike['parts'],
})

describe('toV4Message', () => {
  it('builds content from text parts only and keeps createdAt from metadata', () => {
    const v4 = toV4Message(
      message(
        'assistant',
        [
          { type: 'reasoning', text: 'think' },
          { type: 'text', text: 'a' },
          { type: 'step-start' },
          { type: 'text', text: 'b' },
        ],
        { createdAt: new Date('2026-01-02T03:04:05.000Z') },
      ),
    )
    expect(v4.content).toBe('ab')
    expect(v4.createdAt).toBe('2026-01-02T03:04:05.000Z')
  })

  it('drops what v4 cannot carry: non-data-URL assistant files, documents, data parts', () => {
    const v4 = toV4Message(
      message('assistant', [
        { type: 'file', mediaType: 'image/png', url: 'https://cdn.example/a.png' },
        { type: 'source-document', sourceId: 'd', mediaType: 'text/plain', title: 'D' },
        { type: 'data-docchat', data: { stage: 'retrieval' } },
      ]),
    )
    expect(v4).toEqual({ id: 'assistant-1', role: 'assistant', content: '', parts: [] })
  })

  it('maps every tool state to a v4 invocation', () => {
    const states = [
      'input-streaming',
      'input-available',
      'approval-requested',
      'output-available',
      'output-error',
      'output-denied',
    ]
    const v4 = toV4Message(
      message(
        'assistant',
        states.map((state, index) => ({
          type: 'tool-search',
          toolCallId: `t${index}`,
          state,
          input: { q: index },
          output: 'ok',
          errorText: 'failed',
        })),
      ),
    )
    expect(
      v4.parts.map((part) => part.type === 'tool-invocation' && part.toolInvocation),
    ).toMatchObject([
      { state: 'partial-call', toolName: 'search' },
      { state: 'call' },
      { state: 'call' },
      { state: 'result', result: 'ok' },
      { state: 'result', result: { error: 'failed' } },
      { state: 'result', result: { error: 'denied' } },
    ])
  })

  it('produces messages the v1 request schema accepts', () => {
    const v4 = toV4Message(
      message(
        'user',
        [
          { type: 'text', text: 'see file' },
          {
            type: 'file',
            mediaType: 'text/plain',
            url: 'data:text/plain;base64,aGk=',
            filename: 'hi.txt',
          },
        ],
        { annotations: [{ page: '/x' }] },
      ),
    )
    expect(messageSchema.safeParse(v4).success).toBe(true)
    expect(v4.experimental_attachments).toEqual([
      { name: 'hi.txt', contentType: 'text/plain', url: 'data:text/plain;base64,aGk=' },
    ])
    expect(v4.annotations).toEqual([{ page: '/x' }])
  })
})
