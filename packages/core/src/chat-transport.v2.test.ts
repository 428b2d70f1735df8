/**
 * `protocol: 'v2'` consumed by the real AI SDK v5, v6 and v7 clients (npm aliases): each version's
 * `readUIMessageStream` and its `AbstractChat`, against the dev server's v2 endpoint over real
 * HTTP, with its faults (status, cut-after, error-part, malformed-line), stops and thread expiry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestBackend, domain, type TestBackend } from '@docchat/test-utils/backend'
import { createDocsChatTransport, type DocsChatTransport } from './chat-transport'
import { validateRequest } from './schema-validation'
import { assistantV2RequestSchema } from './request-schemas'
import {
  type AiModule,
  aiVersions,
  expectCutAnswer,
  newChat as newAiChat,
  type TestUIMessage,
  textOf,
  until,
  lastUIMessage,
} from './test/harness'
import type { ThreadIdentity } from './thread-identity'

const QUESTION = 'How do I install DocChat?'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend({ http: true })
})
afterAll(() => backend.close())

function newTransport(extra: Partial<Parameters<typeof createDocsChatTransport>[0]> = {}) {
  return createDocsChatTransport({
    client: backend.client,
    domain,
    protocol: 'v2',
    retry: false,
    ...extra,
  })
}

describe.each(aiVersions)('%s', (_version, load) => {
  let ai: AiModule
  beforeAll(async () => {
    ai = (await load()) as AiModule
  })

  const newChat = (transport: unknown) => newAiChat(ai, transport)
  /** A chat that asked once with the backend failing with `fault` (cleared after). */
  const askWithFault = async (fault: string) => {
    backend.setFault(fault)
    const asked = newChat(newTransport())
    await asked.chat.sendMessage({ text: QUESTION })
    backend.setFault(undefined)
    return asked
  }

  it('readUIMessageStream builds the answer from the v2 stream, thread in the metadata', async () => {
    backend.setFault(undefined)
    const transport = newTransport()
    const stream = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'chat-1',
      messageId: undefined,
      abortSignal: undefined,
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: QUESTION } as { type: string }] },
      ],
    })
    const message = await lastUIMessage(ai, stream)
    expect(message?.role).toBe('assistant')
    expect(textOf(message)).toMatch(/install/i)
    expect(message?.parts.some((part) => part.type === 'dynamic-tool')).toBe(true)
    expect(message?.metadata?.threadId).toBe(transport.thread?.threadId)
    expect(transport.thread?.threadKey).toBeTruthy()
    const sent = backend.requestsTo('/v2/assistant/').at(-1)
    expect(sent?.body).toMatchObject({
      fp: 'anonymous',
      id: 'chat-1',
      trigger: 'submit-message',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: QUESTION } as { type: string }] },
      ],
    })
    expect(sent?.body).not.toHaveProperty('threadId')
  })

  it('Chat answers, then sends threadId and threadKey with the follow-up', async () => {
    backend.setFault(undefined)
    const transport = newTransport()
    const { chat, errors } = newChat(transport)
    await chat.sendMessage({ text: QUESTION })
    expect(errors).toEqual([])
    expect(chat.status).toBe('ready')
    const threadId = chat.messages[1]?.metadata?.threadId as string
    expect(threadId).toMatch(/^[0-9A-Z]{26}$/)
    const threadKey = transport.thread?.threadKey
    expect(threadKey).toBeTruthy()
    await chat.sendMessage({ text: 'How do I ask a question from React?' })
    expect(errors).toEqual([])
    expect(textOf(chat.messages[3]).length).toBeGreaterThan(0)
    const followUp = backend.requestsTo('/v2/assistant/').at(-1)?.body as Record<string, unknown>
    expect(followUp).toMatchObject({ threadId, threadKey })
    expect((followUp.messages as TestUIMessage[]).map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
    ])
    expect(chat.messages[3]?.metadata?.threadId).toBe(threadId)
  })

  it('a 404 on the stored thread asks once as a new thread (onThreadExpired)', async () => {
    backend.setFault(undefined)
    const stale: ThreadIdentity = { threadId: '01JUNKJUNKJUNKJUNKJUNKJUNK', threadKey: 'nope' }
    let stored: ThreadIdentity | undefined = stale
    const expired: ThreadIdentity[] = []
    const transport = newTransport({
      threadStore: {
        get: () => stored,
        set: (_domain, thread) => {
          stored = thread
        },
        clear: () => {
          stored = undefined
        },
      },
      onThreadExpired: (thread) => expired.push(thread),
    })
    const before = backend.requestsTo('/v2/assistant/').length
    const stream = await transport.sendMessages({
      trigger: 'regenerate-message',
      chatId: 'chat-2',
      messageId: undefined,
      abortSignal: undefined,
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: QUESTION } as { type: string }] },
      ],
    })
    let message: TestUIMessage | undefined
    for await (const snapshot of ai.readUIMessageStream({ stream })) message = snapshot
    expect(expired).toEqual([stale])
    expect(backend.requestsTo('/v2/assistant/').length - before).toBe(2)
    expect(stored?.threadId).not.toBe(stale.threadId)
    expect(stored?.threadKey).toBeTruthy()
    expect(message?.metadata?.threadId).toBe(stored?.threadId)
  })

  it('Chat reports an HTTP error status with the server message', async () => {
    const { chat } = await askWithFault('status=503')
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toBeTruthy()
    expect(chat.messages).toHaveLength(1)
  })

  it('Chat reports an error part and keeps the partial answer', async () => {
    const { chat } = await askWithFault('error-part')
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toContain('Injected error part')
    expect(textOf(chat.messages[1]).length).toBeGreaterThan(0)
  })

  it('Chat fails a malformed event as an invalid response', async () => {
    const { chat } = await askWithFault('malformed-line')
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toContain('Invalid answer stream')
  })

  it('Chat fails a cut stream instead of taking it for a whole answer', async () => {
    const { chat } = await askWithFault('cut-after=6')
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toBe('The answer stream ended before it finished.')
  })

  it('a cut v2 answer fails with the same cut-answer error as every other path', async () => {
    const { chat, errors } = await askWithFault('cut-after=6')
    expectCutAnswer(chat.error)
    expect(errors).toEqual([chat.error])
  })

  it('Chat.stop() ends the answer as a stop, not an error, keeping the partial text', async () => {
    backend.setFault('token-rate=20')
    const { chat, errors } = newChat(newTransport())
    const sending = chat.sendMessage({ text: QUESTION })
    await until(() => textOf(chat.messages[1]).length > 0, 10_000)
    await chat.stop()
    await sending
    backend.setFault(undefined)
    expect(chat.status).toBe('ready')
    expect(chat.error).toBeUndefined()
    expect(errors).toEqual([])
    expect(textOf(chat.messages[1]).length).toBeGreaterThan(0)
  })
})

