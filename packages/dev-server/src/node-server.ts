/** Node adapter: serves a dev server's fetch handler over real HTTP (`node:http`). */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { createDevServer, type DevServer } from './server'
import type { DevServerOptions } from './dev-server-options'

export interface ListenOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export interface RunningDevServer extends DevServer {
  url: string
  httpServer: Server
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  res.writeHead(response.status, response.statusText, headers)
  // Headers go out now, so a delayed first byte (fault injection) is observable as such.
  res.flushHeaders()
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (!res.write(value)) await new Promise((resolve) => res.once('drain', resolve))
    }
  } finally {
    res.end()
  }
}

/** Serves an existing dev server over HTTP. */
export async function listen(
  server: DevServer,
  options: ListenOptions = {},
): Promise<RunningDevServer> {
  const host = options.host ?? '127.0.0.1'
  const httpServer = createServer((req, res) => {
    const controller = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    const origin = `http://${req.headers.host ?? host}`
    server
      .fetch(toRequest(req, origin, controller.signal), { clientAddress: req.socket.remoteAddress })
      .then((response) => send(res, response))
      .catch((error: unknown) => {
        if (!res.headersSent) {
          res.writeHead(500, { 'content-type': 'application/json' })
          res.end(
            JSON.stringify({ message: error instanceof Error ? error.message : String(error) }),
          )
        } else {
          res.destroy()
        }
      })
  })
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject)
    httpServer.listen(options.port ?? 8787, host, () => {
      httpServer.off('error', reject)
      resolve()
    })
  })
  const { port } = httpServer.address() as AddressInfo
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  server.url = url
  const close = server.close.bind(server)
  return Object.assign(server, {
    url,
    httpServer,
    async close() {
      await new Promise<void>((resolve) => {
        httpServer.close(() => resolve())
        httpServer.closeAllConnections()
      })
      await close()
    },
  })
}

/** `createDevServer` + `listen`: the whole API on a local port. */
export async function startDevServer(
  options: DevServerOptions & ListenOptions = {},
): Promise<RunningDevServer> {
  const { port, host, ...rest } = options
  return listen(await createDevServer(rest), { port, host })
}
