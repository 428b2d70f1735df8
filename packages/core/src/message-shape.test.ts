import { describe, expect, it } from 'vitest'
import { isDocsMessage } from './message-shape'
import { messageSchema } from './request-schemas'

const valid = {
  id: 'm1',
  role: 'assistant',
  content: 'Hello',
  parts: [
    { type: 'step-start' },
    { type: 'text', text: 'Hello' },
    { type: 'reasoning', reasoning: 'r', details: [{ type: 'text', text: 'r' }] },
    { type: 'source', source: { sourceType: 'url', id: 's', url: '/a', title: 'A' } },
    {
      type: 'tool-invocation',
      toolInvocation: {
        state: 'result',
        toolCallId: 't',
        toolName: 'search',
        args: {},
        result: [],
      },
    },
    { type: 'file', mimeType: 'image/png', data: 'AAAA' },
  ],
  createdAt: '2026-01-01T00:00:00.000Z',
  annotations: [],
  experimental_attachments: [{ name: 'a.png', contentType: 'image/png', url: 'data:,' }],
  revisionId: 'extra keys pass through',
}

const cases: Array<[string, unknown]> = [
  ['a full assistant message', valid],
  ['a minimal user message', { id: 'u', role: 'user', content: 'hi', parts: [] }],
  ['a Date createdAt', { ...valid, createdAt: new Date(0) }],
  ['null', null],
  ['a number', 5],
  ['a string', 'message'],
  ['an array', [valid]],
  ['an empty object', {}],
  ['content: 5', { ...valid, content: 5 }],
  ['parts: 5', { ...valid, parts: 5 }],
  ['parts: [null]', { ...valid, parts: [null] }],
  ['an unknown part type', { ...valid, parts: [{ type: 'html', html: '<b>' }] }],
  ['a text part without text', { ...valid, parts: [{ type: 'text' }] }],
  [
    'a source without url',
    { ...valid, parts: [{ type: 'source', source: { sourceType: 'url', id: 's' } }] },
  ],
  [
    'a source of another kind',
    { ...valid, parts: [{ type: 'source', source: { sourceType: 'x', id: 's', url: '/' } }] },
  ],
  [
    'a tool result without result',
    {
      ...valid,
      parts: [
        {
          type: 'tool-invocation',
          toolInvocation: { state: 'result', toolCallId: 't', toolName: 'n', args: {} },
        },
      ],
    },
  ],
  [
    'a tool call in an unknown state',
    {
      ...valid,
      parts: [
        { type: 'tool-invocation', toolInvocation: { state: 'x', toolCallId: 't', toolName: 'n' } },
      ],
    },
  ],
  [
    'reasoning details: {}',
    { ...valid, parts: [{ type: 'reasoning', reasoning: 'r', details: {} }] },
  ],
  ['an unknown role', { ...valid, role: 'admin' }],
  ['an empty id', { ...valid, id: '' }],
  ['a numeric id', { ...valid, id: 1 }],
  ['an unparsable createdAt', { ...valid, createdAt: 'yesterday' }],
  ['annotations: {}', { ...valid, annotations: {} }],
  [
    'an attachment without url (dropped, not the message)',
    { ...valid, experimental_attachments: [{ name: 'a' }, 5] },
  ],
  ['attachments: "x"', { ...valid, experimental_attachments: 'x' }],
]

describe('isDocsMessage', () => {
  it.each(cases)('agrees with messageSchema on %s', (_name, value) => {
    expect(isDocsMessage(value)).toBe(messageSchema.safeParse(value).success)
  })

  it('accepts valid messages and refuses each kind of corruption', () => {
    const accepted = cases.filter(([, value]) => isDocsMessage(value)).map(([name]) => name)
    expect(accepted).toEqual([
      'a full assistant message',
      'a minimal user message',
      'a Date createdAt',
      'an attachment without url (dropped, not the message)',
    ])
  })
})

describe('malformed attachments', () => {
  it('are dropped by messageSchema, keeping the message and the good ones', () => {
    const good = { name: 'a.png', contentType: 'image/png', url: 'data:image/png;base64,AAAA' }
    const parsed = messageSchema.parse({
      ...valid,
      experimental_attachments: [good, { name: 'no url' }, 5, { url: 7 }, null],
    })
    expect(parsed.experimental_attachments).toEqual([good])
  })
})
