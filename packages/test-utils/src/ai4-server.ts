/**
 * Test-only HTTP server that answers like the documentation API's v1 assistant endpoint, built with
 * ai@4's own helpers (`createDataStreamResponse`, `streamText`, `MockLanguageModelV1`), so the reader
 * and the transport are tested against the exact bytes an ai@4 server writes.
 *
 * The scenario is picked by the last user message (`scenario:<name>`, default `everything`).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { LanguageModelV1StreamPart } from '@ai-sdk/provider'
import {
  createDataStreamResponse,
  type DataStreamWriter,
  formatDataStreamPart,
  simulateReadableStream,
  streamText,
  tool,
} from 'ai'
import { MockLanguageModelV1 } from 'ai/test'
import { z } from 'zod'

export type Ai4Scenario =
  | 'everything'
  | 'plain'
  | 'stream-thread'
  | 'annotation-thread'
  | 'error-part'
  | 'model-error'
  | 'http-error'
  | 'malformed'
  | 'no-finish'
  | 'unknown-code'
  | 'slow'

export interface RecordedAssistantRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Record<string, unknown>
}

export interface Ai4Server {
  url: string
  /** `url` + the v1 assistant path for `domain`. */
  assistantUrl(domain?: string): string
  requests: RecordedAssistantRequest[]
  /** Known threads: id → key. */
  threads: Map<string, string>
  close(): Promise<void>
}

const usage = { promptTokens: 12, completionTokens: 8 }

export const EVERYTHING_TEXT = 'Use `useChat` 👋 from **@docchat/react**.'
export const PLAIN_TEXT = 'Hello from the ai@4 server 👋'

function lastUserText(body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? body.messages : []
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as { role?: string; content?: unknown }
    if (message.role === 'user') return typeof message.content === 'string' ? message.content : ''
  }
  return ''
}

function scenarioOf(body: Record<string, unknown>): Ai4Scenario {
  const match = /scenario:([a-z-]+)/.exec(lastUserText(body))
  return (match?.[1] as Ai4Scenario | undefined) ?? 'everything'
}

function model(steps: LanguageModelV1StreamPart[][], chunkDelayInMs = 1): MockLanguageModelV1 {
  let call = 0
  return new MockLanguageModelV1({
    doStream: async () => {
      const chunks = steps[Math.min(call++, steps.length - 1)] ?? []
      return {
        stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs }),
        rawCall: { rawPrompt: null, rawSettings: {} },
      }
    },
  })
}

const toolStep: LanguageModelV1StreamPart[] = [
  { type: 'reasoning', textDelta: 'The user asks about hooks; ' },
  { type: 'reasoning', textDelta: 'search the docs.' },
  { type: 'reasoning-signature', signature: 'sig-1' },
  { type: 'redacted-reasoning', data: 'redacted-1' },
  {
    type: 'tool-call-delta',
    toolCallType: 'function',
    toolCallId: 'call-1',
    toolName: 'searchDocs',
    argsTextDelta: '{"query":',
  },
  {
    type: 'tool-call-delta',
    toolCallType: 'function',
    toolCallId: 'call-1',
    toolName: 'searchDocs',
    argsTextDelta: '"hooks"}',
  },
  {
    type: 'tool-call',
    toolCallType: 'function',
    toolCallId: 'call-1',
    toolName: 'searchDocs',
    args: '{"query":"hooks"}',
  },
  { type: 'finish', finishReason: 'tool-calls', usage: { promptTokens: 5, completionTokens: 3 } },
]

const answerStep: LanguageModelV1StreamPart[] = [
  {
    type: 'source',
    source: { sourceType: 'url', id: 'src-1', url: 'https://docs.example/hooks', title: 'Hooks' },
  },
  { type: 'text-delta', textDelta: 'Use `useChat` ' },
  { type: 'text-delta', textDelta: '👋 from ' },
  { type: 'text-delta', textDelta: '**@docchat/react**.' },
  { type: 'file', mimeType: 'image/png', data: 'iVBORw0KGgo=' },
  { type: 'finish', finishReason: 'stop', usage: { promptTokens: 7, completionTokens: 5 } },
]

const plainStep: LanguageModelV1StreamPart[] = [
  { type: 'text-delta', textDelta: 'Hello from ' },
  { type: 'text-delta', textDelta: 'the ai@4 server 👋' },
  { type: 'finish', finishReason: 'stop', usage },
]

/** Twenty words, 50 ms apart: long enough to stop mid-answer. */
export const SLOW_WORDS = Array.from({ length: 20 }, (_, index) => `word${index} `)
const slowStep: LanguageModelV1StreamPart[] = [
  ...SLOW_WORDS.map((textDelta) => ({ type: 'text-delta' as const, textDelta })),
  { type: 'finish', finishReason: 'stop', usage },
]

const searchDocs = tool({
  description: 'Search the docs',
  parameters: z.object({ query: z.string() }),
  execute: async ({ query }) => [{ path: `/${query}`, title: 'Hooks' }],
})

const finishLine = (extras: Record<string, unknown>, summed = usage) =>
  `d:${JSON.stringify({ finishReason: 'stop', usage: summed, ...extras })}\n`

type DataStreamLine = Parameters<DataStreamWriter['write']>[0]

/** Raw lines, including ones ai@4's types reject (extras on `d:`, unknown codes, bad JSON). */
const raw = (line: string) => line as DataStreamLine

