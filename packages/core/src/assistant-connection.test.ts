import { json, useRecordingServer } from '@docchat/test-utils/recording-server'
import { describe, expect, it, vi } from 'vitest'
import { createDocsClient } from './client'
import { DocsApiError } from './errors'
import { createDocsClientLite } from './lite-client'
import type { ThreadIdentity } from './thread-identity'
import { createThreadStore } from './thread-store'
import { dataStream, part } from './test/harness'

const http = useRecordingServer()

const client = () =>
  createDocsClient({ baseUrl: http.baseUrl, assistantKey: 'mint_dsc_test', retry: false })

const finish = part('d', { finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } })

const question = (text: string) => ({
  id: `u-${text}`,
  role: 'user' as const,
  content: text,
  parts: [{ type: 'text' as const, text }],
})

/** What AI SDK v4 `useChat` posts: its chat id, the messages and the per-call body. */
const useChatInit = (body: Record<string, unknown>, signal?: AbortSignal): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ id: 'chat-1', messages: [question('How?')], ...body }),
  ...(signal ? { signal } : {}),
})

async function readAll(
  body: ReadableStream<Uint8Array>,
): Promise<{ text: string; error?: unknown }> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return { text }
      text += decoder.decode(value, { stream: true })
    }
  } catch (error) {
    return { text, error }
  }
}

describe('the useChat fetch of an assistant connection', () => {
  it('parses each stream line once on its way to useChat', async () => {
    // Escaped text, so no line takes the reader's no-JSON.parse fast path: every parse counts.
    const lines: string[] = []
    for (let index = 0; index < 200; index++) {
      lines.push(part('0', `line\t${index}\n`))
      if (index % 20 === 0) lines.push(part('8', [{ index }]))
    }
    lines.push(finish)
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      for (const line of lines) response.write(line)
      response.end()
    }
    const connection = client().connectAssistant('acme')
    const response = await connection.fetch('ignored', useChatInit({ fp: 'anonymous' }))
    const parse = vi.spyOn(JSON, 'parse')
    const { text, error } = await readAll(response.body!)
    // Only calls on the stream's own values count (the test runner parses source maps meanwhile).
    const payloads = new Set(lines.map((line) => line.slice(2, -1)))
    const parses = parse.mock.calls.filter(([value]) => payloads.has(String(value))).length
    parse.mockRestore()
    expect(error).toBeUndefined()
    expect(parses).toBe(lines.length)
    // The text arrives whole and in order, merged into far fewer parts than were sent.
    const out = text.trimEnd().split('\n')
    const sent = out
      .filter((line) => line.startsWith('0:'))
      .map((line) => JSON.parse(line.slice(2)) as string)
    expect(sent.join('')).toBe(
      lines
        .filter((line) => line.startsWith('0:'))
        .map((line) => JSON.parse(line.slice(2)) as string)
        .join(''),
    )
    expect(sent.length).toBeLessThanOrEqual(11)
    expect(out.filter((line) => line.startsWith('8:'))).toHaveLength(10)
    expect(out.at(-1)).toBe(finish.trimEnd())
    expect(connection.thread).toEqual({ threadId: 'thr_1', threadKey: 'key_1' })
  })

  it('sends a valid body only: useChat’s id is dropped, and an invalid body is never sent', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.end(part('0', 'ok') + finish)
    }
    for (const create of [createDocsClient, createDocsClientLite]) {
      http.recorded.length = 0
      const connection = create({ baseUrl: http.baseUrl, retry: false }).connectAssistant('acme')
      const error = await connection
        .fetch('ignored', useChatInit({ retrievalPageSize: 3 }))
        .catch((caught: unknown) => caught)
      expect(error).toMatchObject({ name: 'DocsApiError', kind: 'bad-request', field: 'fp' })
      expect(http.recorded).toHaveLength(0)

      const response = await connection.fetch('ignored', useChatInit({ fp: 'anonymous' }))
      expect((await readAll(response.body!)).text).toBe(`0:"ok"\n${finish}`)
      const sent = JSON.parse(http.recorded[0]!.body) as Record<string, unknown>
      expect(sent).not.toHaveProperty('id')
      expect(sent).toMatchObject({ fp: 'anonymous', retrievalPageSize: 5 })
    }
  })

  it.each([
    ['a stream cut before its finish line', part('0', 'Hello'), 'network', /ended before/],
    ['an error part', part('0', 'Hello') + part('3', 'quota exceeded'), 'server', /quota/],
    ['a malformed line', `${part('0', 'Hello')}0:{not json\n`, 'invalid-response', /Line 2/],
  ])(
    '%s fails with one DocsApiError after the text read before it',
    async (_, body, kind, message) => {
      http.handler = (_request, response) => {
        dataStream(response)
        response.end(body)
      }
      const response = await client()
        .connectAssistant('acme')
        .fetch('ignored', useChatInit({ fp: 'anonymous' }))
      const { text, error } = await readAll(response.body!)
      expect(text).toBe('0:"Hello"\n')
      expect(DocsApiError.isInstance(error)).toBe(true)
      expect(error).toMatchObject({ kind, message: expect.stringMatching(message) })
    },
  )

  it('leaves out parts useChat would reject, and reports them once', async () => {
    const warnings: string[] = []
    http.handler = (_request, response) => {
      dataStream(response)
      response.end(part('0', 'a') + part('x', { future: true }) + part('0', 'b') + finish)
    }
    const connection = createDocsClient({
      baseUrl: http.baseUrl,
      retry: false,
      onWarning: (warning) => warnings.push(warning.code),
    }).connectAssistant('acme', { coalesceTextMs: 0 })
    const response = await connection.fetch('ignored', useChatInit({ fp: 'anonymous' }))
    expect((await readAll(response.body!)).text).toBe(`0:"a"\n0:"b"\n${finish}`)
    expect(warnings).toEqual(['unknown-stream-part'])
  })

  it('hands a stop back as an AbortError, before and during the answer', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      response.write(part('0', 'Hello'))
    }
    const connection = client().connectAssistant('acme')
    const controller = new AbortController()
    const response = await connection.fetch(
      'ignored',
      useChatInit({ fp: 'anonymous' }, controller.signal),
    )
    const reader = response.body!.getReader()
    await reader.read()
    controller.abort()
    await expect(reader.read()).rejects.toMatchObject({ name: 'AbortError' })

    const error = await connection
      .fetch('ignored', useChatInit({ fp: 'anonymous' }, AbortSignal.abort()))
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ name: 'AbortError' })
  })
})

