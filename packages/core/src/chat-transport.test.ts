import { describe, expect, it } from 'vitest'
import { createDocsChatTransport } from './chat-transport'
import { createDocsClient } from './client'
import { DocsApiError } from './errors'
import { createThreadStore } from './thread-store'
import { EVERYTHING_TEXT, PLAIN_TEXT, useAi4Server } from '@docchat/test-utils/ai4-server'
import { collect } from '@docchat/test-utils/streams'
import type { ThreadIdentity } from './thread-identity'
import type { DocsUIMessageChunk } from './ui-message-chunks'
import type { ChatMessageLike } from './v4-messages'

const server = useAi4Server()

const user = (id: string, text: string): ChatMessageLike => ({
  id,
  role: 'user',
  parts: [{ type: 'text', text } as ChatMessageLike['parts'][number]],
})

const send = (
  transport: ReturnType<typeof createDocsChatTransport>,
  messages: ChatMessageLike[],
  extra: {
    headers?: Record<string, string> | Headers
    body?: object
    abortSignal?: AbortSignal
  } = {},
) =>
  transport.sendMessages({
    trigger: 'submit-message',
    chatId: 'chat-1',
    messageId: undefined,
    messages,
    abortSignal: extra.abortSignal,
    headers: extra.headers,
    body: extra.body,
  })

const textOf = (chunks: DocsUIMessageChunk[]) =>
  chunks.map((chunk) => (chunk.type === 'text-delta' ? chunk.delta : '')).join('')

