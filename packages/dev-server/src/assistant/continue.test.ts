/**
 * Continue after Stop (issue 23): a request whose `messages` end with the answer the reader
 * stopped continues THAT answer. Offline, the excerpt resumes exactly where the partial text ends
 * (no repetition, the same citation numbers); in LLM mode the model gets the partial text as the
 * start of its reply. Every assistant response says the backend can continue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, type DevServer } from '../server'
import { continuationText, type FakeOpenAI, startFakeOpenAI } from '../test/fake-openai'
import { fixtureCorpus } from '../test/fixture-docs'
import { ask, post, userMessage } from '../test/requests'

const question = 'How do I verify webhook signatures?'

function assistantMessage(text: string) {
  return {
    id: 'a-stopped',
    role: 'assistant' as const,
    content: text,
    parts: [{ type: 'text' as const, text }],
  }
}

async function read(response: Response) {
  const lines = (await response.text()).split('\n').filter(Boolean)
  return {
    text: lines
      .filter((line) => line.startsWith('0:'))
      .map((line) => JSON.parse(line.slice(2)) as string)
      .join(''),
    toolCalls: lines.filter((line) => line.startsWith('9:')).length,
    finished: lines.some((line) => line.startsWith('d:')),
  }
}

const citations = (text: string) =>
  [...text.matchAll(/\[(\d+)\]\(([^)\s]+)\)/g)].map((m) => `${m[1]} ${m[2]}`)

describe('Continue, offline', () => {
  let server: DevServer
  beforeAll(async () => {
    server = await createDevServer({ docs: { acme: fixtureCorpus() }, seed: false })
  })

  it('says on every assistant response that it can continue (v1 and v2, exposed to browsers)', async () => {
    const v1 = await ask(
      server,
      'acme',
      question,
      {},
      { headers: { Origin: 'http://localhost:4321' } },
    )
    expect(v1.headers.get('x-docchat-continue')).toBe('1')
    expect(v1.headers.get('access-control-expose-headers')).toContain('X-DocChat-Continue')
    await v1.text()
    const v2 = await post(server, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] }],
    })
    expect(v2.headers.get('x-docchat-continue')).toBe('1')
    await v2.text()
  })

  it('resumes the excerpt where the stopped text ends: no repetition, the same citations', async () => {
    const first = await ask(server, 'acme', question)
    const full = (await read(first)).text
    expect(full.length).toBeGreaterThan(200)
    // Stopped mid-word, half-way through.
    const stoppedAt = Math.floor(full.length / 2)
    const partial = full.slice(0, stoppedAt)
    const response = await post(server, '/discovery/v1/assistant/acme/message', {
      fp: 'anonymous',
      messages: [userMessage(question), assistantMessage(partial)],
      threadId: first.headers.get('x-thread-id'),
      threadKey: first.headers.get('x-thread-key'),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-docchat-continue')).toBe('1')
    const rest = await read(response)
    expect(rest.finished).toBe(true)
    // Text only: the sources the partial answer came with still stand.
    expect(rest.toolCalls).toBe(0)
    expect(rest.text).toBe(full.slice(stoppedAt))
    expect(citations(partial + rest.text)).toEqual(citations(full))
  })

  it('continues a client that trimmed the text it kept, in a new thread (stock useChat sends no thread)', async () => {
    const full = (await read(await ask(server, 'acme', question))).text
    const partial = `${full.slice(0, 120).trimEnd()}  `
    const rest = await read(
      await post(server, '/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [userMessage(question), assistantMessage(partial)],
      }),
    )
    expect(full.slice(0, 120).trimEnd() + rest.text).toBe(full)
  })

  it('continues through the v2 endpoint too', async () => {
    const full = (await read(await ask(server, 'acme', question))).text
    const partial = full.slice(0, 150)
    const response = await post(server, '/discovery/v2/assistant/acme/message', {
      fp: 'anonymous',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: partial }] },
      ],
    })
    const deltas = (await response.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
    expect(deltas.some((chunk) => chunk.type.startsWith('tool-'))).toBe(false)
    const rest = deltas
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('')
    expect(partial + rest).toBe(full)
  })

  it('invents nothing after a partial text it did not write', async () => {
    const rest = await read(
      await post(server, '/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [
          userMessage(question),
          assistantMessage('Something this server never said about'),
        ],
      }),
    )
    expect(rest.finished).toBe(true)
    expect(rest.text).toBe('')
  })
})

describe('Continue, LLM mode', () => {
  let fake: FakeOpenAI
  let server: DevServer
  beforeAll(async () => {
    fake = await startFakeOpenAI()
    server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      llm: { apiKey: 'sk-local', baseURL: fake.baseURL, model: 'fake' },
      embeddings: false,
      seed: false,
    })
  })
  afterAll(() => fake.close())

  it('hands the model the stopped text as the start of its reply and streams what it adds', async () => {
    const partial = 'Install the CLI with npm, then run'
    const response = await post(server, '/discovery/v1/assistant/acme/message', {
      fp: 'anonymous',
      messages: [userMessage(question), assistantMessage(partial)],
    })
    expect(response.headers.get('x-docchat-continue')).toBe('1')
    expect(response.headers.get('x-docchat-answer-mode')).toBe('model')
    const rest = await read(response)
    expect(rest.text).toBe(continuationText)
    const sent = fake.chatMessages.at(-1)!
    expect(sent.at(-1)).toEqual({ role: 'assistant', content: partial })
    expect(sent.at(-2)).toMatchObject({ role: 'user', content: question })
    const system = String(sent.find((m) => m.role === 'system')?.content ?? '')
    expect(system).toContain('continue it from exactly where it ends')
  })

  it('keeps the whole answer in the thread once: a follow-up reads the stopped text and its rest', async () => {
    const first = await ask(server, 'acme', question)
    const answer = (await read(first)).text
    const thread = {
      threadId: first.headers.get('x-thread-id'),
      threadKey: first.headers.get('x-thread-key'),
    }
    const partial = answer.slice(0, 12)
    await read(
      await post(server, '/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [userMessage(question), assistantMessage(partial)],
        ...thread,
      }),
    )
    await read(
      await post(server, '/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [userMessage('And how do retries work?')],
        ...thread,
      }),
    )
    const sent = fake.chatMessages.at(-2)!.filter((m) => m.role !== 'system')
    expect(sent.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    expect(sent[1]).toEqual({ role: 'assistant', content: partial + continuationText })
  })
})
