import {
  conversationFileName,
  conversationToMarkdown,
  escapeMarkdownInline,
  sanitizeMarkdownLinks,
} from './conversation-markdown'
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { micromark } from 'micromark'
import { gfm, gfmHtml } from 'micromark-extension-gfm'
import { decodeEntities } from './html-entities'
import { hostileUrls } from './test/hostile-urls'
import { toSafeUrl } from './url-policy'

const question = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id,
  role: 'user',
  content: text,
  parts: [{ type: 'text', text }],
  ...extra,
})
const answer = (
  id: string,
  text: string,
  sources: Array<{ url: string; title?: string }> = [],
) => ({
  id,
  role: 'assistant',
  content: text,
  parts: [
    { type: 'text', text },
    ...sources.map((source, index) => ({
      type: 'source',
      source: { sourceType: 'url', id: `s${index}`, ...source },
    })),
  ],
})

/**
 * Every link target a Markdown reader would follow, read by a real CommonMark + GFM parser
 * (micromark, what remark and react-markdown use) with raw HTML allowed, as GitHub's renderer
 * would see it before sanitising.
 */
function linkTargets(markdown: string): string[] {
  const html = micromark(markdown, {
    allowDangerousHtml: true,
    allowDangerousProtocol: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  })
  const targets: string[] = []
  // Escaped text reaches the HTML as `&lt;`: only real tags start with `<`.
  for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) {
    for (const match of tag.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
      targets.push(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ''))
    }
  }
  return targets
}

/** What a browser would do with the target: only http(s) and mailto may be followed. */
function followable(target: string): boolean {
  let protocol: string
  try {
    protocol = new URL(target, 'https://docs.invalid/page/').protocol
  } catch {
    return true
  }
  return ['http:', 'https:', 'mailto:'].includes(protocol) && toSafeUrl(target) !== null
}

function unsafeTarget(target: string): boolean {
  try {
    const { protocol } = new URL(target, 'https://docs.invalid/page/')
    return !['http:', 'https:', 'mailto:'].includes(protocol)
  } catch {
    return false
  }
}

