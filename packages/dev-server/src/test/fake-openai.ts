/**
 * A local OpenAI-compatible server for LLM-mode tests: `/v1/embeddings` answers with a bag of
 * concepts hashed into a small vector (words that mean the same thing share a concept, as a real
 * embedding model would place them close), and `/v1/chat/completions` plays a model that searches
 * with the question, then answers citing the first result. The real `@ai-sdk/openai` provider
 * talks to it over HTTP.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

const dimensions = 256
/** Words a real embedding model would put near each other. */
const concepts = new Map([
  ['laptop', 'local'],
  ['computer', 'local'],
  ['machine', 'local'],
  ['locally', 'local'],
  ['localhost', 'local'],
])

function concept(word: string): string {
  const lower = word.toLowerCase()
  const stem = lower.replace(/(ing|ed|es|s|ly)$/, '')
  return concepts.get(lower) ?? concepts.get(stem) ?? stem
}

const ignored = new Set(
  'a an the to of and or in on for with my i can do how is it be before'.split(' '),
)

function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(dimensions).fill(0)
  for (const word of text.match(/[A-Za-z][A-Za-z0-9]+/g) ?? []) {
    if (ignored.has(word.toLowerCase())) continue
    let hash = 2166136261
    for (const char of concept(word)) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619)
    vector[(hash >>> 0) % dimensions]! += 1
  }
  return vector
}

export interface FakeOpenAI {
  baseURL: string
  /** Inputs per embeddings request, in order. */
  embeddingInputs: number[]
  chatRequests: number
  /** The messages of each chat completion request, in order. */
  chatMessages: ChatMessage[][]
  close(): Promise<void>
}

function chunk(delta: object, finish: string | null = null) {
  const body = {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finish }],
  }
  return `data: ${JSON.stringify(body)}\n\n`
}

export interface ChatMessage {
  role: string
  content?: unknown
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const state = {
    embeddingInputs: [] as number[],
    chatRequests: 0,
    chatMessages: [] as ChatMessage[][],
  }
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => {
      const body = JSON.parse(raw || '{}')
      if (req.url?.endsWith('/embeddings')) {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input]
        state.embeddingInputs.push(inputs.length)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            object: 'list',
            data: inputs.map((input, index) => ({
              object: 'embedding',
              index,
              embedding: fakeEmbedding(input),
            })),
            model: body.model,
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        )
        return
      }
      state.chatRequests++
      const messages = body.messages as ChatMessage[]
      state.chatMessages.push(messages)
      res.writeHead(200, { 'content-type': 'text/event-stream' })
      const lastOf = (role: string) => messages.map((m) => m.role).lastIndexOf(role)
      const tool = messages[lastOf('tool')]
      const lastUser = messages[lastOf('user')]
      if (!tool || lastOf('tool') < lastOf('user')) {
        const question = typeof lastUser?.content === 'string' ? lastUser.content : ''
        res.write(
          chunk({
            role: 'assistant',
            tool_calls: [
              {
                index: 0,
                id: `call_${state.chatRequests}`,
                type: 'function',
                function: { name: 'search', arguments: JSON.stringify({ query: question }) },
              },
            ],
          }),
        )
        res.write(chunk({}, 'tool_calls'))
      } else {
        const results = JSON.parse(String(tool.content)) as { path: string; url?: string }[]
        const first = results[0]
        res.write(
          chunk({
            role: 'assistant',
            content: first
              ? `The docs cover this [1](${first.path}).`
              : "I couldn't find that in the docs.",
          }),
        )
        res.write(chunk({}, 'stop'))
      }
      res.end('data: [DONE]\n\n')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get embeddingInputs() {
      return state.embeddingInputs
    },
    get chatRequests() {
      return state.chatRequests
    },
    get chatMessages() {
      return state.chatMessages
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
