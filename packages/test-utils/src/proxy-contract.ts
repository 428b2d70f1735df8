/**
 * What every proxy recipe in the docs must do (apps/docs/guides/proxying-keys.mdx), checked
 * against the real dev server over HTTP: add the assistant key on the server; forward only the
 * reader-facing discovery routes; stream the answer through as it arrives; pass back the status
 * and the headers DocChat reads (`X-Thread-Id`, `X-Thread-Key`, `X-DocChat-Answer-Mode`, the
 * stream format, `Retry-After`), so follow-ups continue the thread and the disclaimer fits.
 *
 *   describeDocChatProxy('Next.js route handler', async ({ apiUrl, assistantKey }) => ({
 *     request: (path, init) => …the proxy's answer to `/api/docchat/${path}`…,
 *     close: async () => {},
 *   }))
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestBackend, domain, type TestBackend } from './backend'

export interface ProxyUnderTest {
  /** The proxy's response to `init` sent to `/api/docchat/<path>` on its origin. */
  request(path: string, init: RequestInit): Promise<Response>
  close(): Promise<void>
}

export interface ProxySettings {
  /** Where the proxy forwards to (its DOCCHAT_API_URL). */
  apiUrl: string
  /** The key it adds (its DOCCHAT_ASSISTANT_KEY). */
  assistantKey: string
}

const question = (text: string, thread: Record<string, string> = {}) => ({
  fp: 'anonymous',
  ...thread,
  messages: [{ id: 'q1', role: 'user', content: text, parts: [{ type: 'text', text }] }],
})

const post = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

const assistantPath = `discovery/v1/assistant/${domain}/message`

export function describeDocChatProxy(
  name: string,
  start: (settings: ProxySettings) => Promise<ProxyUnderTest>,
) {
  describe(`${name} (the proxy contract)`, () => {
    let backend: TestBackend
    let proxy: ProxyUnderTest

    beforeAll(async () => {
      // 150 tokens a second: an answer takes a second or so, so buffering shows.
      backend = await createTestBackend({ http: true, answerPace: 150 })
      proxy = await start({ apiUrl: backend.baseUrl, assistantKey: backend.server.keys.assistant })
    })
    afterAll(async () => {
      await proxy?.close()
      await backend?.close()
    })

    it('adds the key, streams the answer as it arrives, and passes back the thread and answer mode', async () => {
      // The browser sends no key, or a wrong one: the proxy's own key is the one used.
      const response = await proxy.request(
        assistantPath,
        post(question('How do I install DocChat?'), { authorization: 'Bearer not-the-key' }),
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('x-thread-id')).toEqual(expect.any(String))
      expect(response.headers.get('x-thread-key')).toEqual(expect.any(String))
      expect(response.headers.get('x-docchat-answer-mode')).toBe('extractive')
      expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1')
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)

      const reader = response.body!.getReader()
      const decoder = new TextDecoder()
      let text = ''
      let firstChunkAt: number | undefined
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        firstChunkAt ??= performance.now()
        text += decoder.decode(value, { stream: true })
      }
      const endedAt = performance.now()
      expect(text).toMatch(/^0:"/m)
      expect(text).toMatch(/^d:/m)
      // Streamed, not buffered: the first words came long before the end.
      expect(endedAt - firstChunkAt!).toBeGreaterThan(250)

      const recorded = backend.requestsTo('/assistant/').at(-1)
      expect(recorded?.headers.authorization).toBe(`Bearer ${backend.server.keys.assistant}`)
    })

    it('a follow-up with the returned thread continues it', async () => {
      const first = await proxy.request(assistantPath, post(question('How do I install DocChat?')))
      await first.text()
      const threadId = first.headers.get('x-thread-id')!
      const threadKey = first.headers.get('x-thread-key')!
      const second = await proxy.request(
        assistantPath,
        post(question('And how do I change its colors?', { threadId, threadKey })),
      )
      await second.text()
      expect(second.status).toBe(200)
      expect(second.headers.get('x-thread-id')).toBe(threadId)
    })

    it('forwards search and page content', async () => {
      const search = await proxy.request(
        `discovery/v1/search/${domain}`,
        post({ query: 'install', pageSize: 3 }),
      )
      expect(search.status).toBe(200)
      const results = (await search.json()) as unknown[]
      expect(results.length).toBeGreaterThan(0)
    })

    it('refuses every other route: admin, unknown, traversal, over-long paths', async () => {
      const refused = [
        'v1/agent/docchat-project/job',
        'v1/project/update/docchat-project',
        'discovery/v1/assistant/docchat/message/../../../../v1/agent/docchat-project/job',
        'discovery/v1/assistant/%2e%2e/message',
        `discovery/v1/search/${'a'.repeat(5_000)}`,
        'discovery/v3/assistant/docchat/message',
      ]
      for (const path of refused) {
        const response = await proxy.request(path, post({ query: 'x' }))
        expect(response.status, path.slice(0, 80)).toBe(404)
        await response.body?.cancel()
      }
      expect(refused).toHaveLength(6)
      expect(backend.requestsTo('/agent/')).toHaveLength(0)
      expect(backend.requestsTo('/project/')).toHaveLength(0)
    })

    it("passes the API's errors back with their status", async () => {
      const response = await proxy.request(`discovery/v1/search/${domain}`, post({ query: 42 }))
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toMatch(/json/)
      await response.text()
    })
  })
}
