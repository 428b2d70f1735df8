import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'

export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => unknown

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface RecordingServer {
  /** What the next requests get; reset to a 500 before each test. */
  handler: Handler
  readonly recorded: RecordedRequest[]
  readonly baseUrl: string
  /** Drops open connections (a test's never-answered requests). */
  closeConnections(): void
}

const failing: Handler = (_request, response) => response.writeHead(500).end()

/** A real HTTP server on 127.0.0.1 for the suite, recording every request it receives. */
export function useRecordingServer(): RecordingServer {
  const state: RecordingServer = {
    handler: failing,
    recorded: [],
    baseUrl: '',
    closeConnections: () => server.closeAllConnections(),
  }
  const server = createServer(async (request, response) => {
    let body = ''
    for await (const chunk of request) body += chunk
    state.recorded.push({
      method: request.method!,
      url: request.url!,
      headers: request.headers,
      body,
    })
    try {
      await state.handler(request, response, body)
    } catch {
      response.destroy()
    }
  })
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    ;(state as { baseUrl: string }).baseUrl =
      `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  beforeEach(() => {
    state.recorded.length = 0
    state.handler = failing
  })
  return state
}

export const json = (response: ServerResponse, status: number, value: unknown, headers = {}) =>
  response
    .writeHead(status, { 'content-type': 'application/json', ...headers })
    .end(JSON.stringify(value))
