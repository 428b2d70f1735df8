import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, llmSettingsFromEnv } from './server'
import { chunk, startChatOnlyModel } from './test/fake-openai'
import { fixtureCorpus } from './test/fixture-docs'
import { ask } from './test/requests'

interface ChatRequest {
  model: string
  stream: boolean
  messages: { role: string; content: unknown }[]
  tools?: { function: { name: string } }[]
}

const received: { authorization?: string; body: ChatRequest }[] = []
let fake: Awaited<ReturnType<typeof startChatOnlyModel>>
let baseURL = ''

const withUsage = (prompt_tokens: number, completion_tokens: number) => ({
  model: 'local-model',
  usage: { prompt_tokens, completion_tokens },
})

beforeAll(async () => {
  // A local OpenAI-compatible chat completions endpoint (what a local model server speaks), so
  // the real @ai-sdk/openai provider runs end to end without leaving the machine. Chat-only (many
  // local ones): the dev server falls back to keyword search.
  fake = await startChatOnlyModel((raw, req) => {
    const body = raw as ChatRequest
    received.push({ authorization: req.headers.authorization, body })
    const answered = body.messages.some((m) => m.role === 'tool')
    const model = { model: 'local-model' }
    if (answered) {
      return [
        chunk({ role: 'assistant', content: 'Install it with ' }, null, model),
        chunk({ content: '`npm install -g @acme/cli` ([Quickstart](/quickstart)).' }, null, model),
        chunk({}, 'stop', withUsage(40, 12)),
      ]
    }
    return [
      chunk(
        {
          role: 'assistant',
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: { name: 'search', arguments: '{"query":"install cli"}' },
            },
          ],
        },
        null,
        model,
      ),
      chunk({}, 'tool_calls', withUsage(30, 6)),
    ]
  })
  baseURL = fake.baseURL
})

afterAll(async () => {
  await fake.close()
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
