import { describe, expect, it } from 'vitest'
import { contextAnnotation, getMessageContext } from './message-context'
import { isDocsMessage } from './message-shape'
import { messageSchema } from './schemas'

describe('context kept on the question', () => {
  const items = [
    { type: 'textSelection' as const, value: 'Run the dev server', path: '/quickstart' },
    { type: 'code' as const, value: 'npm i @docchat/widget', elementId: 'code-block-1' },
  ]

  it('round-trips through JSON storage, and the message stays a valid API message', () => {
    const question = {
      id: 'q1',
      role: 'user',
      content: 'What does this do?',
      parts: [{ type: 'text', text: 'What does this do?' }],
      annotations: [contextAnnotation(items)],
    }
    const stored = JSON.parse(JSON.stringify(question))
    expect(getMessageContext(stored)).toEqual(items)
    expect(isDocsMessage(stored)).toBe(true)
    expect(messageSchema.safeParse(stored).success).toBe(true)
  })

  it('reads nothing from messages without it, and drops malformed items without throwing', () => {
    expect(getMessageContext({})).toEqual([])
    expect(getMessageContext({ annotations: 'x' })).toEqual([])
    const hostile = {
      annotations: [
        null,
        5,
        { type: 'docchat-context', items: 'nope' },
        {
          type: 'docchat-context',
          items: [
            null,
            { type: 'script', value: 'alert(1)' },
            { type: 'code', value: 42 },
            { type: 'code', value: 'kept', path: 7, elementId: ['x'] },
          ],
        },
        { type: 'other', items: [{ type: 'code', value: 'not ours' }] },
      ],
    }
    expect(getMessageContext(hostile)).toEqual([{ type: 'code', value: 'kept' }])
  })
})
