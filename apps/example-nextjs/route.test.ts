// The route handler app/api/docchat/[...path]/route.ts held to the proxy contract against the
// real dev server: called as Next.js calls it, with the catch-all segments as `params`.
import { describeDocChatProxy } from '@docchat/test-utils/proxy-contract'
import { POST } from './app/api/docchat/[...path]/route'

describeDocChatProxy('Next.js route handler', async ({ apiUrl, assistantKey }) => {
  process.env.DOCCHAT_API_URL = apiUrl
  process.env.DOCCHAT_ASSISTANT_KEY = assistantKey
  return {
    request: (path, init) => {
      const request = new Request(`http://localhost:3000/api/docchat/${path}`, init)
      // Next.js matches the normalised pathname and decodes each segment.
      const segments = new URL(request.url).pathname
        .slice('/api/docchat/'.length)
        .split('/')
        .map((segment) => decodeURIComponent(segment))
      return POST(request, { params: Promise.resolve({ path: segments }) })
    },
    close: async () => {},
  }
})
