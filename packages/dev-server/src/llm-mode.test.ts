import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, llmSettingsFromEnv } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { ask } from './test/requests'

interface ChatRequest {
  model: string
  stream: boolean
  messages: { role: string; content: unknown }[]
  tools?: { function: { name: string } }[]
}

const received: { authorization?: string; body: ChatRequest }[] = []
let fake: Server
let baseURL = ''

function chunk(delta: object, finish: string | null = null, usage?: object) {
  const body = {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'local-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  }
  return `data: ${JSON.stringify(body)}\n\n`
}

beforeAll(async () => {
  // A local OpenAI-compatible chat completions endpoint (what a local model server speaks), so
  // the real @ai-sdk/openai provider runs end to end without leaving the machine.
  fake = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => {
      // A chat-only server (many local ones): the dev server falls back to keyword search.
      if (req.url?.endsWith('/embeddings')) {
        res.writeHead(404, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { message: 'embeddings not supported' } }))
        return
      }
      const body = JSON.parse(raw) as ChatRequest
      received.push({ authorization: req.headers.authorization, body })
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const answered = body.messages.some((m) => m.role === 'tool')
      if (answered) {
        res.write(chunk({ role: 'assistant', content: 'Install it with ' }))
        res.write(chunk({ content: '`npm install -g @acme/cli` ([Quickstart](/quickstart)).' }))
        res.write(chunk({}, 'stop', { prompt_tokens: 40, completion_tokens: 12 }))
      } else {
        res.write(
          chunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'search', arguments: '{"query":"install cli"}' },
              },
            ],
          }),
        )
        res.write(chunk({}, 'tool_calls', { prompt_tokens: 30, completion_tokens: 6 }))
      }
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve))
  baseURL = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`
})

afterAll(async () => {
  await new Promise((resolve) => fake.close(resolve))
})

describe('LLM mode through @ai-sdk/openai (OpenAI-compatible server)', () => {
  it('reads OPENAI_API_KEY, OPENAI_BASE_URL and DOCCHAT_MODEL', () => {
    expect(llmSettingsFromEnv({})).toBeUndefined()
    expect(
      llmSettingsFromEnv({
        OPENAI_API_KEY: 'k',
        OPENAI_BASE_URL: 'http://x/v1',
        DOCCHAT_MODEL: 'm',
      }),
    ).toEqual({ apiKey: 'k', baseURL: 'http://x/v1', model: 'm' })
  })

  it('drives the model with the search and markNotFound tools and streams its answer', async () => {
    const server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      llm: { apiKey: 'sk-local', baseURL, model: 'local-model' },
      seed: false,
    })
    expect(server.mode).toBe('llm')
    const lines = (await (await ask(server, 'acme', 'How do I install the CLI?')).text())
      .split('\n')
      .filter(Boolean)
    expect(lines.find((l) => l.startsWith('9:'))).toContain('"toolName":"search"')
    const result = JSON.parse(lines.find((l) => l.startsWith('a:'))!.slice(2))
    expect(result.result[0].metadata.page).toBe('/quickstart')
    const text = lines
      .filter((l) => l.startsWith('0:'))
      .map((l) => JSON.parse(l.slice(2)))
      .join('')
    expect(text).toBe('Install it with `npm install -g @acme/cli` ([Quickstart](/quickstart)).')
    expect(JSON.parse(lines.at(-1)!.slice(2))).toMatchObject({
      finishReason: 'stop',
      usage: { promptTokens: 70, completionTokens: 18 },
    })

    expect(received).toHaveLength(2)
    const [first, second] = received
    expect(first!.authorization).toBe('Bearer sk-local')
    expect(first!.body.model).toBe('local-model')
    expect(first!.body.tools?.map((t) => t.function.name)).toEqual(['search', 'markNotFound'])
    expect(first!.body.messages[0]).toMatchObject({ role: 'system' })
    expect(second!.body.messages.at(-1)).toMatchObject({ role: 'tool' })
  })
})