describe('the thread of an assistant connection', () => {
  it('continues it, learns it from the finish line when no header carries it, and replaces one the server forgot', async () => {
    const store = createThreadStore({ storage: 'memory' })
    const learned: ThreadIdentity[] = []
    const expired: ThreadIdentity[] = []
    const connection = client().connectAssistant('acme', {
      threadStore: store,
      onThread: (thread) => learned.push(thread),
      onThreadExpired: (thread) => expired.push(thread),
    })
    const body = { fp: 'anonymous', messages: [question('How?')] }

    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      response.end(part('0', 'one') + finish)
    }
    await (await connection.ask(body)).collect()
    expect(store.get('acme')).toEqual({ threadId: 'thr_1', threadKey: 'key_1' })

    let calls = 0
    http.handler = (_request, response) => {
      calls++
      if (calls === 1) return json(response, 404, { message: 'Thread not found' })
      dataStream(response)
      response.end(part('0', 'two') + part('d', { finishReason: 'stop', threadId: 'thr_2' }))
    }
    const answer = await connection.ask(body, { continueThread: true })
    expect((await answer.collect()).text).toBe('two')
    const sent = http.recorded.slice(1).map((request) => JSON.parse(request.body))
    expect(sent.map(({ threadId, threadKey }) => ({ threadId, threadKey }))).toEqual([
      { threadId: 'thr_1', threadKey: 'key_1' },
      { threadId: undefined, threadKey: undefined },
    ])
    expect(expired).toEqual([{ threadId: 'thr_1', threadKey: 'key_1' }])
    expect(learned).toEqual([{ threadId: 'thr_1', threadKey: 'key_1' }, { threadId: 'thr_2' }])
    expect(connection.thread).toEqual({ threadId: 'thr_2' })

    connection.clearThread()
    expect(store.get('acme')).toBeUndefined()
  })

  it('with retryWithNewThread false, forgets the thread and reports the 404', async () => {
    const connection = client().connectAssistant('acme', { retryWithNewThread: false })
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      response.end(finish)
    }
    const body = { fp: 'anonymous', messages: [question('How?')] }
    await (await connection.ask(body)).collect()
    http.handler = (_request, response) => json(response, 404, { message: 'Thread not found' })
    const error = await connection
      .ask(body, { continueThread: true })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({ kind: 'not-found', status: 404 })
    expect(connection.thread).toBeUndefined()
    expect(http.recorded).toHaveLength(2)
  })
})
