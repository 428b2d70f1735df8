#!/usr/bin/env node
// This page's server: index.html, and `/api/docchat/…` forwarded to the documentation API with
// the assistant key added here, so the page holds no key. Node 20+, no dependencies.
//
//   DOCCHAT_API_URL=http://127.0.0.1:8787 DOCCHAT_ASSISTANT_KEY=mint_dsc_dev_local node server.mjs
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

// #region proxy
// Only what readers use: the assistant, search and page content.
const allowed =
  /^\/api\/docchat\/(discovery\/v[12]\/(?:assistant\/[\w-]+\/message|search\/[\w-]+|page\/[\w-]+))$/
// What DocChat reads from a response: the stream's format, the thread (follow-up questions
// continue it), the answer mode (the disclaimer's wording) and, on 429, when to retry.
const forwardedHeaders = [
  'content-type',
  'x-thread-id',
  'x-thread-key',
  'x-docchat-answer-mode',
  'x-vercel-ai-data-stream',
  'x-vercel-ai-ui-message-stream',
  'retry-after',
]

/**
 * A request handler for Node's http server, or Express middleware mounted before any body parser:
 * `app.use('/api/docchat', docchatProxy)` (it reads `req.originalUrl` there).
 */
export async function docchatProxy(req, res) {
  const url = req.originalUrl ?? req.url ?? ''
  const path = url.length <= 512 ? allowed.exec(url.split('?')[0])?.[1] : undefined
  if (req.method !== 'POST' || !path) {
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Not found"}')
    return
  }
  // The reader pressed Stop (or left): stop the upstream answer too.
  const abort = new AbortController()
  res.on('close', () => abort.abort())
  const upstream = process.env.DOCCHAT_API_URL ?? 'https://api.mintlify.com'
  let response
  try {
    response = await fetch(`${upstream}/${path}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${process.env.DOCCHAT_ASSISTANT_KEY}`,
      },
      // Streamed through, never buffered here; the API enforces its own size limits.
      body: Readable.toWeb(req),
      duplex: 'half',
      signal: abort.signal,
    })
  } catch {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' })
    res.end('{"message":"The documentation API is unreachable"}')
    return
  }
  const headers = {}
  for (const name of forwardedHeaders) {
    const value = response.headers.get(name)
    if (value) headers[name] = value
  }
  res.writeHead(response.status, headers)
  // The answer streams through as it arrives.
  if (response.body)
    Readable.fromWeb(response.body)
      .on('error', () => res.destroy())
      .pipe(res)
  else res.end()
}
// #endregion proxy

const page = () => readFileSync(new URL('./index.html', import.meta.url))

/** The page at `/`, the proxy under `/api/docchat/`, nothing else. */
export function createExampleServer() {
  return createServer((req, res) => {
    const url = req.url ?? ''
    if (url.startsWith('/api/docchat/')) {
      void docchatProxy(req, res)
    } else if (req.method === 'GET' && (url === '/' || url.startsWith('/?'))) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page())
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found')
    }
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '127.0.0.1'
  createExampleServer().listen(port, host, () => {
    console.log(`Acme Docs on http://${host}:${port}`)
  })
}
