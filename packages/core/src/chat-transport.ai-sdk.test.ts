/**
 * The transport consumed by the real AI SDK v5, v6 and v7 clients (npm aliases), against the ai@4
 * server over real HTTP: each version's `readUIMessageStream` and its `AbstractChat` (with a minimal
 * `ChatState`, the way `@ai-sdk/react` and the vanilla `Chat` subclass it).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createDocsChatTransport, type DocsChatTransport } from './chat-transport'
import { createDocsClient } from './client'
import {
  type Ai4Server,
  EVERYTHING_TEXT,
  PLAIN_TEXT,
  SLOW_WORDS,
  startAi4Server,
} from '@docchat/test-utils/ai4-server'

interface TestUIMessage {
  id: string
  role: 'system' | 'user' | 'assistant'
  metadata?: Record<string, unknown>
  parts: Array<{ type: string; [key: string]: unknown }>
}

interface ChatStateLike {
  status: string
  error: Error | undefined
  messages: TestUIMessage[]
  pushMessage(message: TestUIMessage): void
  popMessage(): void
  replaceMessage(index: number, message: TestUIMessage): void
  snapshot<T>(thing: T): T
}

interface ChatLike {
  readonly status: string
  readonly error: Error | undefined
  readonly messages: TestUIMessage[]
  sendMessage(message: { text: string }): Promise<void>
  stop(): Promise<void>
}

interface ChatInitLike {
  transport: DocsChatTransport
  state: ChatStateLike
  onData?: (part: { type: string; data: unknown }) => void
  onError?: (error: Error) => void
  onFinish?: (options: { message: TestUIMessage }) => void
}

/** The surface of `ai` this test uses, identical in 5.0.10, 5.0.277, 6.0.323 and 7.0.173. */
interface AiModule {
  readUIMessageStream(options: {
    stream: ReadableStream<unknown>
    onError?: (error: unknown) => void
  }): AsyncIterable<TestUIMessage>
  AbstractChat: abstract new (init: ChatInitLike) => ChatLike
}

const versions: Array<[string, () => Promise<unknown>]> = [
  ['ai@5.0.10', () => import('ai-v5-low')],
  ['ai@5.0.277', () => import('ai-v5')],
  ['ai@6.0.323', () => import('ai-v6')],
  ['ai@7.0.173', () => import('ai-v7')],
]

class ArrayChatState implements ChatStateLike {
  status = 'ready'
  error: Error | undefined = undefined
  messages: TestUIMessage[] = []
  pushMessage = (message: TestUIMessage) => {
    this.messages = [...this.messages, message]
  }
  popMessage = () => {
    this.messages = this.messages.slice(0, -1)
  }
  replaceMessage = (index: number, message: TestUIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)]
  }
  snapshot = <T>(thing: T): T => structuredClone(thing)
}

let server: Ai4Server
beforeAll(async () => {
  server = await startAi4Server()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const partsOf = (message: TestUIMessage | undefined, type: string) =>
  message?.parts.filter((part) => part.type === type) ?? []

const textOf = (message: TestUIMessage | undefined) =>
  partsOf(message, 'text')
    .map((part) => part.text)
    .join('')

describe.each(versions)('%s', (_version, load) => {
  let ai: AiModule
  beforeAll(async () => {
    ai = (await load()) as AiModule
  })

  const newTransport = () =>
    createDocsChatTransport({
      client: createDocsClient({ baseUrl: server.url, assistantKey: 'mint_dsc_test' }),
      domain: 'docchat',
    })

  function newChat(transport: DocsChatTransport) {
    const data: unknown[] = []
    const errors: Error[] = []
    const finished: TestUIMessage[] = []
    class TestChat extends ai.AbstractChat {}
    const chat = new TestChat({
      transport,
      state: new ArrayChatState(),
      onData: (part) => data.push(part),
      onError: (error) => errors.push(error),
      onFinish: ({ message }) => finished.push(message),
    })
    return { chat, data, errors, finished }
  }

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
    let message: TestUIMessage | undefined
    for await (const snapshot of ai.readUIMessageStream({
      stream,
      onError: (error) => {
        throw error
      },
    })) {
      message = snapshot
    }
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
    const deadline = Date.now() + 5000
    while (textOf(chat.messages[1]).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    await chat.stop()
    await sending
    expect(chat.status).toBe('ready')
    expect(chat.error).toBeUndefined()
    expect(errors).toEqual([])
    const partial = textOf(chat.messages[1])
    expect(partial.length).toBeGreaterThan(0)
    expect(partial.length).toBeLessThan(SLOW_WORDS.join('').length)
  })
})