describe('conversationToMarkdown', () => {
  it('writes the title, each question quoted, the answer Markdown and its sources as links', () => {
    const markdown = conversationToMarkdown(
      [
        question('q1', 'How do I install?\nOn Linux.', {
          experimental_attachments: [
            {
              name: 'screen shot.png',
              contentType: 'image/png',
              url: 'data:image/png;base64,AAAA',
            },
          ],
        }),
        answer('a1', 'Run `npm i docchat`.\n\n```bash\nnpm i docchat\n```', [
          { url: '/quickstart#install', title: 'Quickstart' },
          { url: 'https://docs.example.com/cli', title: 'CLI' },
          { url: '/quickstart#install', title: 'Quickstart again' },
        ]),
        question('q2', 'And on Windows?'),
        answer('a2', 'The same. See [setup](/setup).'),
      ],
      {
        docsBaseUrl: 'https://docs.example.com',
        contextOf: (message) =>
          message.id === 'q1'
            ? [{ type: 'textSelection', value: 'Install with ```npm```', path: '/quickstart' }]
            : undefined,
      },
    )
    expect(markdown).toBe(
      [
        '# How do I install? On Linux.',
        '## Question',
        '> How do I install?\n> On Linux.',
        '**Context: Selected text** (/quickstart)',
        '````\nInstall with ```npm```\n````',
        '**Attachments:** screen shot.png',
        '## Answer',
        'Run `npm i docchat`.\n\n```bash\nnpm i docchat\n```',
        '**Sources**',
        '1. [Quickstart](https://docs.example.com/quickstart#install)\n2. [CLI](https://docs.example.com/cli)',
        '## Question',
        '> And on Windows?',
        '## Answer',
        'The same. See [setup](https://docs.example.com/setup).',
      ].join('\n\n') + '\n',
    )
  })

  it('takes the answer text and sources from the caller (the React helpers) when given', () => {
    const markdown = conversationToMarkdown([question('q', 'Q'), answer('a', 'raw')], {
      title: 'Mine',
      answerText: () => 'shown text',
      sources: () => [{ url: null, title: 'Refused one' }, { url: 'https://x.example/a' }],
      labels: { question: 'Frage', answer: 'Antwort', sources: 'Quellen' },
    })
    expect(markdown).toContain('# Mine\n')
    expect(markdown).toContain('## Frage')
    expect(markdown).toContain('## Antwort\n\nshown text')
    expect(markdown).toContain(
      '**Quellen**\n\n1. Refused one\n2. [https://x.example/a](https://x.example/a)',
    )
  })

  it('writes every hostile source URL as plain text, never as a link', () => {
    const messages = [
      question('q', 'Q'),
      answer(
        'a',
        'Answer',
        hostileUrls.map((url, index) => ({ url, title: `Hostile ${index}` })),
      ),
    ]
    const markdown = conversationToMarkdown(messages, { docsBaseUrl: 'https://docs.example.com' })
    for (const target of linkTargets(markdown)) expect(followable(target), target).toBe(true)
    expect(markdown).not.toMatch(/javascript:|vbscript:|data:text/i)
    expect(markdown).toContain('Hostile 0')
  })

  it('refuses hostile URLs inside the answer: inline links, images, autolinks, definitions, raw HTML', () => {
    for (const url of hostileUrls) {
      const text = [
        `See [the docs](${url}) and ![img](${url} "t").`,
        `<${url}>`,
        `[ref]: ${url}`,
        `<a href="${url}">x</a>`,
      ].join('\n\n')
      const markdown = conversationToMarkdown([question('q', 'Q'), answer('a', text)])
      // The raw HTML is text now: no tag of it is left.
      expect(markdown).toContain('\\<a href=')
      for (const target of linkTargets(markdown)) {
        // GFM links bare http(s) text of a refused URL (`blob:https://…`): http(s) is allowed.
        expect(unsafeTarget(target), `${JSON.stringify(url)} → ${target}`).toBe(false)
      }
    }
  })

  it('keeps safe links and code as written, and closes a fence the answer left open', () => {
    const text =
      'Use [x](https://a.example/p "Title") and <https://a.example/b>. `[no](javascript:1)` stays code.\n\n```js\n[not a link](javascript:alert(1))\n'
    const out = sanitizeMarkdownLinks(text)
    expect(out).toContain('[x](https://a.example/p "Title")')
    expect(out).toContain('<https://a.example/b>')
    expect(out).toContain('`[no](javascript:1)`')
    expect(out).toContain('```js\n[not a link](javascript:alert(1))\n\n```')
    const markdown = conversationToMarkdown([
      question('q', 'Q'),
      answer('a', text, [{ url: 'https://a.example/s', title: 'S' }]),
    ])
    // The sources heading is outside the code block the answer opened.
    const fences = markdown.slice(0, markdown.indexOf('**Sources**')).match(/^```/gm) ?? []
    expect(fences.length % 2).toBe(0)
  })

  it('escapes titles, questions, source titles and file names so they cannot change the structure', () => {
    const hostileTitle =
      '# Heading\n[link](javascript:alert(1)) <img src=x onerror=alert(1)> *bold* | a |'
    const markdown = conversationToMarkdown(
      [
        question('q', `${hostileTitle}\n- list\n1. item\n---\n> quote`, {
          experimental_attachments: [
            { name: '](javascript:1) <b>.png', url: 'https://x.example/f' },
          ],
        }),
        answer('a', 'ok', [
          { url: 'https://a.example/', title: '] (javascript:1) [x](https://evil.example)' },
        ]),
      ],
      { title: hostileTitle },
    )
    const lines = markdown.split('\n')
    expect(lines[0]).toBe(
      '# \\# Heading \\[link\\](javascript:alert(1)) \\<img src=x onerror=alert(1)\\> \\*bold\\* \\| a \\|',
    )
    expect(lines.filter((line) => line.startsWith('#'))).toEqual([
      lines[0],
      '## Question',
      '## Answer',
    ])
    expect(markdown).toContain('> \\- list\n> 1\\. item\n> \\---\n> \\> quote')
    expect(markdown).toContain('**Attachments:** \\](javascript:1) \\<b\\>.png')
    expect(markdown).toContain(
      '1. [\\] (javascript:1) \\[x\\](https://evil.example)](https://a.example/)',
    )
    expect(linkTargets(markdown)).toEqual(['https://a.example/'])
  })

  it.each([
    ['[', (n: number) => '['.repeat(n)],
    ['[a](', (n: number) => '[a]('.repeat(n / 4)],
    ['[a](<', (n: number) => '[a](<'.repeat(n / 5)],
    ['[a](x "', (n: number) => '[a](x "'.repeat(n / 7)],
    ['<a:', (n: number) => '<a:'.repeat(n / 3)],
    [
      'backtick runs of every length',
      (n: number) => Array.from({ length: n / 100 }, (_, i) => '`'.repeat((i % 200) + 1)).join('x'),
    ],
    ['fences', (n: number) => '```\n'.repeat(n / 4)],
    ['fences in list items', (n: number) => '- ```\n'.repeat(n / 6)],
    ['backslashes', (n: number) => '\\'.repeat(n)],
    ['definitions', (n: number) => '[x]: '.repeat(n / 5)],
    ['definition lines', (n: number) => '[x]: /a\n'.repeat(n / 8)],
    ['nested quotes', (n: number) => '> '.repeat(n / 2)],
    ['nested list markers', (n: number) => '- '.repeat(n / 2)],
    ['ordered markers', (n: number) => '1. '.repeat(n / 3)],
    ['quote lines', (n: number) => '> > > > > > > > > > > > > > > > > > > > a\n'.repeat(n / 42)],
    ['indented list lines', (n: number) => '- a\n  - b\n    - c\n'.repeat(n / 24)],
    ['pipes', (n: number) => '|'.repeat(n)],
    ['table rows', (n: number) => `| a | b |\n| - | - |\n${'| `x | y` |\n'.repeat(n / 12)}`],
    ['tabs', (n: number) => '\t'.repeat(n / 2) + 'x\n'.repeat(n / 4)],
    ['blank lines', (n: number) => '\n'.repeat(n)],
    ['spaces', (n: number) => `a${' '.repeat(n)}b`],
    ['xmpp', (n: number) => 'xmpp:'.repeat(n / 5)],
    ['hashes', (n: number) => `# ${'#'.repeat(n)} x`],
  ])('is linear on pathological input: %s', (_name, shape) => {
    expectLinearTime(shape, (text) =>
      conversationToMarkdown([question('q', text), answer('a', text)]),
    )
  })
})

