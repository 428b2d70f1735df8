// The example component with the real `useChat` of @ai-sdk/react 2.x (AI SDK 5) over core's
// transport, against the real dev server: it asks, streams, shows the sources and the suggested
// pages without the raw ```suggestions block, and continues the thread. The 3.x and 4.x bindings
// (AI SDK 6 and 7) run the same transport below, on both endpoints.
import { useChat as useChatV3 } from '@ai-sdk/react-v3'
import { createDocsChatTransport, type DocsClient } from '@docchat/core'
import { createTestBackend, domain } from '@docchat/test-utils/backend'
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react'
import { DocsChat } from './docs-chat'

interface AssistantBody {
  threadId?: string
  threadKey?: string
  trigger?: string
  messages: { id: string; role: string; content?: string; parts: unknown[] }[]
}

const docsBaseUrl = 'https://docs.example.com'

async function ask(question: string) {
  fireEvent.change(screen.getByLabelText('Question'), { target: { value: question } })
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }))
  await waitFor(() => expect(screen.getByRole('button', { name: 'Ask' })).toBeTruthy())
}

const answers = () => document.querySelectorAll<HTMLElement>('[data-role="assistant"]')

describe('the AI SDK v5 example (DocsChat)', () => {
  for (const protocol of ['v1', 'v2'] as const) {
    it(`protocol ${protocol}: answer with sources and suggested pages, then a follow-up in the same thread`, async () => {
      const { client, requestsTo } = await createTestBackend()
      render(
        <DocsChat client={client} domain={domain} docsBaseUrl={docsBaseUrl} protocol={protocol} />,
      )
      await ask('How do I install DocChat?')
      await waitFor(() => expect(answers()[0]?.textContent?.length).toBeGreaterThan(20))
      const answer = answers()[0]!

      const sources = within(answer).getByRole('list', { name: 'Sources' })
      const sourceLinks = within(sources).getAllByRole('link')
      expect(sourceLinks.length).toBeGreaterThan(0)
      for (const link of sourceLinks)
        expect(link.getAttribute('href')).toMatch(/^https:\/\/docs\.example\.com\//)
      // The suggestions block becomes links, never raw text.
      expect(answer.textContent).not.toMatch(/(`{3}|~{3})\s*suggestions/)
      expect(answer.textContent).not.toMatch(/\)\[\//)
      const next = within(answer).getByRole('list', { name: 'Read next' })
      expect(within(next).getAllByRole('link').length).toBeGreaterThan(0)

      await ask('And the dev server?')
      await waitFor(() => expect(answers()).toHaveLength(2))
      expect(screen.queryByRole('alert')).toBeNull()

      const [first, second] = requestsTo(`/${protocol}/assistant/`).map(
        (request) => request.body as AssistantBody,
      )
      expect(first?.threadId).toBeUndefined()
      expect(second?.threadId).toEqual(expect.any(String))
      expect(second?.threadKey).toEqual(expect.any(String))
      expect(second?.messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user'])
    })
  }

  it('shows an error in plain words when the stream fails', async () => {
    const { client } = await createTestBackend({ fault: 'status=503' })
    render(<DocsChat client={client} domain={domain} />)
    await ask('How do I install DocChat?')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/could not answer/))
  })
})

/** What these tests use of `useChat`, the same in each binding. */
interface ChatHelpersLike {
  messages: Array<{ role: string; parts: Array<{ type: string; text?: string }> }>
  status: string
  error: Error | undefined
  sendMessage(message: { text: string }): Promise<void>
}

describe('@ai-sdk/react 3.x (AI SDK 6) with the transport', () => {
  for (const protocol of ['v1', 'v2'] as const) {
    it(`protocol ${protocol}: useChat streams text parts`, async () => {
      const { client, requestsTo } = await createTestBackend()
      const transport = createDocsChatTransport({ client: client as DocsClient, domain, protocol })
      const { result } = renderHook((): ChatHelpersLike => useChatV3({ transport }))
      await act(() => result.current.sendMessage({ text: 'How do I install DocChat?' }))
      await waitFor(() => expect(result.current.status).toBe('ready'))
      const answer = result.current.messages.at(-1)
      expect(answer?.role).toBe('assistant')
      const text = answer?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
      expect(text?.length).toBeGreaterThan(20)
      expect(result.current.error).toBeUndefined()
      expect(requestsTo(`/${protocol}/assistant/`)).toHaveLength(1)
    })
  }
})
