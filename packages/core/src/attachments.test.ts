import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { boundAttachmentData, withoutPastAttachmentData } from './attachment-data'
import {
  attachmentLimits,
  attachmentRequestProblem,
  checkAttachmentFiles,
  DEFAULT_ATTACHMENT_LIMITS,
  readAttachments,
  readDataUrl,
  readFileAsDataUrl,
  toAttachment,
} from './attachments'
import { DOCS_LIMITS } from './docs-limits'
import { isDocsMessage } from './message-shape'
import { assistantRequestSchema, messageSchema } from './request-schemas'
import { createConversationStore } from './conversation-store'
import { createThreadStore } from './thread-store'

// A real 1×1 PNG.
const PNG_BYTES = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  ),
  (char) => char.charCodeAt(0),
)
const pngFile = (name = 'shot.png') => new File([PNG_BYTES], name, { type: 'image/png' })
const dataUrlOfBytes = (type: string, bytes: number) =>
  `data:${type};base64,${Buffer.alloc(bytes, 7).toString('base64')}`
const fileLike = (name: string, type: string, size: number) => ({ name, type, size })

describe('checkAttachmentFiles', () => {
  it('accepts images and PDFs within the limits', () => {
    const files = [fileLike('a.png', 'image/png', 10), fileLike('b.pdf', 'application/pdf', 10)]
    expect(checkAttachmentFiles(files)).toEqual({ accepted: files, problems: [] })
  })

  it('names each refused file with its reason, and the count once', () => {
    const { accepted, problems } = checkAttachmentFiles(
      [
        fileLike('page.html', 'text/html', 10),
        fileLike('logo.svg', 'image/svg+xml', 10),
        fileLike('empty.png', 'image/png', 0),
        fileLike('huge.jpg', 'image/jpeg', DOCS_LIMITS.attachmentFileBytes + 1),
        fileLike('1.png', 'image/png', 1),
        fileLike('2.png', 'image/png', 1),
        fileLike('3.png', 'image/png', 1),
      ],
      DEFAULT_ATTACHMENT_LIMITS,
      2,
    )
    expect(accepted.map((file) => file.name)).toEqual(['1.png', '2.png'])
    expect(problems).toEqual([
      { reason: 'unsupported-type', name: 'page.html' },
      { reason: 'unsupported-type', name: 'logo.svg' },
      { reason: 'empty', name: 'empty.png' },
      { reason: 'too-large', name: 'huge.jpg', limit: DOCS_LIMITS.attachmentFileBytes },
      { reason: 'too-many', limit: 4 },
    ])
  })

  it('narrows limits but never widens them past the API', () => {
    expect(
      attachmentLimits({
        maxFiles: 99,
        maxBytes: 1e12,
        maxTotalBytes: 1e12,
        accept: ['image/svg+xml'],
      }),
    ).toEqual(DEFAULT_ATTACHMENT_LIMITS)
    const narrow = attachmentLimits({ maxFiles: 1, maxBytes: 100, accept: ['IMAGE/PNG'] })
    expect(narrow).toEqual({
      maxFiles: 1,
      maxBytes: 100,
      maxTotalBytes: 10 * 1024 * 1024,
      accept: ['image/png'],
    })
    expect(
      checkAttachmentFiles([fileLike('a.pdf', 'application/pdf', 5)], narrow).problems,
    ).toEqual([{ reason: 'unsupported-type', name: 'a.pdf' }])
  })
})

describe('the question’s total', () => {
  it('is checked as files are picked: the one that would pass 10 MiB is refused, with the limit', () => {
    const mib = 1024 * 1024
    const files = ['1', '2', '3'].map((n) => fileLike(`${n}.png`, 'image/png', 4 * mib))
    const { accepted, problems } = checkAttachmentFiles(files)
    expect(accepted.map((file) => file.name)).toEqual(['1.png', '2.png'])
    expect(problems).toEqual([{ reason: 'too-large-together', name: '3.png', limit: 10 * mib }])
    // What is attached already counts; a smaller file still fits.
    expect(
      checkAttachmentFiles([fileLike('4.png', 'image/png', 2 * mib)], undefined, 2, 8 * mib)
        .accepted,
    ).toHaveLength(1)
    // Whatever is accepted together passes the request check (the server's).
    expect(
      attachmentRequestProblem(
        accepted.map(() => ({
          contentType: 'image/png',
          url: dataUrlOfBytes('image/png', 4 * mib),
        })),
      ),
    ).toBeUndefined()
  })
})

