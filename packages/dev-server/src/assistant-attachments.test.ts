import { DOCS_LIMITS, readDataStream } from '@docchat/core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningDevServer, startDevServer } from './node-server'
import { chunk, startChatOnlyModel } from './test/fake-openai'
import { fixtureCorpus } from './test/fixture-docs'
import { useDevServerOverHttp, userMessage } from './test/requests'

// A real 1×1 PNG.
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const pdf = 'data:application/pdf;base64,JVBERi0xLjQKJcOkw7zDtsOfCg=='
const dataUrl = (type: string, bytes: number) =>
  `data:${type};base64,${Buffer.alloc(bytes, 1).toString('base64')}`

// Over real HTTP (the node listener), as a browser would send it.
const { post: postJson } = useDevServerOverHttp()

function askV1(text: string, attachments: unknown, history: unknown[] = []) {
  return postJson('/discovery/v1/assistant/acme/message', {
    fp: 'anonymous',
    messages: [...history, { ...userMessage(text), experimental_attachments: attachments }],
  })
}

async function answerText(response: Response): Promise<string> {
  let text = ''
  for await (const event of readDataStream(response.body!)) {
    if (event.type === 'text') text += event.text
  }
  return text
}

describe('attachments on the v1 endpoint (real HTTP)', () => {
  it('the offline model names the files, says it cannot read them, then answers from the docs', async () => {
    const response = await askV1('How do I install the CLI?', [
      { name: 'screenshot.png', contentType: 'image/png', url: png },
      { name: 'setup.pdf', contentType: 'application/pdf', url: pdf },
    ])
    expect(response.status).toBe(200)
    const text = await answerText(response)
    expect(text).toMatch(
      /^You attached \*\*screenshot\.png\*\* and \*\*setup\.pdf\*\*\. I can't read these files offline/,
    )
    expect(text).toContain('npm install -g @acme/cli')
  })

  it('takes a question with files at the limits (count and size, past the 1 MiB body limit)', async () => {
    const files = Array.from({ length: DOCS_LIMITS.attachmentFiles }, (_, index) => ({
      name: `big-${index}.jpg`,
      contentType: 'image/jpeg',
      url: dataUrl('image/jpeg', DOCS_LIMITS.attachmentMessageBytes / DOCS_LIMITS.attachmentFiles),
    }))
    const response = await askV1('How do I install the CLI?', files)
    expect(response.status).toBe(200)
    expect(await answerText(response)).toContain('big-3.jpg')
  })

  it.each([
    [
      'five files',
      Array.from({ length: 5 }, (_, i) => ({
        name: `${i}.png`,
        contentType: 'image/png',
        url: png,
      })),
      /at most 4 files/,
    ],
    [
      'an HTML page',
      [{ name: 'x.html', contentType: 'text/html', url: 'data:text/html;base64,PGI+' }],
      /type "text\/html" is not accepted/,
    ],
    [
      'an SVG posing as a PNG',
      [{ name: 'x.png', contentType: 'image/png', url: 'data:image/svg+xml;base64,PHN2Zz4=' }],
      /not accepted/,
    ],
    [
      'a file over 5 MiB',
      [
        {
          name: 'huge.png',
          contentType: 'image/png',
          url: dataUrl('image/png', DOCS_LIMITS.attachmentFileBytes + 1),
        },
      ],
      /huge\.png.*at most 5242880 bytes/,
    ],
    [
      'a javascript: URL',
      [{ name: 'x.png', contentType: 'image/png', url: 'javascript:alert(1)' }],
      /url must be an http\(s\) URL or a base64 data URL/,
    ],
  ])('refuses %s with 400 and a JSON error naming the limit', async (_name, files, message) => {
    const response = await askV1('What is this?', files)
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.field).toBe('messages.0.experimental_attachments')
    expect(body.message).toMatch(message)
  })

  it('earlier questions’ placeholders (name and type, no data) are accepted and not counted', async () => {
    const earlier = Array.from({ length: 4 }, (_, i) => ({
      name: `${i}.png`,
      contentType: 'image/png',
      url: '',
    }))
    const history = [
      { ...userMessage('First question', 'u1'), experimental_attachments: earlier },
      {
        id: 'a1',
        role: 'assistant',
        content: 'An answer.',
        parts: [{ type: 'text', text: 'An answer.' }],
      },
    ]
    const response = await askV1('How do I install the CLI?', undefined, history)
    expect(response.status).toBe(200)
    // The note is about this question's files only.
    expect(await answerText(response)).not.toContain('You attached')
  })
})

describe('attachments on the v2 endpoint (file parts)', () => {
  it('acknowledges file parts and refuses an unsupported one', async () => {
    const message = (parts: unknown[]) => ({
      fp: 'anonymous',
      messages: [
        {
          id: 'u1',
          role: 'user',
          parts: [{ type: 'text', text: 'How do I install the CLI?' }, ...parts],
        },
      ],
    })
    const ok = await postJson(
      '/discovery/v2/assistant/acme/message',
      message([{ type: 'file', mediaType: 'image/png', filename: 'shot.png', url: png }]),
    )
    expect(ok.status).toBe(200)
    const deltas = (await ok.text())
      .split('\n')
      .filter((line) => line.startsWith('data: {'))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('')
    expect(deltas).toMatch(/^You attached \*\*shot\.png\*\*\. I can't read this image offline/)
    const bad = await postJson(
      '/discovery/v2/assistant/acme/message',
      message([{ type: 'file', mediaType: 'text/html', url: 'data:text/html;base64,PGI+' }]),
    )
    expect(bad.status).toBe(400)
    expect((await bad.json()).message).toMatch(/not accepted/)
  })
})

describe('attachments in LLM mode', () => {
  const received: { messages: { role: string; content: unknown }[] }[] = []
  let fake: Awaited<ReturnType<typeof startChatOnlyModel>>
  let llmServer: RunningDevServer

  beforeAll(async () => {
    // A local OpenAI-compatible endpoint that answers without tools, recording what it was sent.
    fake = await startChatOnlyModel((body) => {
      received.push(body as (typeof received)[number])
      return [chunk({ role: 'assistant', content: 'It is a one-pixel image.' }), chunk({}, 'stop')]
    })
    const baseURL = fake.baseURL
    llmServer = await startDevServer({
      docs: { acme: fixtureCorpus() },
      llm: { apiKey: 'sk-local', baseURL, model: 'local-model' },
      port: 0,
      seed: false,
    })
  })
  afterAll(async () => {
    await llmServer.close()
    await fake.close()
  })

  it('passes images to the model as image parts and names PDFs in the system prompt', async () => {
    const response = await fetch(`${llmServer.url}/discovery/v1/assistant/acme/message`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${llmServer.keys.assistant}`,
      },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [
          {
            ...userMessage('What does this show?'),
            experimental_attachments: [
              { name: 'pixel.png', contentType: 'image/png', url: png },
              { name: 'spec.pdf', contentType: 'application/pdf', url: pdf },
            ],
          },
        ],
      }),
    })
    expect(response.status).toBe(200)
    expect(await answerText(response)).toBe('It is a one-pixel image.')
    const [request] = received
    const user = request!.messages.at(-1)!
    expect(user.role).toBe('user')
    expect(user.content).toEqual([
      { type: 'text', text: 'What does this show?' },
      { type: 'image_url', image_url: { url: png } },
    ])
    const system = request!.messages.find((m) => m.role === 'system')!
    expect(system.content).toContain('pixel.png (image/png), spec.pdf (application/pdf)')
  })
})
