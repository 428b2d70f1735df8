import { useChat as useChatV2 } from '@ai-sdk/react-v2'
import { useChat as useChatV3 } from '@ai-sdk/react-v3'
import { createDocsChatTransport, type DocsChatTransport, type DocsClient } from '@docchat/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createTestSetup, domain } from '../../src/test/harness'

// The v2 endpoint (UI message stream over SSE) through `protocol: 'v2'`, with the real `useChat`
// of both v5+ bindings, against the dev server.

interface V2Body {
  threadId?: string
  threadKey?: string
  trigger?: string
  messages: { id: string; role: string; parts: { type: string; text?: string }[] }[]
}

/** What these tests use of `useChat`: the same in both bindings, each checked against it below. */
interface ChatHelpersLike {
  messages: Array<{
    role: string
    metadata?: unknown
    parts: Array<{ type: string; text?: string }>
  }>
  status: string
  error: Error | undefined
  sendMessage(message: { text: string }): Promise<void>
  stop(): Promise<void>
}
type UseChatLike = (options: { transport: DocsChatTransport }) => ChatHelpersLike

const bindings: Array<[string, UseChatLike]> = [
  ['@ai-sdk/react 2.x', (options) => useChatV2(options)],
  ['@ai-sdk/react 3.x', (options) => useChatV3(options)],
]

const textOf = (message: { parts: Array<{ type: string; text?: string }> } | undefined) =>
  message?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? ''

const v2 = (client: DocsClient) =>
  createDocsChatTransport({ client, domain, protocol: 'v2', retry: false })

describe.each(bindings)('%s with protocol v2', (_name, useChat) => {
  it('streams the answer and continues the thread with threadId and threadKey', async () => {
    const { client, requestsTo } = await createTestSetup()
    const transport = v2(client)
    const { result } = renderHook(() => useChat({ transport }))
    await act(() => result.current.sendMessage({ text: 'How do I install DocChat?' }))
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.error).toBeUndefined()
    const answer = result.current.messages.at(-1)
    expect(answer?.role).toBe('assistant')
    expect(textOf(answer).length).toBeGreaterThan(20)
    expect((answer?.metadata as { threadId?: string } | undefined)?.threadId).toBe(
      transport.thread?.threadId,
    )

    await act(() => result.current.sendMessage({ text: 'And the dev server?' }))
    await waitFor(() => expect(result.current.status).toBe('ready'))
    expect(result.current.error).toBeUndefined()
    const [first, second] = requestsTo('/v2/assistant/').map((request) => request.body as V2Body)
    expect(first?.messages[0]).toMatchObject({
      role: 'user',
      parts: [{ type: 'text', text: 'How do I install DocChat?' }],
    })
    expect(first?.threadId).toBeUndefined()
    expect(second).toMatchObject({
      threadId: transport.thread?.threadId,
      threadKey: transport.thread?.threadKey,
      trigger: 'submit-message',
    })
    expect(second?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })

  it('shows a cut stream as an error and a stop as a stop', async () => {
    const setup = await createTestSetup({ fault: 'cut-after=5' })
    const { result } = renderHook(() => useChat({ transport: v2(setup.client) }))
    await act(() => result.current.sendMessage({ text: 'How do I install DocChat?' }))
    await waitFor(() => expect(result.current.status).toBe('error'))
    expect(result.current.error?.message).toBe('The answer stream ended before it finished.')

    setup.setFault('token-rate=20')
    const slow = renderHook(() => useChat({ transport: v2(setup.client) }))
    let sending: Promise<void> | undefined
    act(() => {
      sending = slow.result.current.sendMessage({ text: 'How do I install DocChat?' })
    })
    await waitFor(() => expect(textOf(slow.result.current.messages[1]).length).toBeGreaterThan(0), {
      timeout: 10_000,
    })
    await act(() => slow.result.current.stop())
    await act(async () => {
      await sending
    })
    await waitFor(() => expect(slow.result.current.status).toBe('ready'))
    expect(slow.result.current.error).toBeUndefined()
  })
})
