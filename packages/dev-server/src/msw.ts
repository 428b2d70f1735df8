/**
 * msw 2.x handlers that answer from a dev server in-process, for integrators' tests and Storybook:
 *
 *   const server = await createDevServer({ docs: { docs: corpus } })
 *   setupServer(...createDevServerHandlers(server, { baseUrl: 'https://api.mintlify.com' }))
 */
import { http, type HttpHandler } from 'msw'
import { trimTrailing } from './text-scan'

export interface DevServerLike {
  fetch(request: Request): Promise<Response>
}

export interface DevServerHandlersOptions {
  /** The API base URL your client calls, e.g. `https://api.mintlify.com` or `/api/docchat`. */
  baseUrl: string
}

export function createDevServerHandlers(
  server: DevServerLike,
  options: DevServerHandlersOptions,
): HttpHandler[] {
  const base = trimTrailing(options.baseUrl, '/')
  return [
    http.all(`${base}/*`, async ({ request }) => {
      const url = new URL(request.url)
      // A base URL with a path (a proxy mount such as /api/docchat) maps onto the server's root.
      const prefix = trimTrailing(new URL(base, url.origin).pathname, '/')
      const path =
        prefix && url.pathname.startsWith(prefix)
          ? url.pathname.slice(prefix.length) || '/'
          : url.pathname
      const target = new URL(`${path}${url.search}`, url.origin)
      const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
      const forwarded = new Request(target, {
        method: request.method,
        headers: request.headers,
        signal: request.signal,
        ...(hasBody ? { body: await request.arrayBuffer() } : {}),
      })
      return server.fetch(forwarded)
    }),
  ]
}
