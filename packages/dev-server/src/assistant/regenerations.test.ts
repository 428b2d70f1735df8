import { beforeAll, describe, expect, it } from 'vitest'
import type { DevServer } from '../server'
import { kitDocsServer } from '../test/corpora'
import { post, userMessage } from '../test/requests'

let server: DevServer

beforeAll(async () => {
  server = await kitDocsServer()
}, 60_000)

interface Answer {
  text: string
  sources: string[]
  threadId: string
  threadKey: string | null
  mode: string | null
  finish: Record<string, unknown>
}

async function read(response: Response): Promise<Answer> {
  const lines = (await response.text()).split('\n').filter(Boolean)
  const text = lines
    .filter((l) => l.startsWith('0:'))
    .map((l) => JSON.parse(l.slice(2)) as string)
    .join('')
  const result = lines.find((l) => l.startsWith('a:'))
  const sources = result
    ? (JSON.parse(result.slice(2)).result as { path: string }[]).map((r) => r.path)
    : []
  return {
    text,
    sources,
    threadId: response.headers.get('x-thread-id')!,
    threadKey: response.headers.get('x-thread-key'),
    mode: response.headers.get('x-docchat-answer-mode'),
    finish: JSON.parse(lines.at(-1)!.slice(2)),
  }
}

const citedPage = (text: string) => /\[\d+\]\(([^)#]+)/.exec(text)?.[1]

describe('Regenerate gives the next-best grounded answer', () => {
  const question = 'How do I keep the conversation when the reader reloads the page?'

  it('a stock v4 client re-sending the same message of the same chat (reload) gets another answer', async () => {
    const body = { id: 'chat-reload', fp: 'anonymous', messages: [userMessage(question, 'm-1')] }
    const path = '/discovery/v1/assistant/docchat/message'
    const first = await read(await post(server, path, body))
    const second = await read(await post(server, path, body))
    expect(first.text).not.toBe(second.text)
    // Both grounded: cited from the docs.
    expect(citedPage(first.text)).toBeTruthy()
    expect(citedPage(second.text)).toBeTruthy()
    expect(citedPage(second.text)).not.toBe(citedPage(first.text))
    expect(second.sources[0]).not.toBe(first.sources[0])
  })

  it('a thread that already answered the question answers it differently, without doubling its history', async () => {
    const path = '/discovery/v1/assistant/docchat/message'
    const first = await read(
      await post(server, path, { fp: 'anonymous', messages: [userMessage(question)] }),
    )
    const thread = { threadId: first.threadId, threadKey: first.threadKey }
    const again = await read(
      await post(server, path, { fp: 'anonymous', messages: [userMessage(question)], ...thread }),
    )
    expect(again.text).not.toBe(first.text)
    expect(citedPage(again.text)).toBeTruthy()
    // A follow-up still reads the question it follows.
    const followUp = await post(server, path, {
      fp: 'anonymous',
      messages: [userMessage('Where is it stored?')],
      ...thread,
    })
    const lines = (await followUp.text()).split('\n')
    const query = JSON.parse(lines.find((l) => l.startsWith('9:'))!.slice(2)).args.query
    expect(query).toMatch(/reload|conversation/)
  })

  it('the v5 transport\'s trigger "regenerate-message" gets another answer', async () => {
    const path = '/discovery/v2/assistant/docchat/message'
    const message = { id: 'v5-1', role: 'user', parts: [{ type: 'text', text: question }] }
    const texts: string[] = []
    for (const trigger of ['submit-message', 'regenerate-message']) {
      const response = await post(server, path, {
        fp: 'anonymous',
        trigger,
        messages: [message],
      })
      const sse = await response.text()
      texts.push(
        [...sse.matchAll(/"type":"text-delta","id":"[^"]*","delta":("(?:[^"\\]|\\.)*")/g)]
          .map((m) => JSON.parse(m[1]!) as string)
          .join(''),
      )
    }
    expect(texts[0]).toBeTruthy()
    expect(texts[1]).toBeTruthy()
    expect(texts[1]).not.toBe(texts[0])
  })

  it('the same question in a new conversation gets the same answer (no chat id: not a regeneration)', async () => {
    const path = '/discovery/v1/assistant/docchat/message'
    const body = { fp: 'anonymous', messages: [userMessage(question)] }
    const a = await read(await post(server, path, body))
    const b = await read(await post(server, path, body))
    expect(b.text).toBe(a.text)
  })
})

describe('the answer mode is announced', () => {
  it('as X-DocChat-Answer-Mode (exposed to browsers) and answerMode on d:', async () => {
    const response = await post(
      server,
      '/discovery/v1/assistant/docchat/message',
      { fp: 'anonymous', messages: [userMessage('What is DocChat?')] },
      { headers: { Origin: 'http://localhost:4321' } },
    )
    expect(response.headers.get('access-control-expose-headers')).toContain('X-DocChat-Answer-Mode')
    const answer = await read(response)
    expect(answer.mode).toBe('extractive')
    expect(answer.finish).toMatchObject({ answerMode: 'extractive' })
    expect(citedPage(answer.text)).toBe('/introduction')
    // The quoted section's title and citation, then its own words.
    expect(answer.text.startsWith('**Introduction** [1](/introduction)\n\nDocChat')).toBe(true)
  })
})
