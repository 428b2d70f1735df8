/**
 * A local OpenAI-compatible server for LLM-mode tests: `/v1/embeddings` answers with a bag of
 * concepts hashed into a small vector (words that mean the same thing share a concept, as a real
 * embedding model would place them close), and `/v1/chat/completions` plays a model that searches
 * with the question, then answers citing the first result, and continues a reply it is handed the
 * start of (an assistant message last) with the rest. The real `@ai-sdk/openai` provider talks to
 * it over HTTP.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
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

/** What the fake model sends when it is asked to continue a reply it was given the start of. */
export const continuationText = ' and then it goes on where it stopped [1](/quickstart).'

export interface FakeOpenAI {
  baseURL: string
  /** Inputs per embeddings request, in order. */
  embeddingInputs: number[]
  chatRequests: number
  /** The messages of each chat completion request, in order. */
  chatMessages: ChatMessage[][]
  close(): Promise<void>
}

/** One `chat.completion.chunk` server-sent event, as OpenAI-compatible servers stream them. */
export function chunk(
  delta: object,
  finish: string | null = null,
  { model = 'fake', usage }: { model?: string; usage?: object } = {},
) {
  const body = {
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 0,
    model,
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  }
  return `data: ${JSON.stringify(body)}\n\n`
}

interface Listening {
  baseURL: string
  close(): Promise<void>
}

/** A local HTTP server handed each request with its whole body read, listening on a free port. */
async function serve(
  handle: (req: IncomingMessage, raw: string, res: ServerResponse) => void,
): Promise<Listening> {
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => handle(req, raw, res))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * A chat-only OpenAI-compatible server (what many local model servers are): `/embeddings` is a
 * 404, so the dev server falls back to keyword search, and each chat completion request is
 * answered with the events `reply` gives for its body, then `[DONE]`.
 */
export function startChatOnlyModel(
  reply: (body: unknown, req: IncomingMessage) => string[],
): Promise<Listening> {
  return serve((req, raw, res) => {
    if (req.url?.endsWith('/embeddings')) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ error: { message: 'embeddings not supported' } }))
      return
    }
    const events = reply(JSON.parse(raw), req)
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    for (const event of events) res.write(event)
    res.end('data: [DONE]\n\n')
  })
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
  const server = await serve((req, raw, res) => {
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
    const prefix = messages.at(-1)
    if (prefix?.role === 'assistant' && typeof prefix.content === 'string' && prefix.content) {
      // An assistant prefix: the start of the reply, which the model goes on with.
      res.write(chunk({ role: 'assistant', content: continuationText }))
      res.write(chunk({}, 'stop'))
    } else if (!tool || lastOf('tool') < lastOf('user')) {
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
  return {
    baseURL: server.baseURL,
    get embeddingInputs() {
      return state.embeddingInputs
    },
    get chatRequests() {
      return state.chatRequests
    },
    get chatMessages() {
      return state.chatMessages
    },
    close: server.close,
  }
}
