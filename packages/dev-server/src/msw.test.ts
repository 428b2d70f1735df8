import { createDocsClient } from '@docchat/core'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDevServerHandlers } from './msw'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { stockTurn } from './test/stock-client'

let server: DevServer
const mock = setupServer()

beforeAll(async () => {
  server = await createDevServer({ docs: { acme: fixtureCorpus() } })
  mock.use(
    ...createDevServerHandlers(server, { baseUrl: 'https://api.mintlify.com' }),
    ...createDevServerHandlers(server, { baseUrl: 'https://docs.example/api/docchat' }),
  )
  mock.listen({ onUnhandledRequest: 'error' })
})

afterAll(() => {
  mock.close()
})

describe('createDevServerHandlers (msw 2, setupServer)', () => {
  it('answers the real global fetch at the API base URL', async () => {
    const response = await fetch('https://api.mintlify.com/discovery/v1/search/acme', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.keys.assistant}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ query: 'rate limit' }),
    })
    expect(response.status).toBe(200)
    expect((await response.json())[0].path).toBe('/guides/rate-limits')
    expect(server.requests.at(-1)).toMatchObject({
      path: '/discovery/v1/search/acme',
      body: { query: 'rate limit' },
    })
  })

  it('serves a proxy mount path too, and streams the assistant through the stock ai@4 client', async () => {
    const { response, last } = await stockTurn(
      server,
      'https://docs.example/api/docchat/discovery/v1/assistant/acme/message',
      {
        fp: 'anonymous',
        messages: [
          {
            id: 'm1',
            role: 'user',
            content: 'Which fonts are supported?',
            parts: [{ type: 'text', text: 'Which fonts are supported?' }],
          },
        ],
      },
      { generateId: () => 'id', overNetwork: true },
    )
    const threadId = response?.headers.get('x-thread-id')
    const content = last?.content ?? ''
    expect(threadId).toBeTruthy()
    expect(content).toContain('WOFF2')
  })

  it("works with core's client", async () => {
    const client = createDocsClient({
      adminKey: server.keys.admin,
      assistantKey: server.keys.assistant,
    })
    const jobs = await client.listAgentJobs('docchat-project', { skip: 0, take: 2 })
    expect(jobs.allSessions).toHaveLength(2)
    const page = await client.getPage('acme', { path: '/quickstart' })
    expect(page.content).toContain('acme login')
  })

  it("keeps a two-turn thread with core's streamAssistantMessage", async () => {
    const client = createDocsClient({ assistantKey: server.keys.assistant })
    const message = (id: string, text: string) => ({
      id,
      role: 'user' as const,
      content: text,
      parts: [{ type: 'text' as const, text }],
    })
    const first = await client
      .streamAssistantMessage('acme', {
        fp: 'anonymous',
        messages: [message('1', 'How are webhooks signed?')],
      })
      .then((stream) => stream.collect())
    expect(first.finished).toBe(true)
    expect(first.threadId).toBeTruthy()
    expect(first.threadKey).toBeTruthy()
    expect(first.toolInvocations[0]).toMatchObject({ toolName: 'search' })
    const second = await client
      .streamAssistantMessage('acme', {
        fp: 'anonymous',
        threadId: first.threadId,
        threadKey: first.threadKey,
        messages: [message('2', 'How often is it retried?')],
      })
      .then((stream) => stream.collect())
    expect(second.threadId).toBe(first.threadId)
    expect(second.text).toContain('eight times')
  })
})
