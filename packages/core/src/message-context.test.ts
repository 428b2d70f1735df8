import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { contextAnnotation, getMessageContext } from './message-context'
import { DATA_LIMITS } from './docs-limits'
import { isDocsMessage } from './message-shape'
import { messageSchema } from './request-schemas'

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

describe('context read back from storage is capped (issue 20: caps before work)', () => {
  const annotation = (items: unknown[]) => ({ annotations: [{ type: 'docchat-context', items }] })

  it('keeps at most 32 items, values cut to 20,000 characters, long labels left out', () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({
      type: 'code',
      value: `v${index}`,
    }))
    expect(getMessageContext(annotation(many))).toHaveLength(DATA_LIMITS.contextItems)
    const [item] = getMessageContext(
      annotation([
        {
          type: 'textSelection',
          value: 'x'.repeat(50_000),
          path: 'p'.repeat(2000),
          elementId: 'e',
        },
      ]),
    )
    expect(item?.value.length).toBe(DATA_LIMITS.contextItemChars)
    expect(item?.path).toBeUndefined()
    expect(item?.elementId).toBe('e')
  })

  it('is linear in the number of annotations and the length of values', () => {
    expectLinearTime(
      (n) => ({
        annotations: Array.from({ length: n / 10 }, () => ({ type: 'other', items: [] })),
      }),
      (message) => getMessageContext(message),
    )
    expectLinearTime(
      (n) => annotation([{ type: 'code', value: ' '.repeat(n), path: '/'.repeat(n) }]),
      (message) => getMessageContext(message),
    )
  })
})
