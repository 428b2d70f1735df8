// The same proxy as a Cloudflare Worker (or a Pages Function's `onRequest`): set
// DOCCHAT_ASSISTANT_KEY as a secret, and DOCCHAT_API_URL for anything but the hosted API.
// #region worker
const allowed =
  /^\/api\/docchat\/(discovery\/v[12]\/(?:assistant\/[\w-]+\/message|search\/[\w-]+|page\/[\w-]+))$/
const forwardedHeaders = [
  'content-type',
  'x-thread-id',
  'x-thread-key',
  'x-docchat-answer-mode',
  'x-vercel-ai-data-stream',
  'x-vercel-ai-ui-message-stream',
  'retry-after',
]

export default {
  async fetch(request, env) {
    const { pathname } = new URL(request.url)
    const path = pathname.length <= 512 ? allowed.exec(pathname)?.[1] : undefined
    if (request.method !== 'POST' || !path) {
      // On Pages, everything else is the static site.
      return env.ASSETS ? env.ASSETS.fetch(request) : new Response('Not found', { status: 404 })
    }
    const upstream = env.DOCCHAT_API_URL ?? 'https://api.mintlify.com'
    const response = await fetch(`${upstream}/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${env.DOCCHAT_ASSISTANT_KEY}`,
      },
      body: request.body,
      duplex: 'half',
      signal: request.signal,
    })
    const headers = new Headers()
    for (const name of forwardedHeaders) {
      const value = response.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(response.body, { status: response.status, headers })
  },
}
// #endregion worker
