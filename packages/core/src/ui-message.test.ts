// The UI message helpers on real messages (the transport's chunks from the real dev server,
// assembled by the AI SDK's own `readUIMessageStream`, on both endpoints) and on hostile ones.
import { readUIMessageStream, type UIMessage } from 'ai-v5'
import { createTestBackend, domain } from '@docchat/test-utils/backend'
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import {
  getUIMessageDisplayText,
  getUIMessageSources,
  getUIMessageSuggestions,
  getUIMessageText,
  type UIMessageLike,
} from './ui-message'
import { createDocsChatTransport } from './chat-transport'
import { DATA_LIMITS } from './docs-limits'

async function realAnswer(protocol: 'v1' | 'v2'): Promise<UIMessage> {
  const { client } = await createTestBackend()
  const transport = createDocsChatTransport({ client, domain, protocol })
  const messages: UIMessage[] = [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I install DocChat?' }] },
  ]
  const chunks = await transport.sendMessages({
    chatId: 'c1',
    messages,
    trigger: 'submit-message',
    messageId: undefined,
    abortSignal: undefined,
  })
  let last: UIMessage | undefined
  for await (const message of readUIMessageStream({ stream: chunks })) last = message
  return last!
}

const message = (...parts: Array<Record<string, unknown> & { type: string }>): UIMessageLike => ({
  parts,
})
const text = (value: string) => message({ type: 'text', text: value })

describe.each(['v1', 'v2'] as const)('a real answer over protocol %s', (protocol) => {
  it('sources come from the search tool, resolved under docsBaseUrl, each once', async () => {
    const answer = await realAnswer(protocol)
    const search = answer.parts.filter(
      (part) => part.type === 'dynamic-tool' && part.toolName === 'search',
    )
    expect(search).toHaveLength(1)
    const sources = getUIMessageSources(answer, { docsBaseUrl: 'https://docs.example.com' })
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) {
      expect(source.origin).toBe('search')
      expect(source.url).toMatch(/^https:\/\/docs\.example\.com\//)
      expect(source.title.length).toBeGreaterThan(0)
    }
    expect(new Set(sources.map((source) => source.url)).size).toBe(sources.length)
    // Without docsBaseUrl the API's relative paths stay relative (and still pass the policy).
    expect(getUIMessageSources(answer)[0]?.url).toMatch(/^\//)
  })

  it('display text drops the ```suggestions block, whose links become suggestions', async () => {
    const answer = await realAnswer(protocol)
    expect(getUIMessageText(answer)).toMatch(/```suggestions/)
    const display = getUIMessageDisplayText(answer)
    expect(display).not.toMatch(/suggestions/)
    expect(display.length).toBeGreaterThan(20)
    const suggestions = getUIMessageSuggestions(answer, { docsBaseUrl: 'https://docs.example.com' })
    expect(suggestions.length).toBeGreaterThan(0)
    for (const suggestion of suggestions) {
      expect(suggestion.url).toMatch(/^https:\/\/docs\.example\.com\//)
      expect(suggestion.text).not.toMatch(/[()[\]]$/)
    }
  })
})

describe('hostile and unusual messages', () => {
  it('a block still streaming is hidden whole, and text after a closed block stays', () => {
    expect(getUIMessageDisplayText(text('Answer.\n\n```suggestions\n(Inst'))).toBe('Answer.')
    expect(getUIMessageDisplayText(text('A.\n```suggestions\n(X)[/x]\n```\nB.'))).toBe('A.\n\nB.')
    expect(
      getUIMessageSuggestions(
        text('```suggestions\n- (Set up (advanced))[/setup]\n[MD](/md)\n```'),
      ),
    ).toEqual([
      { text: 'Set up (advanced)', path: '/setup', url: '/setup' },
      { text: 'MD', path: '/md', url: '/md' },
    ])
  })

  it('refused URLs come back as null, never as a link', () => {
    const hostile = [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example/x',
      'vbscript:x',
      `/${'a'.repeat(DATA_LIMITS.urlChars + 10)}`,
    ]
    const sources = getUIMessageSources(
      message(...hostile.map((url) => ({ type: 'source-url', sourceId: url, url, title: 'T' })), {
        type: 'dynamic-tool',
        toolName: 'search',
        state: 'output-available',
        output: hostile.map((path) => ({ path, metadata: { title: '<img src=x onerror=1>' } })),
      }),
      { docsBaseUrl: 'https://docs.example.com' },
    )
    expect(sources.length).toBeGreaterThan(0)
    for (const source of sources) expect(source.url).toBeNull()
    const suggestions = getUIMessageSuggestions(
      text(`\`\`\`suggestions\n${hostile.map((url) => `(Go)[${url}]`).join('\n')}\n\`\`\``),
    )
    expect(suggestions.length).toBeGreaterThan(0)
    for (const suggestion of suggestions) expect(suggestion.url).toBeNull()
  })

  it('ignores malformed parts, tool outputs that are not lists, and other tools', () => {
    const sources = getUIMessageSources(
      message(
        { type: 'dynamic-tool', toolName: 'search', state: 'input-available', input: {} },
        { type: 'dynamic-tool', toolName: 'search', state: 'output-available', output: 'nope' },
        {
          type: 'dynamic-tool',
          toolName: 'markNotFound',
          state: 'output-available',
          output: [{ path: '/x' }],
        },
        {
          type: 'dynamic-tool',
          toolName: 'search',
          state: 'output-available',
          output: [null, 7, { path: 42 }, { path: '/ok' }],
        },
        {
          type: 'tool-search',
          state: 'output-available',
          output: [{ path: '/typed', metadata: { title: 'Typed' } }],
        },
        { type: 'source-url', url: '/ok', title: 'Again' },
      ),
    )
    expect(sources).toEqual([
      { url: '/ok', title: '/ok', path: '/ok', origin: 'search' },
      { url: '/typed', title: 'Typed', path: '/typed', origin: 'search' },
    ])
  })

  it('bounds what it reads: a huge answer, title, tool output and suggestion line', () => {
    const long = 'x'.repeat(DATA_LIMITS.answerChars * 2)
    expect(getUIMessageText(text(long))).toHaveLength(DATA_LIMITS.answerChars)
    const title = 't'.repeat(100_000)
    const output = Array.from({ length: 10_000 }, (_, index) => ({
      path: `/p${index}`,
      metadata: { title },
    }))
    const sources = getUIMessageSources(
      message({ type: 'dynamic-tool', toolName: 'search', state: 'output-available', output }),
    )
    expect(sources).toHaveLength(50)
    expect(sources[0]?.title).toHaveLength(DATA_LIMITS.labelChars)
    expect(
      getUIMessageSuggestions(text(`\`\`\`suggestions\n(${'a'.repeat(100_000)})[/x]\n\`\`\``)),
    ).toEqual([])
  })

  it('runs in linear time on pathological text', () => {
    const shapes: Array<(n: number) => string> = [
      (n) => '```suggestions\n'.repeat(Math.ceil(n / 15)),
      (n) => `\`\`\`suggestions\n${'('.repeat(n)}`,
      (n) => `\`\`\`suggestions\n${')['.repeat(n / 2)}`,
      (n) => `${'`'.repeat(n)}suggestions\n`,
      (n) => `\n${' \t'.repeat(n / 2)}`,
    ]
    expect(shapes).toHaveLength(5)
    for (const shape of shapes) {
      expectLinearTime(
        (n) => text(shape(n)),
        (input) => {
          getUIMessageDisplayText(input)
          getUIMessageSuggestions(input)
        },
        { n: 1_000, maxN: 20_000 },
      )
    }
  })
})
