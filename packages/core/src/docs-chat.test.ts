import { json, useRecordingServer } from '@docchat/test-utils/recording-server'
import { describe, expect, it } from 'vitest'
import { connectionRunner } from './connection-runner'
import { chatView, createDocsChat, type DocsChat } from './docs-chat'
import { isCutAnswer } from './stream-failure'
import { dataStream, part, QuotaStorage } from './test/harness'
import { createDocsClientLite } from './lite-client'
import { createThreadStore } from './thread-store'

/*
 * Core's chat object on its own connection runner (the drop-in's engine), over real HTTP: what
 * both React bindings rely on, tested without React.
 */

const http = useRecordingServer()
const finish = part('d', { finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 1 } })

function chatWith(storage = new QuotaStorage()) {
  const client = createDocsClientLite({
    baseUrl: http.baseUrl,
    assistantKey: 'mint_dsc_test',
    retry: false,
  })
  const threads = createThreadStore({ storage, apiBaseUrl: http.baseUrl })
  const chat = createDocsChat({
    id: 'chat',
    client,
    domain: 'acme',
    threadStore: () => threads,
    throttleMs: 0,
  })
  chat.setRunner(connectionRunner(chat))
  chat.hydrate()
  return { chat, threads, storage }
}

const lastText = (chat: DocsChat) => {
  const last = chat.getSnapshot().messages.at(-1)
  return last?.parts
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('')
}

const sentBodies = () => http.recorded.map((request) => JSON.parse(request.body))

describe('createDocsChat with its connection runner', () => {
  it('asks, streams the answer into one message, keeps the thread and stores both', async () => {
    http.recorded.length = 0
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      response.end(part('0', 'Install ') + part('0', 'it.') + finish)
    }
    const { chat, threads, storage } = chatWith()
    const seen: string[] = []
    chat.subscribe(() => seen.push(chat.getSnapshot().status))
    await chat.send('How do I install?')
    expect(seen).toContain('submitted')
    expect(chat.getSnapshot().status).toBe('ready')
    expect(lastText(chat)).toBe('Install it.')
    expect(chat.getSnapshot().thread).toEqual({ threadId: 'thr_1', threadKey: 'key_1' })
    // Stored once its answer settled: question and answer, not the question alone.
    expect(threads.getMessages('acme')).toHaveLength(2)

    // A second chat on the same storage reads the conversation back, and continues the thread.
    const again = chatWith(storage).chat
    expect(again.getSnapshot().messages).toHaveLength(2)
    await again.send('And then?')
    expect(sentBodies().at(-1)).toMatchObject({
      threadId: 'thr_1',
      threadKey: 'key_1',
      fp: 'anonymous',
    })
  })

  it('a cut answer fails with the end-of-stream rule, keeps its text, and offers Continue only when the server continues', async () => {
    for (const continues of [false, true]) {
      http.handler = (_request, response) => {
        dataStream(response, continues ? { 'x-docchat-continue': '1' } : {})
        response.end(part('0', 'Half an answer'))
      }
      const { chat } = chatWith()
      await chat.send('Tell me everything')
      const state = chat.getSnapshot()
      expect(state.status).toBe('error')
      expect(isCutAnswer(state.error)).toBe(true)
      expect(lastText(chat)).toBe('Half an answer')
      expect(chatView(state).canContinue).toBe(continues)
    }
  })

  it('an error part keeps the text that came before it, in the same read, and shows the error', async () => {
    http.handler = (_request, response) => {
      dataStream(response)
      // One write: the text and the error part arrive in one batch.
      response.end(part('0', 'Partial text') + part('3', 'The model failed'))
    }
    const { chat } = chatWith()
    await chat.send('Anything?')
    const state = chat.getSnapshot()
    expect(state.status).toBe('error')
    expect(chatView(state).error?.kind).toBe('server')
    expect(lastText(chat)).toBe('Partial text')
  })

  it('continues the same answer: the partial answer is sent last, and the continuation joins its text', async () => {
    let calls = 0
    http.recorded.length = 0
    http.handler = (_request, response) => {
      calls++
      dataStream(response, { 'x-docchat-continue': '1' })
      if (calls === 1) response.end(part('0', 'The first half'))
      else response.end(part('0', ' and the rest.') + finish)
    }
    const { chat } = chatWith()
    await chat.send('Tell me everything')
    expect(chatView(chat.getSnapshot()).canContinue).toBe(true)
    await chat.continue()
    const body = sentBodies().at(-1)
    expect(body.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'The first half' })
    const state = chat.getSnapshot()
    expect(state.messages).toHaveLength(2)
    expect(state.status).toBe('ready')
    expect(lastText(chat)).toBe('The first half and the rest.')
    expect(chatView(state).canContinue).toBe(false)
  })

  it('newThread forgets the conversation, its thread and the error shown', async () => {
    http.handler = (_request, response) => json(response, 500, { message: 'down' })
    const { chat, threads } = chatWith()
    await chat.send('Anything?')
    expect(chatView(chat.getSnapshot()).error?.kind).toBe('server')
    chat.newThread()
    const state = chat.getSnapshot()
    expect(state.messages).toEqual([])
    expect(chatView(state)).toMatchObject({ status: 'idle', error: undefined })
    expect(threads.getMessages('acme')).toEqual([])
  })
})
