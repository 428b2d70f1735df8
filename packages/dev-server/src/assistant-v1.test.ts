import { processDataStream, type UIMessage } from '@ai-sdk/ui-utils'
import { readDataStream } from '@docchat/core'
import type { LanguageModelV1StreamPart } from 'ai'
import { MockLanguageModelV1, simulateReadableStream } from 'ai/test'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { ask, base, post, userMessage } from './test/requests'
import { stockTurn } from './test/stock-client'

let server: DevServer

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() } })
})

async function lines(response: Response): Promise<string[]> {
  return (await response.text()).split('\n').filter(Boolean)
}

interface ChatResult {
  message: UIMessage
  finishReason?: string
  response?: Response
}

/** The stock ai@4 client, exactly as `useChat` drives it. */
async function chatWithStockClient(body: Record<string, unknown>): Promise<ChatResult> {
  const { finished, last, response } = await stockTurn(
    server,
    `${base}/discovery/v1/assistant/acme/message`,
    body,
  )
  if (!finished || !last) throw new Error('stream did not finish')
  return { ...finished, response }
}

describe('POST /discovery/v1/assistant/{domain}/message', () => {
  it('streams like the real service: search step, then the answer, then d: with the thread', async () => {
    const response = await ask(server, 'acme', 'How do I verify webhook signatures?')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1')
    const threadId = response.headers.get('x-thread-id')!
    expect(threadId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(response.headers.get('x-thread-key')).toMatch(/^[0-9a-f]{48}$/)

    const all = await lines(response)
    const codes = all.map((line) => line.slice(0, line.indexOf(':')))
    expect(codes.slice(0, 5)).toEqual(['f', '9', 'a', 'e', 'f'])
    expect(codes.slice(-2)).toEqual(['e', 'd'])
    expect(codes.slice(5, -2).every((c) => c === '0')).toBe(true)

    const call = JSON.parse(all[1]!.slice(2))
    expect(call.toolName).toBe('search')
    expect(call.args.query).toContain('webhook')
    const result = JSON.parse(all[2]!.slice(2))
    expect(result.toolCallId).toBe(call.toolCallId)
    // Each result links to its section; the page stays in `metadata.page` for grouping.
    expect(result.result[0]).toMatchObject({
      path: '/guides/webhooks#verify-signatures',
      metadata: { page: '/guides/webhooks', anchor: 'verify-signatures', title: 'Webhooks' },
    })
    expect(JSON.parse(all[3]!.slice(2)).finishReason).toBe('tool-calls')

    const finish = JSON.parse(all.at(-1)!.slice(2))
    expect(finish).toMatchObject({ finishReason: 'stop', threadId })
    expect(finish.usage.promptTokens).toBeGreaterThan(0)
    expect(finish.usage.completionTokens).toBeGreaterThan(0)
  })

  it('answers extractively with citations, code for code questions, and a suggestions block', async () => {
    const response = await ask(server, 'acme', 'How do I verify webhook signatures?')
    let text = ''
    let deltas = 0
    for await (const event of readDataStream(response.body!)) {
      if (event.type === 'text') {
        text += event.text
        deltas++
      }
    }
    expect(deltas).toBeGreaterThan(10)
    expect(text).toContain('HMAC SHA-256')
    expect(text).toMatch(/\[1\]\(\/guides\/webhooks#verify-signatures\)/)
    expect(text).toContain('```ts\nimport { createHmac }')
    // Suggestions list pages to read next, not the page the answer already cites.
    expect(text).not.toMatch(/```suggestions[^`]*\/guides\/webhooks/)
  })

  it('is deterministic for a given corpus', async () => {
    const answer = async () => {
      const all = await lines(await ask(server, 'acme', 'What happens when I hit the rate limit?'))
      return all
        .filter((l) => l.startsWith('0:'))
        .map((l) => JSON.parse(l.slice(2)))
        .join('')
    }
    const first = await answer()
    expect(first).toContain('429')
    expect(await answer()).toBe(first)
  })

  it('calls markNotFound and says so when nothing relevant is found', async () => {
    const all = await lines(await ask(server, 'acme', 'What is the weather in Paris tomorrow?'))
    const calls = all.filter((l) => l.startsWith('9:')).map((l) => JSON.parse(l.slice(2)).toolName)
    expect(calls).toEqual(['search', 'markNotFound'])
    const results = all.filter((l) => l.startsWith('a:')).map((l) => JSON.parse(l.slice(2)).result)
    expect(results).toEqual([[], { acknowledged: true }])
    const text = all
      .filter((l) => l.startsWith('0:'))
      .map((l) => JSON.parse(l.slice(2)))
      .join('')
    expect(text).toMatch(/couldn't find/)
    expect(text).not.toContain('```suggestions')
  })

  it('is read by the stock ai@4 client (callChatApi) into the answer and tool invocations', async () => {
    const { message, finishReason, response } = await chatWithStockClient({
      id: 'chat-1',
      fp: 'anonymous',
      messages: [userMessage('How do I install the CLI?')],
      data: { from: 'useChat' },
    })
    expect(finishReason).toBe('stop')
    expect(response?.headers.get('x-thread-id')).toBeTruthy()
    expect(message.role).toBe('assistant')
    expect(message.content).toContain('npm install -g @acme/cli')
    const invocations = message.parts.filter((p) => p.type === 'tool-invocation')
    expect(invocations).toHaveLength(1)
    const [search] = invocations
    if (search?.type !== 'tool-invocation') throw new Error('no tool invocation')
    expect(search.toolInvocation).toMatchObject({ state: 'result', toolName: 'search' })
    if (search.toolInvocation.state !== 'result') throw new Error('no result')
    expect(search.toolInvocation.result[0]).toMatchObject({ path: '/quickstart' })
  })

  it('parses with processDataStream without error parts', async () => {
    const response = await ask(server, 'acme', 'Which fonts can invoices use?')
    const seen: string[] = []
    let text = ''
    await processDataStream({
      stream: response.body!,
      onStartStepPart: () => {
        seen.push('start-step')
      },
      onToolCallPart: (part) => {
        seen.push(`call:${part.toolName}`)
      },
      onToolResultPart: () => {
        seen.push('result')
      },
      onTextPart: (part) => {
        text += part
      },
      onErrorPart: (part) => {
        throw new Error(part)
      },
      onFinishMessagePart: (part) => {
        seen.push(`finish:${part.finishReason}`)
      },
    })
    expect(seen).toEqual(['start-step', 'call:search', 'result', 'start-step', 'finish:stop'])
    expect(text).toContain('WOFF2')
  })

  it('keeps a thread across turns and uses its history for follow-ups', async () => {
    const first = await ask(server, 'acme', 'How do webhook retries work?')
    const threadId = first.headers.get('x-thread-id')!
    const threadKey = first.headers.get('x-thread-key')!
    await first.text()

    // "it" only makes sense with the previous turn: retrieval has to use it.
    const second = await ask(server, 'acme', 'How do I verify it?', { threadId, threadKey })
    expect(second.status).toBe(200)
    expect(second.headers.get('x-thread-id')).toBe(threadId)
    expect(second.headers.get('x-thread-key')).toBeNull()
    const all = await lines(second)
    const query = JSON.parse(all.find((l) => l.startsWith('9:'))!.slice(2)).args.query as string
    expect(query).toContain('webhook')
    const result = JSON.parse(all.find((l) => l.startsWith('a:'))!.slice(2)).result
    expect(result[0].metadata.page).toBe('/guides/webhooks')
    expect(JSON.parse(all.at(-1)!.slice(2)).threadId).toBe(threadId)

    const recorded = server.requests
      .filter((r) => r.path === '/discovery/v1/assistant/acme/message')
      .at(-1)
    expect(recorded?.body).toMatchObject({ threadId, threadKey })
  })

  it('answers 404 {message} for a threadId without its key, or with the wrong one', async () => {
    const first = await ask(server, 'acme', 'What is Acme?')
    const threadId = first.headers.get('x-thread-id')!
    await first.text()
    for (const extra of [
      { threadId },
      { threadId, threadKey: 'wrong' },
      { threadId: '01JUNKJUNKJUNKJUNKJUNKJUNK', threadKey: 'x' },
    ]) {
      const response = await ask(server, 'acme', 'And then?', extra)
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ message: 'Thread not found', field: 'threadId' })
    }
  })

  it('uses context items for retrieval and lists them as considered', async () => {
    const response = await ask(server, 'acme', 'What does this code do?', {
      context: [
        {
          type: 'code',
          value: "createHmac('sha256', secret).update(body).digest('hex') === signature",
          elementId: 'code-block-1',
        },
      ],
      currentPath: '/guides/webhooks',
      retrievalPageSize: 2,
      filter: null,
    })
    const all = await lines(response)
    const result = JSON.parse(all.find((l) => l.startsWith('a:'))!.slice(2)).result
    expect(result[0].metadata.page).toBe('/guides/webhooks')
    const context = result.at(-1)
    expect(context).toMatchObject({
      path: '/guides/webhooks',
      metadata: { kind: 'context', elementId: 'code-block-1' },
    })
    expect(
      result.filter((r: { metadata: { kind?: string } }) => r.metadata.kind !== 'context').length,
    ).toBeLessThanOrEqual(2)
  })

  it('rejects bad bodies with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ messages: [userMessage('hi')] }, 'fp'],
      [{ fp: 'anonymous', messages: [{ role: 'user', content: 'x', parts: [] }] }, 'messages.0.id'],
      [
        { fp: 'anonymous', messages: [userMessage('hi')], retrievalPageSize: 'five' },
        'retrievalPageSize',
      ],
      [
        { fp: 'anonymous', messages: [userMessage('hi')], currentPath: 'x'.repeat(201) },
        'currentPath',
      ],
      [{ fp: 'anonymous', messages: [] }, 'messages'],
      [[1, 2], 'body'],
    ]
    for (const [body, field] of cases) {
      const response = await post(server, '/discovery/v1/assistant/acme/message', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      const json = (await response.json()) as { message: string; field: string }
      expect(json.field).toBe(field)
      expect(json.message).toContain(field === 'body' ? 'JSON object' : field)
    }
  })

  it('drives an LLM through the same tools (MockLanguageModelV1, no network)', async () => {
    let calls = 0
    const model = new MockLanguageModelV1({
      doStream: async ({ prompt, mode }) => {
        calls++
        expect(mode.type === 'regular' && mode.tools?.map((t) => t.name)).toEqual([
          'search',
          'markNotFound',
        ])
        const hasResult = prompt.some((m) => m.role === 'tool')
        const chunks: LanguageModelV1StreamPart[] = hasResult
          ? [
              { type: 'text-delta' as const, textDelta: 'Use the ' },
              { type: 'text-delta' as const, textDelta: '[Quickstart](/quickstart).' },
              {
                type: 'finish' as const,
                finishReason: 'stop' as const,
                usage: { promptTokens: 30, completionTokens: 5 },
              },
            ]
          : [
              {
                type: 'tool-call' as const,
                toolCallType: 'function' as const,
                toolCallId: 'call-1',
                toolName: 'search',
                args: JSON.stringify({ query: 'install cli' }),
              },
              {
                type: 'finish' as const,
                finishReason: 'tool-calls' as const,
                usage: { promptTokens: 20, completionTokens: 3 },
              },
            ]
        return {
          stream: simulateReadableStream({ chunks }),
          rawCall: { rawPrompt: prompt, rawSettings: {} },
        }
      },
    })
    const llmServer = await createDevServer({
      docs: { acme: fixtureCorpus() },
      llm: model,
      seed: false,
    })
    expect(llmServer.mode).toBe('llm')
    const all = await lines(await ask(llmServer, 'acme', 'How do I install it?'))
    expect(calls).toBe(2)
    const result = JSON.parse(all.find((l) => l.startsWith('a:'))!.slice(2))
    expect(result.toolCallId).toBe('call-1')
    expect(result.result[0].path).toBe('/quickstart')
    const text = all
      .filter((l) => l.startsWith('0:'))
      .map((l) => JSON.parse(l.slice(2)))
      .join('')
    expect(text).toBe('Use the [Quickstart](/quickstart).')
    expect(JSON.parse(all.at(-1)!.slice(2)).usage).toEqual({
      promptTokens: 50,
      completionTokens: 8,
    })
  })

  it('reports a failing model as an error part, not a crash', async () => {
    const model = new MockLanguageModelV1({
      doStream: async () => {
        throw new Error('upstream model is down')
      },
    })
    const llmServer = await createDevServer({
      docs: { acme: fixtureCorpus() },
      llm: model,
      seed: false,
    })
    const response = await ask(llmServer, 'acme', 'Anything?')
    expect(response.status).toBe(200)
    const all = await lines(response)
    expect(all).toContain('3:"upstream model is down"')
  })
})
