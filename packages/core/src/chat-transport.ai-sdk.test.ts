/**
 * The transport consumed by the real AI SDK v5, v6 and v7 clients (npm aliases), against the ai@4
 * server over real HTTP: each version's `readUIMessageStream` and its `AbstractChat` (with a minimal
 * `ChatState`, the way `@ai-sdk/react` and the vanilla `Chat` subclass it).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createDocsChatTransport } from './chat-transport'
import { createDocsClient } from './client'
import {
  EVERYTHING_TEXT,
  PLAIN_TEXT,
  SLOW_WORDS,
  useAi4Server,
} from '@docchat/test-utils/ai4-server'
import {
  type AiModule,
  aiVersions,
  expectCutAnswer,
  newChat as newAiChat,
  partsOf,
  textOf,
  until,
  lastUIMessage,
} from './test/harness'

const server = useAi4Server()

describe.each(aiVersions)('%s', (_version, load) => {
  let ai: AiModule
  beforeAll(async () => {
    ai = (await load()) as AiModule
  })

  const newTransport = () =>
    createDocsChatTransport({
      client: createDocsClient({ baseUrl: server.url, assistantKey: 'mint_dsc_test' }),
      domain: 'docchat',
    })

  const newChat = (transport: unknown) => newAiChat(ai, transport)

  it('readUIMessageStream builds the whole answer from the transport stream', async () => {
    const stream = await newTransport().sendMessages({
      trigger: 'submit-message',
      chatId: 'chat-1',
      messageId: undefined,
      abortSignal: undefined,
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ type: 'text', text: 'How do I use hooks?' } as { type: string }],
        },
      ],
    })
    const message = await lastUIMessage(ai, stream)
    expect(message?.id).toMatch(/^msg-\d+-1$/)
    expect(textOf(message)).toBe(EVERYTHING_TEXT)
    expect(partsOf(message, 'reasoning').map((part) => part.text)).toEqual([
      'The user asks about hooks; search the docs.',
    ])
    expect(partsOf(message, 'dynamic-tool')).toEqual([
      expect.objectContaining({
        toolCallId: 'call-1',
        toolName: 'searchDocs',
        state: 'output-available',
        input: { query: 'hooks' },
        output: [{ path: '/hooks', title: 'Hooks' }],
      }),
    ])
    expect(partsOf(message, 'source-url').map((part) => part.url)).toEqual([
      'https://docs.example/hooks',
      'https://docs.example/chat',
    ])
    expect(partsOf(message, 'file')).toEqual([
      expect.objectContaining({
        mediaType: 'image/png',
        url: 'data:image/png;base64,iVBORw0KGgo=',
      }),
    ])
    expect(partsOf(message, 'step-start')).toHaveLength(2)
    expect(message?.metadata).toMatchObject({
      threadId: expect.stringMatching(/^thr_/),
      annotations: [{ pages: 2 }],
      usage: { promptTokens: 12, completionTokens: 8 },
    })
  })

  it('Chat streams an answer, then sends threadId and threadKey on the follow-up', async () => {
    const transport = newTransport()
    const { chat, data, errors, finished } = newChat(transport)
    await chat.sendMessage({ text: 'How do I use hooks?' })
    expect(errors).toEqual([])
    expect(chat.status).toBe('ready')
    const answer = chat.messages[1]
    expect(answer?.role).toBe('assistant')
    expect(textOf(answer)).toBe(EVERYTHING_TEXT)
    expect(partsOf(answer, 'dynamic-tool')[0]).toMatchObject({ state: 'output-available' })
    const threadId = answer?.metadata?.threadId as string
    expect(threadId).toMatch(/^thr_/)
    expect(answer?.metadata?.usage).toEqual({ promptTokens: 12, completionTokens: 8 })
    expect(data).toEqual([{ type: 'data-docchat', data: { stage: 'retrieval' }, transient: true }])
    expect(finished.map((message) => message.id)).toEqual([answer?.id])

    await chat.sendMessage({ text: 'scenario:plain' })
    expect(errors).toEqual([])
    expect(textOf(chat.messages[3])).toBe(PLAIN_TEXT)
    const followUp = server.requests[1]?.body
    expect(followUp).toMatchObject({ threadId, threadKey: server.threads.get(threadId) })
    const sent = followUp?.messages as Array<{ role: string; content: string; parts: unknown[] }>
    expect(sent.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
    expect(sent[1]?.content).toBe(EVERYTHING_TEXT)
    expect(sent[1]?.parts).toContainEqual({
      type: 'tool-invocation',
      toolInvocation: {
        state: 'result',
        toolCallId: 'call-1',
        toolName: 'searchDocs',
        args: { query: 'hooks' },
        result: [{ path: '/hooks', title: 'Hooks' }],
      },
    })
  })

  it('Chat reports an error part and keeps the partial answer', async () => {
    const { chat, errors } = newChat(newTransport())
    await chat.sendMessage({ text: 'scenario:error-part' })
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toBe('quota exceeded')
    expect(errors.map((error) => error.message)).toEqual(['quota exceeded'])
    expect(textOf(chat.messages[1])).toBe('Partial answer')
  })

  it('Chat reports an HTTP error with the server message', async () => {
    const { chat } = newChat(newTransport())
    await chat.sendMessage({ text: 'scenario:http-error' })
    expect(chat.status).toBe('error')
    expect(chat.error?.message).toBe('The assistant is unavailable')
    expect(chat.messages).toHaveLength(1)
  })

  it('Chat.stop() ends the answer as a stop, not an error, keeping the partial text', async () => {
    const { chat, errors } = newChat(newTransport())
    const sending = chat.sendMessage({ text: 'scenario:slow' })
    await until(() => textOf(chat.messages[1]).length > 0)
    await chat.stop()
    await sending
    expect(chat.status).toBe('ready')
    expect(chat.error).toBeUndefined()
    expect(errors).toEqual([])
    const partial = textOf(chat.messages[1])
    expect(partial.length).toBeGreaterThan(0)
    expect(partial.length).toBeLessThan(SLOW_WORDS.join('').length)
  })

  // Issue 21: the transport on v1 turned an answer whose body closed before its `d:` part into a
  // normal `finish`, telling its users a truncated answer succeeded.
  it('Chat fails an answer cut before its finish part with the one cut-answer error', async () => {
    const { chat, errors } = newChat(newTransport())
    await chat.sendMessage({ text: 'scenario:no-finish' })
    expect(chat.status).toBe('error')
    expectCutAnswer(chat.error)
    expect(errors).toEqual([chat.error])
    expect(textOf(chat.messages[1])).toBe(PLAIN_TEXT)
  })
})
