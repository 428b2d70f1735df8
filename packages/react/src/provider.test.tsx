import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query'
import { act, render, renderHook, waitFor } from '@testing-library/react'
import { DocChatProvider, useDocChat } from './provider'
import { docChatQueryKeys } from './query-keys'
import { baseUrl, createTestSetup, docsCorpus, projectId } from './test/harness'
import { useAgentJob } from './use-agent-job'
import { type AssistantChat, useAssistantChat } from './use-assistant-chat'
import { type DocsSearch, useDocsSearch } from './use-docs-search'

type PanelState = Record<string, { chat: AssistantChat; search: DocsSearch }>

function Panel({ name, state }: { name: string; state: PanelState }) {
  state[name] = { chat: useAssistantChat(), search: useDocsSearch('install', { debounceMs: 0 }) }
  return null
}

describe('DocChatProvider', () => {
  it('throws a helpful error outside a provider', () => {
    expect(() => renderHook(() => useDocChat())).toThrow(/DocChatProvider/)
  })

  it('creates its own QueryClient when the app has none', async () => {
    const { client } = await createTestSetup()
    const { result } = renderHook(() => useDocChat(), {
      wrapper: ({ children }) => (
        <DocChatProvider client={client} domain="docchat">
          {children}
        </DocChatProvider>
      ),
    })
    expect(result.current.queryClient).toBeInstanceOf(QueryClient)
    const first = result.current.queryClient
    act(() => undefined)
    expect(result.current.queryClient).toBe(first)
  })

  it("uses the app's QueryClient from QueryClientProvider, or the explicit prop", async () => {
    const { client } = await createTestSetup()
    const fromContext = new QueryClient()
    const explicit = new QueryClient()
    const inContext = renderHook(() => useDocsSearch('install', { debounceMs: 0 }), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={fromContext}>
          <DocChatProvider client={client} domain="docchat">
            {children}
          </DocChatProvider>
        </QueryClientProvider>
      ),
    })
    await waitFor(() => expect(inContext.result.current.isSuccess).toBe(true))
    expect(
      fromContext
        .getQueryCache()
        .findAll({ queryKey: docChatQueryKeys.search(baseUrl, 'docchat') }),
    ).toHaveLength(1)

    const withProp = renderHook(() => useDocChat().queryClient, {
      wrapper: ({ children }) => (
        <QueryClientProvider client={fromContext}>
          <DocChatProvider client={client} domain="docchat" queryClient={explicit}>
            {children}
          </DocChatProvider>
        </QueryClientProvider>
      ),
    })
    expect(withProp.result.current).toBe(explicit)
  })

  it('two providers for two domains on one page do not interfere', async () => {
    const { client, requestsTo } = await createTestSetup({
      server: { docs: { alpha: await docsCorpus(), beta: await docsCorpus() } },
    })
    const shared = new QueryClient()
    const state: PanelState = {}
    render(
      <QueryClientProvider client={shared}>
        <DocChatProvider client={client} domain="alpha">
          <Panel name="alpha" state={state} />
        </DocChatProvider>
        <DocChatProvider client={client} domain="beta">
          <Panel name="beta" state={state} />
        </DocChatProvider>
      </QueryClientProvider>,
    )
    await waitFor(() => {
      expect(state.alpha?.search.isSuccess).toBe(true)
      expect(state.beta?.search.isSuccess).toBe(true)
    })
    expect(requestsTo('/search/alpha')).toHaveLength(1)
    expect(requestsTo('/search/beta')).toHaveLength(1)

    await act(() => state.alpha!.chat.send('How do I install DocChat?'))
    await waitFor(() => expect(state.alpha?.chat.thread).toBeDefined())
    expect(state.alpha?.chat.messages).toHaveLength(2)
    expect(state.beta?.chat.messages).toHaveLength(0)
    expect(state.beta?.chat.thread).toBeUndefined()
    expect(requestsTo('/assistant/alpha/')).toHaveLength(1)
    expect(requestsTo('/assistant/beta/')).toHaveLength(0)
  })
})

describe('polling while the tab is hidden', () => {
  afterEach(() => focusManager.setFocused(undefined))

  it('does not poll in the background', async () => {
    const setup = await createTestSetup({
      server: { agentJobTiming: { planningMs: 5_000, todoMs: 5_000 } },
    })
    const created = await setup.client.createAgentJob(projectId, {
      messages: [{ role: 'user', content: 'Slow job' }],
    })
    await created.response.body?.cancel()
    const id = created.sessionId!
    const { result } = renderHook(() => useAgentJob(id, { intervalMs: 20, maxIntervalMs: 20 }), {
      wrapper: setup.wrapper,
    })
    await waitFor(() => expect(setup.requestsTo(`/job/${id}`).length).toBeGreaterThan(2))
    expect(result.current.isTerminal).toBe(false)
    act(() => focusManager.setFocused(false))
    const polls = setup.requestsTo(`/job/${id}`).length
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(setup.requestsTo(`/job/${id}`).length).toBeLessThanOrEqual(polls + 1)
    act(() => focusManager.setFocused(true))
    await waitFor(() => expect(setup.requestsTo(`/job/${id}`).length).toBeGreaterThan(polls + 1))
  })
})