describe('conversationToMarkdown on long link destinations (issue 20, finding 3)', () => {
  const exportOf = (text: string) => conversationToMarkdown([question('q', 'Q'), answer('a', text)])

  it.each([
    [
      'an angle-bracket destination of spaces',
      (n: number) => `[x](<https://a.example/${' '.repeat(n)}x>)`,
    ],
    [
      'an angle-bracket destination of controls',
      (n: number) => `[x](<https://a.example/${'\u0001'.repeat(n)}x>)`,
    ],
    ['a bare destination', (n: number) => `[x](https://a.example/${'a'.repeat(n)})`],
    ['an autolink', (n: number) => `<https://a.example/${'a'.repeat(n)}>`],
    ['a reference definition', (n: number) => `[x]: <https://a.example/${' '.repeat(n)}x>`],
  ])('is linear on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, exportOf)
  })

  it('writes a destination past the URL cap as text, not as a link', () => {
    const markdown = exportOf(`[x](<https://a.example/${' '.repeat(100_000)}x>)`)
    // Only what GFM links by itself is left (the bare `https://a.example/`): no 100 KB target.
    expect(linkTargets(markdown)).toEqual(['https://a.example/'])
    expect(markdown).toContain('\\[x](\\<https://a.example/')
    expect(exportOf('[x](<https://a.example/a b>)')).toContain('[x](https://a.example/a%20b)')
  })
})

describe('escapeMarkdownInline', () => {
  it('puts text on one line with every syntax character escaped', () => {
    expect(escapeMarkdownInline(' a\n\n*b*  [c](d) `e` ')).toBe('a \\*b\\* \\[c\\](d) \\`e\\`')
  })
})

describe('conversationFileName', () => {
  it('is a safe file name from the title', () => {
    expect(conversationFileName('How do I install the CLI?')).toBe('how-do-i-install-the-cli.md')
    expect(conversationFileName('../../etc/passwd')).toBe('etc-passwd.md')
    expect(conversationFileName('Café ünïcode 日本語')).toBe('cafe-unicode-日本語.md')
    expect(conversationFileName('???')).toBe('conversation.md')
    expect(conversationFileName('x'.repeat(300)).length).toBeLessThanOrEqual(63)
  })
})
