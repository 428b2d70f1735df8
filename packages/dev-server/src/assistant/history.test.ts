import { describe, expect, it } from 'vitest'
import { createDevServer } from '../server'
import { fixtureCorpus } from '../test/fixture-docs'
import { post, userMessage } from '../test/requests'
import { historyMessages } from './assistant-turn'

describe('history the assistant reads', () => {
  it('keeps only the text of turns a stock client sends back, never their tool results', async () => {
    const server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
    // A stock useChat client sends the earlier answer back with its whole search result.
    const toolResult = Array.from({ length: 200 }, (_, i) => ({
      content: `Paris is the capital of France (${i}).`,
      path: '/guides/webhooks',
      metadata: { title: 'Webhooks' },
    }))
    const response = await post(server, '/discovery/v1/assistant/acme/message', {
      fp: 'anonymous',
      messages: [
        userMessage('How do I verify webhook signatures?', 'u1'),
        {
          id: 'a1',
          role: 'assistant',
          content:
            'Compute an HMAC SHA-256 of the raw body [1](/guides/webhooks#verify-signatures).',
          parts: [
            {
              type: 'tool-invocation',
              toolInvocation: {
                state: 'result',
                toolCallId: 'call_1',
                toolName: 'search',
                args: { query: 'verify webhook signatures' },
                result: toolResult,
              },
            },
            { type: 'text', text: 'Compute an HMAC SHA-256 of the raw body.' },
          ],
        },
        userMessage('What is the capital of France?', 'u2'),
      ],
    })
    expect(response.status).toBe(200)
    const lines = (await response.text()).split('\n').filter(Boolean)
    const calls = lines.filter((l) => l.startsWith('9:')).map((l) => JSON.parse(l.slice(2)))
    expect(calls[0].args.query).not.toMatch(/paris|webhook/i)
    expect(calls.map((c) => c.toolName)).toEqual(['search', 'markNotFound'])
  })

  it('drops suggestions blocks and bounds each turn and the number of turns', () => {
    const long = `Answer. ${'word '.repeat(1000)}`
    const turns = Array.from({ length: 12 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content:
        i === 11
          ? `${long}\n\n\`\`\`suggestions\n(Webhooks)[/guides/webhooks]\n\`\`\``
          : `turn ${i}`,
    }))
    const messages = historyMessages(turns)
    expect(messages).toHaveLength(8)
    const last = String(messages.at(-1)!.content)
    expect(last).not.toContain('suggestions')
    expect(last.length).toBeLessThanOrEqual(2001)
  })
})
