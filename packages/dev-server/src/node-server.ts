/** Node adapter: serves a dev server's fetch handler over real HTTP (`node:http`). */
import {
  createServer,
  type IncomingMessage,
  STATUS_CODES,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo } from 'node:net'
import { Readable } from 'node:stream'
import { createDevServer, type DevServer } from './server'
import type { DevServerOptions } from './dev-server-options'

export interface ListenOptions {
  /** Default 8787; 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /**
   * Host names a request's `Host` header may carry besides the loopback ones (`localhost`,
   * `*.localhost`, `127.0.0.0/8`, `[::1]`), the bound host and the address the client connected
   * to. A leading dot (`.example.test`) also admits subdomains; `true` admits any host. Anything
   * else gets a 403, so a web page can't reach the server through DNS rebinding.
   */
  allowedHosts?: string[] | true
}

export interface RunningDevServer extends DevServer {
  url: string
  httpServer: Server
}

/** A `Host` header as a URL origin, or undefined when it is not a valid `host[:port]`. */
function parseHost(value: string): URL | undefined {
  if (!/^[\w.~\-[\]:]+$/.test(value)) return undefined
  try {
    const url = new URL(`http://${value}`)
    return url.pathname === '/' && !url.username ? url : undefined
  } catch {
    return undefined
  }
}

/** A socket or bind address as it appears in `URL.hostname` (`::ffff:` mapping dropped). */
function addressHostname(address: string | undefined): string | undefined {
  if (!address) return undefined
  const plain = address.replace(/^::ffff:(?=\d+\.)/i, '')
  return parseHost(plain.includes(':') ? `[${plain}]` : plain)?.hostname
}

function isLoopbackHostname(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname) ||
    hostname === '[::1]'
  )
}

function hostAllowed(
  hostname: string,
  req: IncomingMessage,
  boundHost: string,
  allowed: string[] | true | undefined,
): boolean {
  if (allowed === true || isLoopbackHostname(hostname)) return true
  if (hostname === addressHostname(boundHost)) return true
  // Reaching the server by the IP it answers on (`--host 0.0.0.0`, then a LAN address) is no
  // rebinding: a rebinding page always names its own domain.
  if (hostname === addressHostname(req.socket.localAddress)) return true
  return (allowed ?? []).some((entry) => {
    const name = entry.toLowerCase()
    return name.startsWith('.')
      ? hostname === name.slice(1) || hostname.endsWith(name)
      : hostname === (addressHostname(name) ?? name)
  })
}

/** A refusal written straight to the socket: the request never reaches the fetch handler. */
function refuse(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, STATUS_CODES[status] ?? '', { 'content-type': 'application/json' })
  res.end(JSON.stringify({ message }))
}

function toRequest(req: IncomingMessage, origin: string, signal: AbortSignal): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, value)
  }
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  const target = req.url ?? '/'
  // Origin-form (`/path`) is appended as is, so `//x` stays a path; absolute-form keeps its path.
  const url = target.startsWith('/') ? new URL(origin + target) : new URL(target)
  const path = target.startsWith('/') ? url : new URL(url.pathname + url.search, origin)
  return new Request(path, {
    method: req.method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
  } as RequestInit)
}

async function send(res: ServerResponse, response: Response, req: IncomingMessage): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, key) => {
    headers[key] = value
  })
  // Refused before its body was read to the end (over a limit, a body that shows itself hostile
  // early): the rest is not read, and the connection cannot carry another request.
  if (!req.complete) res.shouldKeepAlive = false
  res.writeHead(
    response.status,
    response.statusText || STATUS_CODES[response.status] || '',
    headers,
  )
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
    const hostHeader = req.headers.host ?? (host.includes(':') ? `[${host}]` : host)
    const parsed = parseHost(hostHeader)
    if (!parsed) {
      refuse(res, 400, `Malformed Host header: ${JSON.stringify(hostHeader.slice(0, 100))}`)
      return
    }
    if (!hostAllowed(parsed.hostname, req, host, options.allowedHosts)) {
      refuse(
        res,
        403,
        `Host "${parsed.hostname}" is not allowed. The dev server answers loopback host names only, so a web page can't reach it through DNS rebinding. Allow it with --allowed-host ${parsed.hostname} (allowedHosts).`,
      )
      return
    }
    let request: Request
    try {
      request = toRequest(req, parsed.origin, controller.signal)
    } catch {
      refuse(res, 400, `Malformed request target: ${JSON.stringify((req.url ?? '').slice(0, 100))}`)
      return
    }
    server
      .fetch(request, { clientAddress: req.socket.remoteAddress })
      .then((response) => send(res, response, req))
      .catch((error: unknown) => {
        if (!res.headersSent) {
          refuse(res, 500, error instanceof Error ? error.message : String(error))
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
  const { port, host, allowedHosts, ...rest } = options
  return listen(await createDevServer(rest), { port, host, allowedHosts })
}
