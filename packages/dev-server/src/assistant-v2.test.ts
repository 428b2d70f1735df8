import { DefaultChatTransport, readUIMessageStream, type UIMessage } from 'ai-v5'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { base, post } from './test/requests'

let server: DevServer

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
})

function transport(body: Record<string, unknown> = {}, onResponse?: (r: Response) => void) {
  return new DefaultChatTransport<UIMessage>({
    api: `${base}/discovery/v2/assistant/acme/message`,
    headers: { Authorization: `Bearer ${server.keys.assistant}` },
    body: { fp: 'anonymous', ...body },
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await server.fetch(new Request(input as string, init))
      onResponse?.(response)
      return response
    }) as typeof fetch,
  })
}

function user(text: string, id = `u-${text.length}`): UIMessage {
  return { id, role: 'user', parts: [{ type: 'text', text }] }
}

async function send(messages: UIMessage[], body: Record<string, unknown> = {}) {
  let response: Response | undefined
  const stream = await transport(body, (r) => {
    response = r
  }).sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-v2',
    messageId: undefined,
    messages,
    abortSignal: undefined,
  })
  let message: UIMessage | undefined
  for await (const snapshot of readUIMessageStream({ stream })) message = snapshot
  return { message: message!, response: response! }
}

describe('POST /discovery/v2/assistant/{domain}/message', () => {
  it('streams a v5 UI message stream with the v5 headers', async () => {
    const response = await post(server, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      id: 'chat',
      trigger: 'submit-message',
      messages: [user('How do I install the CLI?')],
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1')
    expect(response.headers.get('x-thread-id')).toMatch(/^[0-9A-Z]{26}$/)
    const text = await response.text()
    expect(text.startsWith('data: {"type":"start"')).toBe(true)
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true)
    expect(text).toContain('"type":"tool-input-available"')
    expect(text).toContain('"type":"text-delta"')
  })

  it("is read by ai@5's DefaultChatTransport: answer, tool part and thread metadata", async () => {
    const { message, response } = await send([user('How do I install the CLI?')])
    const threadId = response.headers.get('x-thread-id')
    expect(message.role).toBe('assistant')
    expect(message.metadata).toMatchObject({ threadId })
    const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
    expect(text).toContain('npm install -g @acme/cli')
    const tool = message.parts.find((p) => p.type === 'dynamic-tool')
    expect(tool).toMatchObject({ toolName: 'search', state: 'output-available' })
  })

  it('keeps the thread across turns (threadId + threadKey in the body)', async () => {
    const first = await send([user('How do webhook retries work?')])
    const threadId = first.response.headers.get('x-thread-id')!
    const threadKey = first.response.headers.get('x-thread-key')!
    expect(threadKey).toBeTruthy()
    const second = await send(
      [user('How do webhook retries work?', 'a'), first.message, user('How do I verify it?', 'b')],
      { threadId, threadKey },
    )
    expect(second.response.status).toBe(200)
    expect(second.response.headers.get('x-thread-id')).toBe(threadId)
    expect(second.response.headers.get('x-thread-key')).toBeNull()
    const text = second.message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('')
    expect(text).toContain('HMAC')
  })

  it('404s a thread without its key and 400s a v4-shaped message', async () => {
    const bad = await post(server, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      threadId: '01JUNKJUNKJUNKJUNKJUNKJUNK',
      messages: [user('hi')],
    })
    expect(bad.status).toBe(404)
    const v4 = await post(server, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      messages: [{ id: 'x', role: 'data', content: 'hi' }],
    })
    expect(v4.status).toBe(400)
    expect((await v4.json()).field).toMatch(/^messages\.0\./)
  })
})