describe('v2 request checks', () => {
  it('rejects a v4-shaped message before sending, with the zod schema and without it', async () => {
    const before = backend.requestsTo('/v2/assistant/').length
    const send = (transport: DocsChatTransport) =>
      transport.sendMessages({
        trigger: 'submit-message',
        chatId: 'c',
        messageId: undefined,
        abortSignal: undefined,
        messages: [{ id: 'x', role: 'user', content: 'hi' } as never],
      })
    await expect(send(newTransport())).rejects.toMatchObject({
      kind: 'bad-request',
      field: 'messages.0.parts',
    })
    await expect(
      send(newTransport({ validate: (body) => validateRequest(assistantV2RequestSchema, body) })),
    ).rejects.toMatchObject({ kind: 'bad-request' })
    expect(backend.requestsTo('/v2/assistant/').length).toBe(before)
  })

  it('v1 stays the default protocol', async () => {
    const before = backend.requestsTo('/v1/assistant/').length
    const transport = createDocsChatTransport({ client: backend.client, domain })
    const stream = await transport.sendMessages({
      trigger: 'submit-message',
      chatId: 'c',
      messageId: undefined,
      abortSignal: undefined,
      messages: [
        { id: 'u', role: 'user', parts: [{ type: 'text', text: QUESTION } as { type: string }] },
      ],
    })
    await stream.cancel()
    expect(backend.requestsTo('/v1/assistant/').length).toBe(before + 1)
  })
})
