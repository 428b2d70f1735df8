import { createConversationStore, createThreadStore } from '@docchat/core'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createTestSetup, domain, useAssistantChat, useDocChat } from './test/harness'
import { useConversations } from './use-conversations'

interface AssistantBody {
  threadId?: string
  threadKey?: string
  messages: { role: string; content: string }[]
}

/** The chat and its recent conversations, as an app wires them. */
function useChatWithHistory(store: ReturnType<typeof createConversationStore>) {
  const chat = useAssistantChat()
  const { getThreadStore } = useDocChat()
  const conversations = useConversations(chat, { domain, getThreadStore, store })
  return { chat, conversations }
}

async function ask(result: { current: ReturnType<typeof useChatWithHistory> }, question: string) {
  act(() => {
    void result.current.chat.send(question)
  })
  await waitFor(() => expect(result.current.chat.messages.at(-1)?.role).toBe('assistant'))
  await waitFor(() => expect(result.current.chat.status).toBe('idle'), { timeout: 10_000 })
}

describe('useConversations with the real useChat against the dev server', () => {
  it('keeps each conversation, switches with its thread, deletes, restores and exports', async () => {
    const threadStore = createThreadStore({ storage: 'memory' })
    const store = createConversationStore({ storage: 'memory' })
    const { wrapper, requestsTo } = await createTestSetup({ provider: { threadStore } })
    const { result } = renderHook(() => useChatWithHistory(store), { wrapper })

    await ask(result, 'How do I install DocChat?')
    await waitFor(() => expect(result.current.conversations.list).toHaveLength(1))
    const first = result.current.conversations.list[0]!
    expect(first.title).toBe('How do I install DocChat?')
    expect(first.thread?.threadKey).toBeTruthy()
    expect(first.thread).toEqual(threadStore.get(domain))
    expect(result.current.conversations.currentId).toBe(first.id)

    act(() => result.current.conversations.startNew())
    expect(result.current.chat.messages).toEqual([])
    await ask(result, 'How do I run the dev server?')
    await waitFor(() => expect(result.current.conversations.list).toHaveLength(2))
    const second = result.current.conversations.list[0]!
    expect(second.title).toBe('How do I run the dev server?')
    expect(second.thread?.threadId).not.toBe(first.thread?.threadId)

    // Switch back: the first conversation's messages, and its thread for the follow-up.
    act(() => result.current.conversations.switchTo(first.id))
    expect(result.current.conversations.currentId).toBe(first.id)
    expect(result.current.chat.messages.map((m) => m.content)).toEqual(
      first.messages.map((m) => (m as { content: string }).content),
    )
    expect(threadStore.get(domain)).toEqual(first.thread)
    await ask(result, 'And how do I configure it?')
    const followUp = requestsTo('/assistant/').at(-1)?.body as AssistantBody
    expect(followUp).toMatchObject({
      threadId: first.thread?.threadId,
      threadKey: first.thread?.threadKey,
    })
    expect(followUp.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user'])
    // The follow-up made the first conversation the newest again, with its thread kept.
    await waitFor(() => expect(result.current.conversations.list[0]?.messages).toHaveLength(4))
    expect(result.current.conversations.list.map((c) => c.id)).toEqual([first.id, second.id])
    expect(result.current.conversations.list[0]?.thread).toEqual(first.thread)

    // The export: question, the answer's Markdown and its sources as links.
    const markdown = result.current.conversations.toMarkdown()
    expect(markdown.startsWith('# How do I install DocChat?\n')).toBe(true)
    expect(markdown).toContain('> And how do I configure it?')
    expect(markdown).toContain(
      result.current.chat.displayText(result.current.chat.messages[1]!).slice(0, 40),
    )
    expect(markdown).toMatch(/\n1\. \[[^\]]+\]\([^)]+\)/)
    expect(result.current.conversations.toMarkdown(second.id)).toContain(
      '> How do I run the dev server?',
    )

    // Deleting the current one starts afresh; the undo puts it back in the list.
    let removed: ReturnType<typeof result.current.conversations.remove>
    act(() => {
      removed = result.current.conversations.remove(first.id)
    })
    expect(result.current.chat.messages).toEqual([])
    expect(result.current.conversations.list.map((c) => c.id)).toEqual([second.id])
    act(() => result.current.conversations.restore(removed!))
    expect(result.current.conversations.list.map((c) => c.id)).toEqual([first.id, second.id])
  })

  it('lists conversations another store (another tab) wrote, and nothing when disabled', async () => {
    const store = createConversationStore({ storage: 'memory' })
    const { wrapper } = await createTestSetup()
    const { result } = renderHook(
      () => {
        const chat = useAssistantChat({ persist: false })
        return {
          on: useConversations(chat, { domain, store }),
          off: useConversations(chat, { domain, store, enabled: false }),
        }
      },
      { wrapper },
    )
    expect(result.current.on.list).toEqual([])
    act(() => {
      store.save(domain, {
        messages: [
          {
            id: 'u1',
            role: 'user',
            content: 'Saved elsewhere',
            parts: [{ type: 'text', text: 'Saved elsewhere' }],
          },
        ],
      })
    })
    expect(result.current.on.list.map((c) => c.title)).toEqual(['Saved elsewhere'])
    expect(result.current.off.list).toEqual([])
    // Switching without a thread store: the messages come back, the next question starts a thread.
    act(() => result.current.on.switchTo('u1'))
    expect(result.current.on.currentId).toBe('u1')
  })
})
