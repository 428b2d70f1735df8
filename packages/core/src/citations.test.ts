import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { citationNumber, citedPages, numberCitations } from './citations'
import { conversationToMarkdown } from './conversation-markdown'

// Retrieval results as an answer cites them: results 1 and 3 are sections of one page, 5 is
// never cited. The reader sees three sources: Streaming (1), Threads (2), Limits (3).
const results = [
  { title: 'Streaming', url: '/guides/streaming#v1' },
  { title: 'Threads', url: '/guides/threads' },
  { title: 'Streaming', url: '/guides/streaming#v2' },
  { title: 'Limits', url: '/limits#rate' },
  { title: 'Unused', url: '/unused' },
]
const text = [
  'Stream with v1 [1](/guides/streaming#v1) or v2 [3](/guides/streaming#v2).',
  'Follow-ups keep their thread [2](/guides/threads); mind the limits [4](/limits#rate).',
  '',
  '```md',
  'A literal [3](/guides/streaming#v2) in code stays.',
  '```',
].join('\n')

describe('one citation numbering (issue 23)', () => {
  it('lists each cited page once, in the order of the results', () => {
    expect(citedPages(text, results).map((s) => s.url)).toEqual([
      '/guides/streaming#v1',
      '/guides/threads',
      '/limits#rate',
    ])
  })

  it('keeps every page when the answer cites none inline', () => {
    expect(citedPages('No links here.', results)).toHaveLength(4)
  })

  it('numbers a citation by its page in that list: the answer’s 3 and 4 read 1 and 3', () => {
    const pages = citedPages(text, results)
    expect(citationNumber('/guides/streaming#v2', pages)).toBe(1)
    expect(citationNumber('/limits#rate', pages)).toBe(3)
    expect(citationNumber('/unused', pages)).toBeUndefined()
    expect(numberCitations(text, pages).split('\n').slice(0, 2)).toEqual([
      'Stream with v1 [1](/guides/streaming#v1) or v2 [1](/guides/streaming#v2).',
      'Follow-ups keep their thread [2](/guides/threads); mind the limits [3](/limits#rate).',
    ])
    // Code is code.
    expect(numberCitations(text, pages)).toContain('A literal [3](/guides/streaming#v2) in code')
  })

  it('writes links absolute under linkBase, and a refused link as its text', () => {
    const pages = citedPages(text, results)
    const out = numberCitations(
      'See [4](/limits#rate), [the quickstart](/quickstart) and [x](javascript:alert).',
      pages,
      { linkBase: 'https://docs.example.com/' },
    )
    expect(out).toBe(
      'See [3](https://docs.example.com/limits#rate), [the quickstart](https://docs.example.com/quickstart) and x.',
    )
  })

  it('is linear on hostile text (runs of brackets, link openers and URL characters)', () => {
    for (const unit of ['[', '](', '[1](', 'a', '[1](/a']) {
      expectLinearTime(
        (n) => unit.repeat(n),
        (input) => numberCitations(input, citedPages(input, results)),
      )
    }
  })

  it('the export numbers and lists sources as the screen does, with absolute links', () => {
    const markdown = conversationToMarkdown(
      [
        { id: 'q', role: 'user', content: 'Q', parts: [{ type: 'text', text: 'Q' }] },
        { id: 'a', role: 'assistant', content: text, parts: [{ type: 'text', text }] },
      ],
      { sources: () => results, docsBaseUrl: 'https://docs.example.com' },
    )
    expect(markdown).toContain(
      'Stream with v1 [1](https://docs.example.com/guides/streaming#v1) or v2 [1](https://docs.example.com/guides/streaming#v2).',
    )
    expect(markdown).toContain('mind the limits [3](https://docs.example.com/limits#rate)')
    expect(markdown).toContain(
      '**Sources**\n\n1. [Streaming](https://docs.example.com/guides/streaming#v1)\n2. [Threads](https://docs.example.com/guides/threads)\n3. [Limits](https://docs.example.com/limits#rate)\n',
    )
  })
})
