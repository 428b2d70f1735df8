/** Request builders for tests: real `Request`s against the server's fetch handler, or real HTTP. */
import { afterAll, beforeAll } from 'vitest'
import type { DevServerOptions } from '../dev-server-options'
import { createDevServer, type DevServer } from '../server'
import { type RunningDevServer, startDevServer } from '../node-server'
import { fixtureCorpus } from './fixture-docs'

export const base = 'http://dev.test'

export function userMessage(text: string, id = `u-${text.length}-${text.slice(0, 8)}`) {
  return {
    id,
    role: 'user' as const,
    content: text,
    parts: [{ type: 'text' as const, text }],
    createdAt: new Date(0).toISOString(),
  }
}

type RequestOptions = { key?: string | null; headers?: Record<string, string> }

/** A request with `Bearer <key>` (`key: null` sends none) and the caller's headers last. */
function send(
  server: DevServer,
  path: string,
  defaultKey: string,
  options: RequestOptions,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  const key = options.key === undefined ? defaultKey : options.key
  return server.fetch(
    new Request(`${base}${path}`, {
      ...init,
      headers: {
        ...init.headers,
        ...(key ? { Authorization: `Bearer ${key}` } : {}),
        ...options.headers,
      },
    }),
  )
}

export function post(
  server: DevServer,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  return send(server, path, server.keys.assistant, options, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

/** `post` with the admin key, as admin routes (and the checks that discovery refuses it) want. */
export function adminPost(
  server: DevServer,
  path: string,
  body: unknown,
  options: Omit<RequestOptions, 'key'> = {},
): Promise<Response> {
  return post(server, path, body, { ...options, key: server.keys.admin })
}

export function get(
  server: DevServer,
  path: string,
  options: RequestOptions = {},
): Promise<Response> {
  return send(server, path, server.keys.admin, options)
}

export function ask(
  server: DevServer,
  domain: string,
  text: string,
  extra: Record<string, unknown> = {},
  options: { key?: string | null; headers?: Record<string, string>; version?: 'v1' | 'v2' } = {},
) {
  return post(
    server,
    `/discovery/${options.version ?? 'v1'}/assistant/${domain}/message`,
    { fp: 'anonymous', messages: [userMessage(text)], ...extra },
    options,
  )
}

/** The fixture corpus as `acme` with these rate limits (and any other options), no seeded data. */
export function limitedServer(
  rateLimits: DevServerOptions['rateLimits'],
  options: Omit<DevServerOptions, 'docs' | 'rateLimits'> = {},
): Promise<DevServer> {
  return createDevServer({ docs: { acme: fixtureCorpus() }, rateLimits, seed: false, ...options })
}

/** A controllable clock. */
export function manualClock(start = Date.UTC(2026, 10, 22, 8, 0, 0)) {
  let time = start
  return {
    now: () => time,
    advance(ms: number) {
      time += ms
    },
  }
}

/**
 * The dev server over real HTTP (its node listener) for a describe block or file: the fixture
 * corpus as `acme`, started before the tests and closed after. `post` sends a body (JSON unless
 * it is a string or bytes) with the assistant key, as a browser would.
 */
export function useDevServerOverHttp() {
  let running: RunningDevServer | undefined
  beforeAll(async () => {
    running = await startDevServer({ port: 0, docs: { acme: fixtureCorpus() }, seed: false })
  })
  afterAll(() => running?.close())
  const server = () => {
    if (!running) throw new Error('useDevServerOverHttp: read the server inside a test')
    return running
  }
  return {
    server,
    post: (path: string, body: unknown) =>
      fetch(`${server().url}${path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server().keys.assistant}`,
          'Content-Type': 'application/json',
        },
        body:
          typeof body === 'string' || body instanceof Uint8Array
            ? (body as BodyInit)
            : JSON.stringify(body),
      }),
  }
}
