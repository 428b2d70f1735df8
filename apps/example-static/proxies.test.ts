// The page's two proxies (server.mjs for Node, worker.js for Cloudflare), each held to the proxy
// contract against the real dev server. Both are the docs' recipes (guides/proxying-keys.mdx).
import type { AddressInfo } from 'node:net'
import { describeDocChatProxy } from '@docchat/test-utils/proxy-contract'
// @ts-expect-error plain JavaScript, no declarations: this example has no build step
import { createExampleServer } from './server.mjs'
// @ts-expect-error plain JavaScript, no declarations
import worker from './worker.js'

describeDocChatProxy('server.mjs (Node, no dependencies)', async ({ apiUrl, assistantKey }) => {
  process.env.DOCCHAT_API_URL = apiUrl
  process.env.DOCCHAT_ASSISTANT_KEY = assistantKey
  const server = createExampleServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    request: (path, init) => fetch(`${origin}/api/docchat/${path}`, init),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
})

describeDocChatProxy('worker.js (Cloudflare Worker)', async ({ apiUrl, assistantKey }) => {
  const env = { DOCCHAT_API_URL: apiUrl, DOCCHAT_ASSISTANT_KEY: assistantKey }
  return {
    request: (path, init) =>
      worker.fetch(new Request(`https://docs.example.com/api/docchat/${path}`, init), env),
    close: async () => {},
  }
})

describe('server.mjs serves the page', () => {
  it('serves index.html at / and nothing else outside the proxy', async () => {
    const server = createExampleServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const page = await fetch(`${origin}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).toContain('<docchat-widget')
      for (const path of ['/server.mjs', '/../package.json', '/%2e%2e/LICENSE']) {
        const response = await fetch(`${origin}${path}`)
        expect(response.status, path).toBe(404)
        await response.body?.cancel()
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