describe('reading files', () => {
  it('reads a file to a base64 data URL that decodes to its bytes', async () => {
    const url = await readFileAsDataUrl(pngFile())
    expect(url.startsWith('data:image/png;base64,')).toBe(true)
    expect(readDataUrl(url)).toEqual({ contentType: 'image/png', bytes: PNG_BYTES.length })
    expect(Buffer.from(url.split(',')[1]!, 'base64')).toEqual(Buffer.from(PNG_BYTES))
  })

  it('reads a multi-megabyte file without overflowing the stack', async () => {
    const big = new File([new Uint8Array(3 * 1024 * 1024).fill(200)], 'big.pdf', {
      type: 'application/pdf',
    })
    expect(readDataUrl(await readFileAsDataUrl(big))?.bytes).toBe(3 * 1024 * 1024)
  })

  it('uploads through uploadAttachment when given (URL or attachment)', async () => {
    expect(await toAttachment(pngFile())).toMatchObject({
      name: 'shot.png',
      contentType: 'image/png',
    })
    const seen: string[] = []
    const asUrl = await toAttachment(pngFile('a.png'), async (file) => {
      seen.push(file.name)
      return 'https://cdn.example.com/a.png'
    })
    expect(asUrl).toEqual({
      name: 'a.png',
      contentType: 'image/png',
      url: 'https://cdn.example.com/a.png',
    })
    const asObject = await toAttachment(pngFile('b.png'), async () => ({
      url: 'https://cdn.example.com/b',
      name: 'renamed.png',
    }))
    expect(asObject).toEqual({
      name: 'renamed.png',
      contentType: 'image/png',
      url: 'https://cdn.example.com/b',
    })
    expect(seen).toEqual(['a.png'])
  })
})

describe('attachmentRequestProblem (the server’s check, with the composer’s limits)', () => {
  const message = (attachments: unknown) => ({
    id: 'u1',
    role: 'user',
    content: 'What is this?',
    parts: [{ type: 'text', text: 'What is this?' }],
    experimental_attachments: attachments,
  })
  const request = (attachments: unknown) => ({ fp: 'anonymous', messages: [message(attachments)] })

  const cases: [string, unknown, RegExp | undefined][] = [
    [
      'an image data URL',
      [{ name: 'a.png', contentType: 'image/png', url: dataUrlOfBytes('image/png', 10) }],
      undefined,
    ],
    [
      'an uploaded PDF',
      [{ name: 'a.pdf', contentType: 'application/pdf', url: 'https://cdn.example.com/a.pdf' }],
      undefined,
    ],
    ['a placeholder', [{ name: 'old.png', contentType: 'image/png', url: '' }], undefined],
    [
      'five files',
      Array.from({ length: 5 }, () => ({
        contentType: 'image/png',
        url: dataUrlOfBytes('image/png', 1),
      })),
      /at most 4 files/,
    ],
    [
      'an HTML data URL',
      [{ name: 'x', contentType: 'text/html', url: 'data:text/html;base64,PHNjcmlwdD4=' }],
      /not accepted/,
    ],
    [
      'an SVG declared as PNG',
      [{ name: 'x', contentType: 'image/png', url: 'data:image/svg+xml;base64,PHN2Zz4=' }],
      /not accepted/,
    ],
    [
      'a too-large file',
      [
        {
          contentType: 'image/png',
          url: dataUrlOfBytes('image/png', DOCS_LIMITS.attachmentFileBytes + 3),
        },
      ],
      /at most 5242880 bytes/,
    ],
    [
      'three files over the total',
      Array.from({ length: 3 }, () => ({
        contentType: 'image/png',
        url: dataUrlOfBytes('image/png', 4 * 1024 * 1024),
      })),
      /together/,
    ],
    [
      'a javascript: URL',
      [{ contentType: 'image/png', url: 'javascript:alert(1)' }],
      /url must be/,
    ],
    [
      'an empty image',
      [{ contentType: 'image/png', url: 'data:image/png;base64,' }],
      /url must be|empty/,
    ],
  ]

  it.each(cases)('%s', (_name, attachments, problem) => {
    const found = attachmentRequestProblem(attachments)
    if (problem) expect(found).toMatch(problem)
    else expect(found).toBeUndefined()
    // The spec allows any attachment; the limits are the server's (and the composer's), so the
    // request schema still takes the body and leaves the refusal to them.
    expect(assistantRequestSchema.safeParse(request(attachments)).success).toBe(true)
  })
})

