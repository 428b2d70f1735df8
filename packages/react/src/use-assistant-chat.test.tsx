import { createThreadStore } from '@docchat/core'
import { expectCutAnswer } from '@docchat/test-utils/answers'
import { act, renderHook, waitFor } from '@testing-library/react'
import { baseUrl, createTestSetup, domain, useAssistantChat } from './test/harness'
import type { AssistantChat } from './use-assistant-chat'

function lastAnswer(chat: AssistantChat): string {
  const message = chat.messages.at(-1)
  return message?.role === 'assistant' ? chat.displayText(message) : ''
}

interface AssistantBody {
  fp: string
  threadId?: string
  threadKey?: string
  retrievalPageSize: number
  context?: unknown[]
  currentPath?: string
  messages: { id: string; role: string; content: string }[]
}

describe('useAssistantChat against the dev server', () => {
  it('is not idle before the throttled last update holds the whole answer', async () => {
    // useChat says `ready` before its throttled update lands: an answer sent at once (no pacing)
    // used to show as settled, and empty, until the throttle's next turn.
    const { wrapper } = await createTestSetup()
    const renders: { status: string; text: string }[] = []
    const { result } = renderHook(
      () => {
        const chat = useAssistantChat({ throttleMs: 400 })
        renders.push({ status: chat.status, text: lastAnswer(chat) })
        return chat
      },
      { wrapper },
    )
    act(() => {
      void result.current.send('How do I install DocChat?')
    })
    await waitFor(() => expect(result.current.messages).toHaveLength(2), { timeout: 10_000 })
    await waitFor(() => expect(result.current.status).toBe('idle'), { timeout: 10_000 })
    const final = lastAnswer(result.current)
    expect(final.length).toBeGreaterThan(20)
    const asked = renders.findIndex((render) => render.status !== 'idle')
    const idleTooSoon = renders.slice(asked).filter((r) => r.status === 'idle' && r.text !== final)
    expect(idleTooSoon).toEqual([])
  })

  it('streams the answer incrementally and sends what the v1 endpoint requires', async () => {
    const { wrapper, requestsTo } = await createTestSetup({ fault: 'token-rate=200' })
    const seen: string[] = []
    const statuses = new Set<string>()
    const { result } = renderHook(
      () => {
        const chat = useAssistantChat()
        statuses.add(chat.status)
        seen.push(lastAnswer(chat))
        return chat
      },
      { wrapper },
    )
    // Not awaited inside act(): React 18's async act would hold every update until the end.
    act(() => {
      void result.current.send('How do I install DocChat?')
    })
    await waitFor(() => expect(statuses.has('streaming')).toBe(true))
    await waitFor(() => expect(result.current.status).toBe('idle'), { timeout: 10_000 })

    const final = lastAnswer(result.current)
    expect(final.length).toBeGreaterThan(20)
    const partials = new Set(seen.filter((text) => text && text !== final))
    expect(partials.size).toBeGreaterThan(2)
    // A partial may end in whitespace or the first backticks of the suggestions fence, both of
    // which the finished answer trims.
    for (const partial of partials)
      expect(final.startsWith(partial.replace(/[\s`]+$/, ''))).toBe(true)
    expect(statuses).toEqual(new Set(['idle', 'submitted', 'streaming']))

    const [request] = requestsTo('/assistant/')
    const body = request?.body as AssistantBody
    expect(request?.path).toBe(`/discovery/v1/assistant/${domain}/message`)
    expect(request?.headers.authorization).toMatch(/^Bearer mint_dsc_/)
    expect(body).toMatchObject({ fp: 'anonymous', retrievalPageSize: 5, currentPath: '/' })
    expect(body.threadId).toBeUndefined()
    expect(body.messages[0]).toMatchObject({ role: 'user', content: 'How do I install DocChat?' })
    expect(body.messages[0]?.id).toEqual(expect.any(String))
  })

  it('continues the thread: the second question carries threadId and threadKey', async () => {
    const { wrapper, requestsTo, server } = await createTestSetup()
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.thread?.threadKey).toBeTruthy())
    const thread = result.current.thread
    // Sent straight after the first answer finished, before any effect could refresh a body ref.
    await act(() => result.current.send('And how do I run the dev server?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))

    const [first, second] = requestsTo('/assistant/').map(
      (request) => request.body as AssistantBody,
    )
    expect(first?.threadId).toBeUndefined()
    expect(second).toMatchObject({ threadId: thread?.threadId, threadKey: thread?.threadKey })
    expect(second?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
    expect(result.current.error).toBeUndefined()
    expect(result.current.messages).toHaveLength(4)
    expect(server.requests.length).toBeGreaterThanOrEqual(2)
    // The key comes only with the thread's creation; later responses must not lose it.
    expect(result.current.thread).toEqual(thread)
  })

  it('learns the thread id from the finish line when a proxy hides the thread headers', async () => {
    const headerThreads: (string | null)[] = []
    const { wrapper } = await createTestSetup({
      // A cross-origin proxy without Access-Control-Expose-Headers: the headers never reach JS.
      wrapFetch: (next) => async (input, init) => {
        const response = await next(input, init)
        headerThreads.push(response.headers.get('x-thread-id'))
        const headers = new Headers(response.headers)
        headers.delete('x-thread-id')
        headers.delete('x-thread-key')
        return new Response(response.body, { status: response.status, headers })
      },
    })
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(headerThreads[0]).toEqual(expect.any(String))
    expect(result.current.thread).toEqual({ threadId: headerThreads[0] })
  })

  it('restores the conversation and its thread after a reload', async () => {
    const setup = await createTestSetup()
    const first = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await act(() => first.result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(first.result.current.thread?.threadKey).toBeTruthy())
    const { thread, messages } = first.result.current
    first.unmount()

    const second = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await waitFor(() => expect(second.result.current.messages).toHaveLength(2))
    expect(second.result.current.thread).toEqual(thread)
    expect(second.result.current.messages.map((message) => message.content)).toEqual(
      messages.map((message) => message.content),
    )
    await act(() => second.result.current.send('Tell me more'))
    await waitFor(() => expect(second.result.current.status).toBe('idle'))
    const last = setup.requestsTo('/assistant/').at(-1)?.body as AssistantBody
    expect(last).toMatchObject({ threadId: thread?.threadId, threadKey: thread?.threadKey })
    expect(last.messages).toHaveLength(3)
  })

  it('restores and continues under StrictMode (effects run twice)', async () => {
    const setup = await createTestSetup()
    const first = renderHook(() => useAssistantChat(), {
      wrapper: setup.wrapper,
      reactStrictMode: true,
    })
    await act(() => first.result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(first.result.current.thread?.threadKey).toBeTruthy())
    const { thread } = first.result.current
    first.unmount()
    const second = renderHook(() => useAssistantChat(), {
      wrapper: setup.wrapper,
      reactStrictMode: true,
    })
    await waitFor(() => expect(second.result.current.messages).toHaveLength(2))
    expect(second.result.current.thread).toEqual(thread)
    await act(() => second.result.current.send('Tell me more'))
    await waitFor(() => expect(second.result.current.status).toBe('idle'))
    expect(second.result.current.messages).toHaveLength(4)
    expect(setup.requestsTo('/assistant/').at(-1)?.body).toMatchObject({
      threadId: thread?.threadId,
      threadKey: thread?.threadKey,
    })
  })

  it('newThread() forgets messages and thread, in memory and storage', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.thread).toBeDefined())
    act(() => result.current.newThread())
    expect(result.current.messages).toEqual([])
    expect(result.current.thread).toBeUndefined()
    expect(createThreadStore().get(domain)).toBeUndefined()
    await act(() => result.current.send('A fresh question'))
    const last = requestsTo('/assistant/').at(-1)?.body as AssistantBody
    expect(last.threadId).toBeUndefined()
    expect(last.messages).toHaveLength(1)
  })

  it('sends pending context items with the next question, then clears them', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result } = renderHook(() => useAssistantChat({ currentPath: '/quickstart' }), {
      wrapper,
    })
    const code = {
      type: 'code' as const,
      value: 'pnpm add @docchat/react',
      elementId: 'code-block-1',
    }
    act(() => {
      result.current.addContext(code)
      result.current.addContext(code)
      result.current.addContext({ type: 'textSelection', value: 'remove me' })
    })
    expect(result.current.context).toHaveLength(2)
    act(() => result.current.removeContext(1))
    expect(result.current.context).toEqual([code])
    await act(() =>
      result.current.send('What does this do?', {
        context: [{ type: 'textSelection', value: 'dev server' }],
      }),
    )
    expect(result.current.context).toEqual([])
    const body = requestsTo('/assistant/')[0]?.body as AssistantBody
    expect(body.context).toEqual([code, { type: 'textSelection', value: 'dev server' }])
    expect(body.currentPath).toBe('/quickstart')
    // The question keeps what it was sent with, so a reload or an export still has it.
    const question = result.current.messages.find((message) => message.role === 'user')!
    expect(result.current.contextOf(question)).toEqual(body.context)
    const sentQuestion = body.messages.at(-1) as { annotations?: unknown[] }
    expect(result.current.contextOf(sentQuestion)).toEqual(body.context)
  })

  it('stop() keeps the partial answer without an error', async () => {
    const { wrapper } = await createTestSetup({ fault: 'token-rate=20' })
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    act(() => {
      void result.current.send('How do I install DocChat?')
    })
    await waitFor(() => expect(lastAnswer(result.current).length).toBeGreaterThan(0))
    act(() => result.current.stop())
    await waitFor(() => expect(result.current.status).toBe('idle'))
    const partial = lastAnswer(result.current)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(lastAnswer(result.current)).toBe(partial)
    expect(result.current.error).toBeUndefined()
    expect(partial.length).toBeGreaterThan(0)
  })

  it('regenerate() asks again for the last answer with the same thread', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.thread).toBeDefined())
    await act(() => result.current.regenerate())
    await waitFor(() => expect(result.current.status).toBe('idle'))
    const [, again] = requestsTo('/assistant/').map((request) => request.body as AssistantBody)
    expect(again?.messages).toHaveLength(1)
    expect(again?.threadId).toBe(result.current.thread?.threadId)
    expect(result.current.messages).toHaveLength(2)
  })
})

describe('useAssistantChat errors', () => {
  async function failingChat(setupOptions: Parameters<typeof createTestSetup>[0]) {
    const setup = await createTestSetup(setupOptions)
    const hook = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await act(() => hook.result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(hook.result.current.status).toBe('error'))
    return { ...setup, ...hook }
  }

  it('401 for an unknown key', async () => {
    const { result } = await failingChat({ client: { assistantKey: 'mint_dsc_wrong' } })
    expect(result.current.error).toMatchObject({ kind: 'unauthorized', status: 401 })
  })

  it('403 for an admin key on a discovery route', async () => {
    const { result } = await failingChat({ client: { assistantKey: 'mint_dev_local' } })
    expect(result.current.error).toMatchObject({ kind: 'forbidden', status: 403 })
  })

  it('404 for a thread the server does not know: the question is asked again as a new thread, and reported', async () => {
    createThreadStore({ apiBaseUrl: baseUrl }).set(domain, {
      threadId: '01BOGUSTHREAD',
      threadKey: 'nope',
    })
    const { wrapper, requestsTo } = await createTestSetup()
    const expired: unknown[] = []
    const { result } = renderHook(
      () => useAssistantChat({ onThreadExpired: (thread) => expired.push(thread) }),
      { wrapper },
    )
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.error).toBeUndefined()
    expect(expired).toEqual([{ threadId: '01BOGUSTHREAD', threadKey: 'nope' }])
    expect(lastAnswer(result.current).length).toBeGreaterThan(20)
    const bodies = requestsTo('/assistant/').map((request) => request.body as AssistantBody)
    expect(bodies.map((body) => body.threadId)).toEqual(['01BOGUSTHREAD', undefined])
    expect(result.current.thread?.threadId).not.toBe('01BOGUSTHREAD')
    expect(result.current.thread?.threadKey).toBeTruthy()
    expect(createThreadStore({ apiBaseUrl: baseUrl }).get(domain)).toEqual(result.current.thread)
  })

  // Issue 20: a client pointed at another host (an attribute in the page's markup, say) must not
  // receive the thread, its secret key or the history stored for the API the reader used.
  it('keeps threads per API origin: a client pointed elsewhere sends none of the stored thread', async () => {
    createThreadStore({ apiBaseUrl: baseUrl }).set(domain, {
      threadId: '01STOREDTHREAD',
      threadKey: 'stored-secret',
    })
    const { wrapper, requestsTo } = await createTestSetup({
      client: { baseUrl: 'http://elsewhere.test' },
    })
    const { result } = renderHook(() => useAssistantChat(), { wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    const bodies = requestsTo('/assistant/').map((request) => request.body as AssistantBody)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.threadId ?? null).toBeNull()
    expect(JSON.stringify(bodies[0])).not.toContain('stored-secret')
    // The reader's thread for the API they used is still there.
    expect(createThreadStore({ apiBaseUrl: baseUrl }).get(domain)?.threadId).toBe('01STOREDTHREAD')
  })

  it('429 with retryAfterMs when the rate limit is exhausted', async () => {
    const setup = await createTestSetup({ server: { rateLimits: { perIpPerDay: 1 } } })
    const { result } = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    await act(() => result.current.send('And again?'))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryable: true,
    })
    expect(result.current.error?.retryAfterMs).toBeGreaterThan(0)
  })

  it.each([500, 503])('%i from the server', async (status) => {
    const { result } = await failingChat({ fault: `status=${status}` })
    expect(result.current.error).toMatchObject({ kind: 'server', status, retryable: true })
  })

  it('network failure when fetch rejects', async () => {
    const { result } = await failingChat({
      wrapFetch: () => async () => {
        throw new TypeError('fetch failed')
      },
    })
    expect(result.current.error).toMatchObject({ kind: 'network' })
    expect(result.current.messages).toHaveLength(1)
  })

  it('a stream cut before its finish line is an error, and the partial answer stays', async () => {
    const { result } = await failingChat({ fault: 'cut-after=4' })
    expect(result.current.error).toMatchObject({ kind: 'network', retryable: true })
    expect(result.current.messages).toHaveLength(2)
  })

  // Issue 21: one end-of-stream rule, one error, on every path (core's collect() and transport
  // tests check theirs with the same expectation).
  it('a cut answer fails with the one cut-answer error of every path', async () => {
    const { result } = await failingChat({ fault: 'cut-after=4' })
    expectCutAnswer(result.current.error)
  })

  it.each([
    ['without', ''],
    ['with', '\n'],
  ])(
    'text in the same chunk as a clean close %s a trailing newline reaches the message before the error',
    async (_, end) => {
      const body = `f:{"messageId":"msg-cut"}\n0:"Hello"\n0:" world"${end}`
      const { result } = await failingChat({
        wrapFetch: (next) => async (input, init) => {
          // The real server answers (status, headers, rate limits); only its body is replaced by
          // one network chunk followed at once by a close without the `d:` finish line.
          const response = await next(input, init)
          await response.body?.cancel()
          const stream = new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(body))
              controller.close()
            },
          })
          return new Response(stream, { status: response.status, headers: response.headers })
        },
      })
      expect(result.current.error).toMatchObject({ kind: 'network', retryable: true })
      expect(lastAnswer(result.current)).toBe('Hello world')
    },
  )

  it('an error part in the stream surfaces with its message', async () => {
    const setup = await failingChat({ fault: 'error-part' })
    // What the server put in its `3:` error part, read off the wire of the same request.
    const response = await setup.fetch(setup.client.assistantUrl(domain), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${setup.server.keys.assistant}`,
      },
      // The body the hook sent, as the server recorded it.
      body: JSON.stringify(setup.requestsTo('/assistant/').at(-1)!.body),
    })
    expect(response.status).toBe(200)
    const errorLine = (await response.text()).split('\n').find((line) => line.startsWith('3:'))
    expect(errorLine).toBeDefined()
    const serverMessage = JSON.parse(errorLine!.slice(2)) as string
    expect(serverMessage.length).toBeGreaterThan(0)
    expect(setup.result.current.error?.kind).toBeDefined()
    expect(setup.result.current.error?.message).toBe(serverMessage)
  })

  it('the error clears when the next question starts', async () => {
    let fail = true
    const setup = await createTestSetup({
      wrapFetch: (next) => async (input, init) => {
        if (fail) throw new TypeError('fetch failed')
        return next(input, init)
      },
    })
    const { result } = renderHook(() => useAssistantChat(), { wrapper: setup.wrapper })
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.error?.kind).toBe('network'))
    fail = false
    await act(() => result.current.send('How do I install DocChat?'))
    await waitFor(() => expect(result.current.status).toBe('idle'))
    expect(result.current.error).toBeUndefined()
  })
})