describe('createDocsChatTransport', () => {
  it('sends the v1 request through the client and streams UI message chunks', async () => {
    const client = createDocsClient({ baseUrl: server.url, assistantKey: 'mint_dsc_test' })
    const transport = createDocsChatTransport({
      client,
      domain: 'docs.example.com',
      fp: 'user-7',
      retrievalPageSize: 3,
      filter: { version: 'v2' },
      context: () => [{ type: 'textSelection', value: 'useChat' }],
      currentPath: () => `/guides/${'x'.repeat(300)}`,
    })
    const chunks = await collect(
      await send(transport, [user('u1', 'How do I use hooks?')], {
        headers: new Headers({ 'X-Custom': 'from-headers-instance' }),
      }),
    )

    const [request] = server.requests
    expect(request?.path).toBe('/discovery/v1/assistant/docs.example.com/message')
    expect(request?.headers.authorization).toBe('Bearer mint_dsc_test')
    expect(request?.headers['x-custom']).toBe('from-headers-instance')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.body).toEqual({
      fp: 'user-7',
      retrievalPageSize: 3,
      filter: { version: 'v2' },
      context: [{ type: 'textSelection', value: 'useChat' }],
      currentPath: `/guides/${'x'.repeat(192)}`,
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: 'How do I use hooks?',
          parts: [{ type: 'text', text: 'How do I use hooks?' }],
        },
      ],
    })

    expect(textOf(chunks)).toBe(EVERYTHING_TEXT)
    expect(chunks[1]).toEqual({
      type: 'start',
      messageId: 'msg-1-1',
      messageMetadata: { annotations: [{ pages: 2 }], threadId: 'thr_1' },
    })
    expect(chunks.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      messageMetadata: {
        threadId: 'thr_1',
        usage: { promptTokens: 12, completionTokens: 8 },
        finishReason: 'stop',
      },
    })
    expect(transport.thread).toEqual({ threadId: 'thr_1', threadKey: server.threads.get('thr_1') })
  })

  it('sends threadId and threadKey on follow-ups, keeping the key the server sent once', async () => {
    const store = createThreadStore({ storage: 'memory' })
    const seen: ThreadIdentity[] = []
    const transport = createDocsChatTransport({
      api: server.assistantUrl(),
      domain: 'docchat',
      threadStore: store,
      onThread: (thread) => seen.push(thread),
    })
    await collect(await send(transport, [user('u1', 'scenario:plain')]))
    const thread = store.get('docchat')
    expect(thread?.threadKey).toMatch(/^key_/)
    expect(seen).toEqual([thread])

    const history: ChatMessageLike[] = [
      user('u1', 'scenario:plain'),
      {
        id: 'a1',
        role: 'assistant',
        metadata: { threadId: thread?.threadId, createdAt: '2026-01-01T00:00:00.000Z' },
        parts: [
          { type: 'step-start' },
          { type: 'text', text: PLAIN_TEXT },
        ] as ChatMessageLike['parts'],
      },
      user('u2', 'scenario:plain and more'),
    ]
    await collect(await send(transport, history))
    const followUp = server.requests[1]?.body
    expect(followUp).toMatchObject({ threadId: thread?.threadId, threadKey: thread?.threadKey })
    expect((followUp!.messages as unknown[])[1]).toEqual({
      id: 'a1',
      role: 'assistant',
      content: PLAIN_TEXT,
      createdAt: '2026-01-01T00:00:00.000Z',
      parts: [{ type: 'step-start' }, { type: 'text', text: PLAIN_TEXT }],
    })
    // The server repeated X-Thread-Id without a key: the stored key stays.
    expect(store.get('docchat')).toEqual(thread)
    expect(seen).toHaveLength(1)

    // A history without an answer is a new conversation.
    await collect(await send(transport, [user('u9', 'scenario:plain')]))
    expect(server.requests[2]?.body.threadId).toBeUndefined()
    expect(store.get('docchat')?.threadId).not.toBe(thread?.threadId)
  })

  it.each([
    ['stream-thread', 'the d: extras'],
    ['annotation-thread', 'an 8: annotation'],
  ])('learns the thread from %s when no header carries it (%s)', async (scenario) => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    const chunks = await collect(await send(transport, [user('u1', `scenario:${scenario}`)]))
    const threadId = transport.thread?.threadId
    expect(threadId).toMatch(/^thr_/)
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', messageMetadata: { threadId } })
    if (scenario === 'stream-thread') {
      expect(transport.thread?.threadKey).toBe(server.threads.get(threadId as string))
    }
  })

  it('replaces a thread the server no longer knows by retrying once as a new thread', async () => {
    const store = createThreadStore({ storage: 'memory' })
    store.set('docchat', { threadId: 'thr_gone', threadKey: 'key_gone' })
    const kept = {
      id: 'kept',
      role: 'user',
      content: 'first',
      parts: [{ type: 'text', text: 'first' }],
    }
    store.setMessages('docchat', [kept])
    const transport = createDocsChatTransport({
      api: server.assistantUrl(),
      domain: 'docchat',
      threadStore: store,
    })
    const history: ChatMessageLike[] = [
      user('u1', 'first'),
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'hi' } as { type: string }] },
      user('u2', 'scenario:plain'),
    ]
    const chunks = await collect(await send(transport, history))
    expect(textOf(chunks)).toBe(PLAIN_TEXT)
    expect(server.requests.map((request) => request.body.threadId)).toEqual(['thr_gone', undefined])
    expect(store.get('docchat')?.threadId).not.toBe('thr_gone')
    expect(store.get('docchat')?.threadKey).toMatch(/^key_/)
    expect(store.getMessages('docchat')).toEqual([kept])
  })

  it('without retry, reports not-found and forgets the thread', async () => {
    const store = createThreadStore({ storage: 'memory' })
    store.set('docchat', { threadId: 'thr_gone', threadKey: 'key_gone' })
    const transport = createDocsChatTransport({
      api: server.assistantUrl(),
      domain: 'docchat',
      threadStore: store,
      retryWithNewThread: false,
    })
    const error = await send(transport, [
      user('u1', 'first'),
      { id: 'a1', role: 'assistant', parts: [] },
      user('u2', 'again'),
    ]).catch((caught: unknown) => caught)
    expect(DocsApiError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ kind: 'not-found', status: 404, message: 'Thread not found' })
    expect(store.get('docchat')).toBeUndefined()
  })

  it('turns HTTP and network failures into DocsApiError', async () => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    await expect(send(transport, [user('u1', 'scenario:http-error')])).rejects.toMatchObject({
      name: 'DocsApiError',
      kind: 'server',
      status: 500,
      message: 'The assistant is unavailable',
    })
    const offline = createDocsChatTransport({
      api: 'http://127.0.0.1:9/nothing',
      domain: 'docchat',
    })
    await expect(send(offline, [user('u1', 'hi')])).rejects.toMatchObject({ kind: 'network' })
  })

  it('hands an abort back as AbortError, so Chat treats it as a stop', async () => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    const controller = new AbortController()
    const stream = await send(transport, [user('u1', 'How do I use hooks?')], {
      abortSignal: controller.signal,
    })
    const reader = stream.getReader()
    await reader.read()
    controller.abort()
    await expect(
      (async () => {
        for (;;) if ((await reader.read()).done) return
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('maps error parts and malformed lines to error chunks', async () => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    const errorPart = await collect(await send(transport, [user('u1', 'scenario:error-part')]))
    expect(errorPart.at(-1)).toEqual({ type: 'error', errorText: 'quota exceeded' })
    const malformed = await collect(await send(transport, [user('u1', 'scenario:malformed')]))
    expect(textOf(malformed)).toBe('Before')
    expect(malformed.at(-1)).toMatchObject({
      type: 'error',
      errorText: expect.stringContaining('Line 2: invalid JSON in "0:{not json"'),
    })
  })

  it('converts v5 parts to v4 parts, attachments and tool invocations', async () => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    const parts = (list: object[]) => list as ChatMessageLike['parts']
    await collect(
      await send(transport, [
        {
          id: 'u1',
          role: 'user',
          parts: parts([
            { type: 'text', text: 'Look ' },
            { type: 'text', text: 'here' },
            {
              type: 'file',
              mediaType: 'image/png',
              url: 'data:image/png;base64,AAA=',
              filename: 'a.png',
            },
          ]),
        },
        {
          id: 'a1',
          role: 'assistant',
          metadata: { annotations: [{ pages: 1 }] },
          parts: parts([
            { type: 'step-start' },
            { type: 'reasoning', text: 'hmm' },
            {
              type: 'dynamic-tool',
              toolName: 'search',
              toolCallId: 't1',
              state: 'output-available',
              input: { query: 'a' },
              output: [],
            },
            { type: 'tool-lookup', toolCallId: 't2', state: 'input-streaming', input: { q: 1 } },
            {
              type: 'tool-lookup',
              toolCallId: 't3',
              state: 'output-error',
              input: {},
              errorText: 'no',
            },
            { type: 'source-url', sourceId: 's1', url: 'https://x', title: 'X' },
            { type: 'source-document', sourceId: 'd1', mediaType: 'text/plain', title: 'D' },
            { type: 'file', mediaType: 'image/png', url: 'data:image/png;base64,BBB=' },
            { type: 'data-docchat', data: 1 },
            { type: 'text', text: 'Answer' },
          ]),
        },
        user('u2', 'scenario:plain'),
      ]),
    )
    const [first, second] = server.requests[0]!.body.messages as object[]
    expect(first).toEqual({
      id: 'u1',
      role: 'user',
      content: 'Look here',
      parts: [
        { type: 'text', text: 'Look ' },
        { type: 'text', text: 'here' },
      ],
      experimental_attachments: [
        { name: 'a.png', contentType: 'image/png', url: 'data:image/png;base64,AAA=' },
      ],
    })
    expect(second).toEqual({
      id: 'a1',
      role: 'assistant',
      content: 'Answer',
      annotations: [{ pages: 1 }],
      parts: [
        { type: 'step-start' },
        { type: 'reasoning', reasoning: 'hmm', details: [{ type: 'text', text: 'hmm' }] },
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId: 't1',
            toolName: 'search',
            args: { query: 'a' },
            result: [],
          },
        },
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'partial-call',
            toolCallId: 't2',
            toolName: 'lookup',
            args: { q: 1 },
          },
        },
        {
          type: 'tool-invocation',
          toolInvocation: {
            state: 'result',
            toolCallId: 't3',
            toolName: 'lookup',
            args: {},
            result: { error: 'no' },
          },
        },
        { type: 'source', source: { sourceType: 'url', id: 's1', url: 'https://x', title: 'X' } },
        { type: 'file', mimeType: 'image/png', data: 'BBB=' },
        { type: 'text', text: 'Answer' },
      ],
    })
  })

  it('has nothing to resume', async () => {
    const transport = createDocsChatTransport({ api: server.assistantUrl(), domain: 'docchat' })
    expect(await transport.reconnectToStream({ chatId: 'chat-1' })).toBeNull()
  })

  it('needs a client or an api URL', () => {
    expect(() => createDocsChatTransport({ domain: 'docchat' })).toThrow(/client.*api/)
  })
})

