import { useChat as useChatV3 } from '@ai-sdk/react-v3'
import { createDocsChatTransport } from '@docchat/core'
import { act, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { createTestSetup, domain } from '../../src/test/harness'
import { DocsChat } from './docs-chat'

interface AssistantBody {
  threadId?: string
  threadKey?: string
  messages: { id: string; role: string; content: string; parts: unknown[] }[]
}

describe('AI SDK v5+ with createDocsChatTransport', () => {
  it('@ai-sdk/react 2.x: the example component asks, streams and continues the thread', async () => {
    const { client, requestsTo } = await createTestSetup()
    render(<DocsChat client={client} domain={domain} />)
    const ask = async (question: string) => {
      fireEvent.change(screen.getByLabelText('Question'), { target: { value: question } })
      fireEvent.click(screen.getByRole('button', { name: 'Ask' }))
      await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy())
    }
    await ask('How do I install DocChat?')
    await waitFor(() =>
      expect(
        document.querySelector('[data-role="assistant"]')?.textContent?.length,
      ).toBeGreaterThan(20),
    )
    await ask('And the dev server?')
    await waitFor(() =>
      expect(document.querySelectorAll('[data-role="assistant"]')).toHaveLength(2),
    )
    expect(screen.queryByRole('alert')).toBeNull()

    const [first, second] = requestsTo('/assistant/').map(
      (request) => request.body as AssistantBody,
    )
    expect(first?.messages[0]).toMatchObject({ role: 'user', content: 'How do I install DocChat?' })
    expect(first?.threadId).toBeUndefined()
    expect(second?.threadId).toEqual(expect.any(String))
    expect(second?.threadKey).toEqual(expect.any(String))
    expect(second?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
  })

  it('@ai-sdk/react 3.x: useChat with the transport streams text parts', async () => {
    const { client, requestsTo } = await createTestSetup()
    const transport = createDocsChatTransport({ client, domain })
    const { result } = renderHook(() => useChatV3({ transport }))
    await act(() => result.current.sendMessage({ text: 'How do I install DocChat?' }))
    await waitFor(() => expect(result.current.status).toBe('ready'))
    const answer = result.current.messages.at(-1)
    expect(answer?.role).toBe('assistant')
    const text = answer?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
    expect(text?.length).toBeGreaterThan(20)
    expect(result.current.error).toBeUndefined()
    expect(requestsTo('/assistant/')).toHaveLength(1)
  })
})