/** Forwards an encoded ai@4 data stream into the writer, decoded chunk by chunk. */
async function forward(stream: ReadableStream<Uint8Array>, writer: DataStreamWriter) {
  const reader = stream.getReader()
  const decoder = new TextDecoder()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    writer.write(raw(decoder.decode(value, { stream: true })))
  }
}

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** Starts the server on 127.0.0.1 and a random port. */
export async function startAi4Server(): Promise<Ai4Server> {
  const requests: RecordedAssistantRequest[] = []
  const threads = new Map<string, string>()

  const respond = (body: Record<string, unknown>): Response => {
    const scenario = scenarioOf(body)
    if (scenario === 'http-error') {
      return Response.json({ message: 'The assistant is unavailable' }, { status: 500 })
    }

    // Thread rules of the documented API: a known id needs its key, else 404.
    const headers: Record<string, string> = {}
    let threadId = typeof body.threadId === 'string' ? body.threadId : undefined
    let threadKey: string | undefined
    if (threadId !== undefined) {
      if (threads.get(threadId) !== body.threadKey) {
        return Response.json({ message: 'Thread not found' }, { status: 404 })
      }
      headers['X-Thread-Id'] = threadId
    } else {
      threadId = `thr_${threads.size + 1}`
      threadKey = `key_${randomUUID()}`
      threads.set(threadId, threadKey)
      headers['X-Thread-Id'] = threadId
      headers['X-Thread-Key'] = threadKey
    }
    const inStreamOnly = scenario === 'stream-thread' || scenario === 'annotation-thread'
    const responseHeaders = inStreamOnly ? {} : headers

    return createDataStreamResponse({
      headers: responseHeaders,
      onError: (error) => (error instanceof Error ? error.message : String(error)),
      execute: async (writer) => {
        // Deterministic, but unique per request like real message ids (`Chat` finds messages by id).
        let messageIndex = 0
        const generateId = () => `msg-${requests.length}-${++messageIndex}`
        switch (scenario) {
          case 'everything': {
            writer.writeData({ stage: 'retrieval' })
            writer.writeMessageAnnotation({ pages: 2 })
            const result = streamText({
              model: model([toolStep, answerStep]),
              prompt: lastUserText(body),
              tools: { searchDocs },
              maxSteps: 3,
              toolCallStreaming: true,
              experimental_generateMessageId: generateId,
            })
            await forward(
              result.toDataStream({
                sendReasoning: true,
                sendSources: true,
                experimental_sendFinish: false,
              }),
              writer,
            )
            writer.writeSource({
              sourceType: 'url',
              id: 'src-2',
              url: 'https://docs.example/chat',
              title: 'Chat',
            })
            writer.write(raw(finishLine({ threadId }, { promptTokens: 12, completionTokens: 8 })))
            return
          }
          case 'slow': {
            const result = streamText({
              model: model([slowStep], 50),
              prompt: lastUserText(body),
              experimental_generateMessageId: generateId,
            })
            await forward(result.toDataStream(), writer)
            return
          }
          case 'plain':
          case 'stream-thread':
          case 'annotation-thread':
          case 'no-finish': {
            if (scenario === 'annotation-thread') writer.writeMessageAnnotation({ threadId })
            const result = streamText({
              model: model([plainStep]),
              prompt: lastUserText(body),
              experimental_generateMessageId: generateId,
            })
            await forward(result.toDataStream({ experimental_sendFinish: false }), writer)
            if (scenario === 'stream-thread') writer.write(raw(finishLine({ threadId, threadKey })))
            else if (scenario !== 'no-finish') writer.write(raw(finishLine({})))
            return
          }
          case 'error-part':
            writer.write(formatDataStreamPart('text', 'Partial answer'))
            writer.write(formatDataStreamPart('error', 'quota exceeded'))
            return
          case 'model-error': {
            const result = streamText({
              model: new MockLanguageModelV1({
                doStream: async () => {
                  throw new Error('model overloaded')
                },
              }),
              prompt: lastUserText(body),
            })
            // The response's `onError` turns the failure into `3:<message>`.
            result.mergeIntoDataStream(writer)
            return
          }
          case 'malformed':
            writer.write(formatDataStreamPart('text', 'Before'))
            writer.write(raw('0:{not json\n'))
            writer.write(formatDataStreamPart('text', 'After'))
            return
          case 'unknown-code':
            writer.write(raw('x:{"future":true}\n'))
            writer.write(formatDataStreamPart('text', 'Still here'))
            writer.write(raw(finishLine({})))
            return
        }
      },
    })
  }

  const server = createServer(async (request, response) => {
    try {
      const body = request.method === 'POST' ? await readBody(request) : {}
      requests.push({
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body,
      })
      const answer = respond(body)
      response.writeHead(answer.status, Object.fromEntries(answer.headers))
      if (!answer.body) {
        response.end()
        return
      }
      const reader = answer.body.getReader()
      response.on('close', () => {
        reader.cancel().catch(() => {})
      })
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        response.write(value)
      }
      response.end()
    } catch (error) {
      response.destroy(error instanceof Error ? error : new Error(String(error)))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    assistantUrl: (domain = 'docchat') => `${url}/discovery/v1/assistant/${domain}/message`,
    requests,
    threads,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * The ai@4 server for a test file (like `useRecordingServer`): started before its tests, its
 * recorded requests emptied before each, closed after. Read it inside tests, not at collection.
 */
export function useAi4Server(): Ai4Server {
  let server: Ai4Server | undefined
  const started = () => {
    if (!server) throw new Error('useAi4Server: read the server inside a test')
    return server
  }
  beforeAll(async () => {
    server = await startAi4Server()
  })
  afterAll(() => server?.close())
  beforeEach(() => {
    if (server) server.requests.length = 0
  })
  return {
    get url() {
      return started().url
    },
    assistantUrl: (domain) => started().assistantUrl(domain),
    get requests() {
      return started().requests
    },
    get threads() {
      return started().threads
    },
    close: () => started().close(),
  }
}