describe('streamAssistantMessage against the ai@4 server', () => {
  it('reads events and the thread, and sends threadId with threadKey on the follow-up', async () => {
    const client = createDocsClient({ baseUrl: server.url, assistantKey: 'mint_dsc_test' })
    const first = await client.streamAssistantMessage('docchat', {
      fp: 'anonymous',
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: 'How do I use hooks?',
          parts: [{ type: 'text', text: 'How do I use hooks?' }],
        },
      ],
    })
    const result = await first.collect()
    expect(result.text).toBe(EVERYTHING_TEXT)
    expect(result.toolInvocations).toMatchObject([
      { state: 'result', toolName: 'searchDocs', args: { query: 'hooks' } },
    ])
    expect(result.finished).toBe(true)
    expect(first.threadId).toMatch(/^thr_/)
    expect(first.threadKey).toBe(server.threads.get(first.threadId as string))

    const second = await client.streamAssistantMessage('docchat', {
      fp: 'anonymous',
      threadId: first.threadId,
      threadKey: first.threadKey,
      messages: [
        {
          id: 'u1',
          role: 'user',
          content: 'How do I use hooks?',
          parts: [{ type: 'text', text: 'How do I use hooks?' }],
        },
        {
          id: 'a1',
          role: 'assistant',
          content: result.text,
          parts: [{ type: 'text', text: result.text }],
        },
        {
          id: 'u2',
          role: 'user',
          content: 'scenario:plain',
          parts: [{ type: 'text', text: 'scenario:plain' }],
        },
      ],
    })
    expect((await second.collect()).text).toBe(PLAIN_TEXT)
    expect(server.requests.at(-1)?.body).toMatchObject({
      threadId: first.threadId,
      threadKey: first.threadKey,
    })
    expect(second.threadId).toBe(first.threadId)
    expect(second.threadKey).toBe(first.threadKey)
  })
})
