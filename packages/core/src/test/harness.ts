/**
 * Core's one test harness: what the tests of the client, the connections and the transport share
 * (typed failures, v4 stream lines, the AI SDK v5+ `Chat` under test), so no test file carries its
 * own copy. The servers themselves are `@docchat/test-utils`' (the dev server, the ai@4 server, the
 * recording server).
 */
import type { ServerResponse } from 'node:http'
import { expect } from 'vitest'
import { DocsApiError } from '../errors'

export { expectCutAnswer } from '@docchat/test-utils/answers'

/** The `DocsApiError` `promise` rejects with; fails the test when it resolves or throws another. */
export async function failure(promise: Promise<unknown>): Promise<DocsApiError> {
  try {
    await promise
  } catch (error) {
    expect(DocsApiError.isInstance(error)).toBe(true)
    return error as DocsApiError
  }
  throw new Error('expected a DocsApiError')
}

/** One v4 data-stream line (`<code>:<json>\n`). */
export const part = (code: string, value: unknown) => `${code}:${JSON.stringify(value)}\n`

/** Starts a 200 v4 data-stream response (the recording server's handlers). */
export function dataStream(response: ServerResponse, headers: Record<string, string> = {}) {
  response.writeHead(200, {
    'content-type': 'text/plain; charset=utf-8',
    'x-vercel-ai-data-stream': 'v1',
    ...headers,
  })
}

/** A v4 user message as the v1 endpoint takes it. */
export const userMessage = {
  id: 'm1',
  role: 'user' as const,
  content: 'How do I start?',
  parts: [{ type: 'text' as const, text: 'How do I start?' }],
}

// ---------------------------------------------------------------------------------------------
// The AI SDK v5+ clients (npm aliases), driving the transport as apps do

export interface TestUIMessage {
  id: string
  role: 'system' | 'user' | 'assistant'
  metadata?: Record<string, unknown>
  parts: Array<{ type: string; [key: string]: unknown }>
}

export interface ChatLike {
  readonly status: string
  readonly error: Error | undefined
  readonly messages: TestUIMessage[]
  sendMessage(message: { text: string }): Promise<void>
  stop(): Promise<void>
}

interface ChatInitLike {
  transport: unknown
  state: ArrayChatState
  onData?: (part: { type: string; data: unknown }) => void
  onError?: (error: Error) => void
  onFinish?: (options: { message: TestUIMessage }) => void
}

/** The surface of `ai` these tests use, identical in 5.0.10, 5.0.277, 6.0.323 and 7.0.173. */
export interface AiModule {
  readUIMessageStream(options: {
    stream: ReadableStream<unknown>
    onError?: (error: unknown) => void
  }): AsyncIterable<TestUIMessage>
  AbstractChat: abstract new (init: ChatInitLike) => ChatLike
}

export const aiVersions: Array<[string, () => Promise<unknown>]> = [
  ['ai@5.0.10', () => import('ai-v5-low')],
  ['ai@5.0.277', () => import('ai-v5')],
  ['ai@6.0.323', () => import('ai-v6')],
  ['ai@7.0.173', () => import('ai-v7')],
]

/** A minimal `ChatState`, the way `@ai-sdk/react` and the vanilla `Chat` subclass `AbstractChat`. */
class ArrayChatState {
  status = 'ready'
  error: Error | undefined = undefined
  messages: TestUIMessage[] = []
  pushMessage = (message: TestUIMessage) => {
    this.messages = [...this.messages, message]
  }
  popMessage = () => {
    this.messages = this.messages.slice(0, -1)
  }
  replaceMessage = (index: number, message: TestUIMessage) => {
    this.messages = [...this.messages.slice(0, index), message, ...this.messages.slice(index + 1)]
  }
  snapshot = <T>(thing: T): T => structuredClone(thing)
}

/** An `AbstractChat` of `ai` on `transport`, with what it reported. */
export function newChat(ai: AiModule, transport: unknown) {
  const data: unknown[] = []
  const errors: Error[] = []
  const finished: TestUIMessage[] = []
  class TestChat extends ai.AbstractChat {}
  const chat = new TestChat({
    transport,
    state: new ArrayChatState(),
    onData: (part) => data.push(part),
    onError: (error) => errors.push(error),
    onFinish: ({ message }) => finished.push(message),
  })
  return { chat, data, errors, finished }
}

export const partsOf = (message: TestUIMessage | undefined, type: string) =>
  message?.parts.filter((part) => part.type === type) ?? []

/** The text parts of a UI message, joined. */
export const textOf = (message: TestUIMessage | undefined) =>
  partsOf(message, 'text')
    .map((part) => part.text as string)
    .join('')

/** Waits (10 ms steps, at most `ms`) until `ready()` holds. */
export async function until(ready: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!ready() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