describe('storage bound', () => {
  const withImage = (id: string, bytes: number, role = 'user') => ({
    id,
    role,
    content: id,
    parts: [{ type: 'text', text: id }],
    experimental_attachments: [
      { name: `${id}.png`, contentType: 'image/png', url: dataUrlOfBytes('image/png', bytes) },
    ],
  })

  it('keeps the newest data within the budget and turns the rest into placeholders', () => {
    const messages = [withImage('old', 3000), withImage('mid', 3000), withImage('new', 3000)]
    const bounded = boundAttachmentData(messages, 9000)
    expect(bounded.map((m) => m.experimental_attachments[0]!.url === '')).toEqual([
      true,
      false,
      false,
    ])
    expect(bounded[0]!.experimental_attachments[0]).toEqual({
      name: 'old.png',
      contentType: 'image/png',
      url: '',
    })
    expect(bounded[2]).toBe(messages[2])
    expect(messages[0]!.experimental_attachments[0]!.url).not.toBe('')
  })

  it('one large image never pushes whole conversations out of the store', () => {
    const storage = new Map<string, string>()
    const store = createThreadStore({
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
      maxBytes: 50_000,
    })
    const text = (id: string, role: 'user' | 'assistant') => ({
      id,
      role,
      experimental_attachments: [] as { name: string; contentType: string; url: string }[],
      content: `${id} `.repeat(200),
      parts: [{ type: 'text', text: `${id} `.repeat(200) }],
    })
    const conversation = [
      text('q1', 'user'),
      text('a1', 'assistant'),
      withImage('q2', 2_000_000),
      text('a2', 'assistant'),
      withImage('q3', 3_000),
    ]
    store.setMessages('docs.example.com', conversation)
    const stored = store.getMessages<(typeof conversation)[number]>('docs.example.com')
    expect(stored.map((m) => m.id)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3'])
    expect(stored.every(isDocsMessage)).toBe(true)
    expect(stored[2]!.experimental_attachments).toEqual([
      { name: 'q2.png', contentType: 'image/png', url: '' },
    ])
    expect(stored[4]!.experimental_attachments?.[0]?.url).toBe(
      conversation[4]!.experimental_attachments[0]!.url,
    )
    expect(
      storage.get('docchat:default@https://api.mintlify.com:messages:docs.example.com')!.length,
    ).toBeLessThan(50_000)
  })

  it('a malformed attachment read back from storage is dropped, never the message', () => {
    const storage = new Map<string, string>()
    const warnings: string[] = []
    const store = createThreadStore({
      storage: {
        getItem: (key) => storage.get(key) ?? null,
        setItem: (key, value) => void storage.set(key, value),
        removeItem: (key) => void storage.delete(key),
      },
      onWarning: (warning) => warnings.push(warning.code),
    })
    const good = { name: 'ok.png', contentType: 'image/png', url: dataUrlOfBytes('image/png', 3) }
    storage.set(
      'docchat:default@https://api.mintlify.com:messages:docs.example.com',
      JSON.stringify([
        {
          id: 'q1',
          role: 'user',
          content: 'What is this?',
          parts: [{ type: 'text', text: 'What is this?' }],
          experimental_attachments: [good, { name: 'no-url.png' }, 5, { url: { evil: 1 } }],
        },
      ]),
    )
    const [message] = store.getMessages<Record<string, unknown>>('docs.example.com')
    expect(message?.id).toBe('q1')
    expect(warnings).toEqual([])
    expect(readAttachments(message).map((view) => view.name)).toEqual(['ok.png'])
    expect(boundAttachmentData([message], 0)[0]?.experimental_attachments).toHaveLength(4)
    expect(withoutPastAttachmentData([message, { role: 'user' }])).toHaveLength(2)
  })

  it('one large image never drops a conversation from the recent list either', () => {
    const conversations = createConversationStore({ storage: 'memory', maxBytes: 200_000 })
    const answer = (id: string) => ({
      id,
      role: 'assistant',
      content: 'An answer.',
      parts: [{ type: 'text', text: 'An answer.' }],
    })
    conversations.save('docs.example.com', { messages: [withImage('small', 300), answer('a1')] })
    conversations.save('docs.example.com', {
      messages: [withImage('huge', 1_000_000), answer('a2')],
    })
    const stored = conversations.list('docs.example.com')
    expect(stored.map((c) => c.title).sort()).toEqual(['huge', 'small'])
    const huge = stored.find((c) => c.title === 'huge')!
    expect((huge.messages[0] as ReturnType<typeof withImage>).experimental_attachments).toEqual([
      { name: 'huge.png', contentType: 'image/png', url: '' },
    ])
    const small = stored.find((c) => c.title === 'small')!
    expect(
      (small.messages[0] as ReturnType<typeof withImage>).experimental_attachments[0]!.url,
    ).not.toBe('')
  })

  it('requests carry only the newest question’s file data', () => {
    const messages = [withImage('q1', 30), withImage('a1', 30, 'assistant'), withImage('q2', 30)]
    const sent = withoutPastAttachmentData(messages)
    expect(sent.map((m) => m.experimental_attachments[0]!.url === '')).toEqual([true, true, false])
    expect(sent[2]).toBe(messages[2])
    expect(messageSchema.safeParse(sent[0]).success).toBe(true)
  })
})

describe('readAttachments (what the UI shows)', () => {
  it('shows safe images and PDFs, and hostile URLs as names only', () => {
    const png = dataUrlOfBytes('image/png', 4)
    const pdf = dataUrlOfBytes('application/pdf', 4)
    const views = readAttachments({
      experimental_attachments: [
        { name: 'a.png', contentType: 'image/png', url: png },
        { name: 'b.pdf', contentType: 'application/pdf', url: pdf },
        { name: 'up.webp', contentType: 'image/webp', url: 'https://cdn.example.com/up.webp' },
        { name: 'evil.png', contentType: 'image/png', url: 'data:text/html;base64,PHNjcmlwdD4=' },
        { name: 'svg.png', contentType: 'image/png', url: 'data:image/svg+xml;base64,PHN2Zz4=' },
        { name: 'js.png', contentType: 'image/png', url: 'javascript:alert(1)' },
        { name: 'pdf-as-image', contentType: 'image/png', url: pdf },
        { name: 'dropped.png', contentType: 'image/png', url: '' },
        'not an attachment',
        { name: 'malformed.png', contentType: 'image/png', url: 7 },
      ],
    })
    expect(views).toEqual([
      { name: 'a.png', contentType: 'image/png', kind: 'image', href: png },
      { name: 'b.pdf', contentType: 'application/pdf', kind: 'pdf', href: pdf },
      {
        name: 'up.webp',
        contentType: 'image/webp',
        kind: 'image',
        href: 'https://cdn.example.com/up.webp',
      },
      { name: 'evil.png', contentType: 'image/png', kind: 'image', href: null },
      { name: 'svg.png', contentType: 'image/png', kind: 'image', href: null },
      { name: 'js.png', contentType: 'image/png', kind: 'image', href: null },
      { name: 'pdf-as-image', contentType: 'application/pdf', kind: 'pdf', href: pdf },
      { name: 'dropped.png', contentType: 'image/png', kind: 'image', href: null },
    ])
  })
})

describe('readAttachments and readDataUrl do bounded work on hostile lengths (issue 20, finding 3)', () => {
  const withUrl = (url: string, extra: Record<string, unknown> = {}) => ({
    role: 'user',
    experimental_attachments: [{ name: 'a.png', contentType: 'image/png', url, ...extra }],
  })

  it.each([
    ['spaces', (n: number) => `https://a.example/${' '.repeat(n)}x`],
    ['control characters', (n: number) => `https://a.example/${'\u0001'.repeat(n)}x`],
    ['a data URL', (n: number) => `data:image/png;base64,${'A'.repeat(n)}`],
    ['a data URL with a bad tail', (n: number) => `data:image/png;base64,${'A'.repeat(n)}!`],
    ['a data URL header of commas', (n: number) => `data:${','.repeat(n)}`],
  ])('readAttachments is linear on a URL of %s', (_name, makeInput) => {
    expectLinearTime(
      (n) => withUrl(makeInput(n)),
      (message) => readAttachments(message),
    )
  })

  it('is linear on long names and content types, which it cuts', () => {
    expectLinearTime(
      (n) => withUrl('https://a.example/f', { name: 'n'.repeat(n), contentType: ' '.repeat(n) }),
      (message) => readAttachments(message),
    )
    const [view] = readAttachments(
      withUrl('https://a.example/f', { name: 'n'.repeat(5000), contentType: 'x'.repeat(5000) }),
    )
    expect(view?.name.length).toBe(1000)
    expect(view?.contentType).toBe('')
    expect(view?.href).toBe('https://a.example/f')
  })

  it('readDataUrl is linear, and reads a payload past the cap by its length only', () => {
    expectLinearTime(
      (n) => `data:image/png;base64,${'A'.repeat(n)}==`,
      (url) => readDataUrl(url),
    )
    const huge = `data:image/png;base64,${'A'.repeat(8_000_000)}`
    expect(readDataUrl(huge)).toEqual({ contentType: 'image/png', bytes: 6_000_000 })
    expect(attachmentRequestProblem([{ name: 'big.png', url: huge }])).toMatch(
      /6000000 bytes; a file may be at most 5242880 bytes/,
    )
    expect(readDataUrl('data:image/png;base64,AB=C')).toBeUndefined()
    expect(readDataUrl('data:image/png;base64,AB===')).toBeUndefined()
    expect(readDataUrl('data:image/png;base64,')).toEqual({ contentType: 'image/png', bytes: 0 })
    expect(readDataUrl(`data:${'x'.repeat(200)},AAAA`)).toBeUndefined()
  })
})
