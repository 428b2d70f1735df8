import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { parseMarkdownBlocks } from './blocks'
import { parseInline } from './inline'
import { Markdown } from './markdown'

describe('parseMarkdownBlocks', () => {
  it('parses the supported block types', () => {
    const blocks = parseMarkdownBlocks(
      [
        '## Heading ##',
        'Para line one',
        'line two',
        '',
        '- a',
        '- b',
        '  1. nested',
        '',
        '3) three',
        '4) four',
        '',
        '> quoted',
        'lazy',
        '',
        '| L | C | R |',
        '|:--|:-:|--:|',
        '| 1 | `a|b` | 3 |',
        '',
        '~~~',
        'tilde code',
        '~~~',
        '',
        '***',
      ].join('\n'),
    )
    expect(blocks.map((block) => block.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'blockquote',
      'table',
      'code',
      'thematic-break',
    ])
    expect(blocks[0]).toEqual({ type: 'heading', level: 2, text: 'Heading' })
    expect(blocks[2]).toMatchObject({ ordered: false, tight: true })
    const nested = (blocks[2] as { items: unknown[][] }).items[1]
    expect(nested?.[1]).toMatchObject({ type: 'list', ordered: true })
    expect(blocks[3]).toMatchObject({ ordered: true, start: 3 })
    expect(blocks[4]).toEqual({
      type: 'blockquote',
      children: [{ type: 'paragraph', text: 'quoted\nlazy' }],
    })
    expect(blocks[5]).toEqual({
      type: 'table',
      align: ['left', 'center', 'right'],
      header: ['L', 'C', 'R'],
      rows: [['1', '`a|b`', '3']],
    })
    expect(blocks[6]).toEqual({ type: 'code', language: '', code: 'tilde code', closed: true })
  })

  it('lets a list interrupt a paragraph and marks loose lists', () => {
    const blocks = parseMarkdownBlocks('Steps:\n- one\n\n- two')
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'list'])
    expect(blocks[1]).toMatchObject({ tight: false })
  })
})

describe('parseInline', () => {
  it('parses emphasis, strong, code, links, autolinks, breaks and escapes', () => {
    expect(parseInline('**b** *i* _u_ ***bi*** ~~d~~ `c` \\*lit\\* a  \nb')).toEqual([
      { type: 'strong', children: [{ type: 'text', value: 'b' }] },
      { type: 'text', value: ' ' },
      { type: 'emphasis', children: [{ type: 'text', value: 'i' }] },
      { type: 'text', value: ' ' },
      { type: 'emphasis', children: [{ type: 'text', value: 'u' }] },
      { type: 'text', value: ' ' },
      {
        type: 'strong',
        children: [{ type: 'emphasis', children: [{ type: 'text', value: 'bi' }] }],
      },
      { type: 'text', value: ' ' },
      { type: 'delete', children: [{ type: 'text', value: 'd' }] },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'c' },
      { type: 'text', value: ' ' },
      { type: 'text', value: '*' },
      { type: 'text', value: 'lit' },
      { type: 'text', value: '*' },
      { type: 'text', value: ' a' },
      { type: 'break' },
      { type: 'text', value: 'b' },
    ])
    expect(parseInline('snake_case_name')).toEqual([{ type: 'text', value: 'snake_case_name' }])
    expect(parseInline('see https://x.example/a_(b). <a@b.co>')).toEqual([
      { type: 'text', value: 'see ' },
      {
        type: 'link',
        href: 'https://x.example/a_(b)',
        children: [{ type: 'text', value: 'https://x.example/a_(b)' }],
      },
      { type: 'text', value: '. ' },
      { type: 'link', href: 'mailto:a@b.co', children: [{ type: 'text', value: 'a@b.co' }] },
    ])
    expect(parseInline('[**a**](/x "T")')).toEqual([
      {
        type: 'link',
        href: '/x',
        title: 'T',
        children: [{ type: 'strong', children: [{ type: 'text', value: 'a' }] }],
      },
    ])
    expect(parseInline('&amp; &copy; &#x41; &unknown;')).toEqual([
      { type: 'text', value: '& © A &unknown;' },
    ])
  })

  it('stays linear on pathological input', () => {
    const started = performance.now()
    parseInline('*a _b '.repeat(5000))
    parseInline('[x'.repeat(5000))
    parseInline('`'.repeat(3000))
    expect(performance.now() - started).toBeLessThan(2000)
  })
})

describe('Markdown rendering', () => {
  const DOCUMENT = [
    '# Title',
    '',
    'Text with **bold**, *em*, `code` and [a link](https://example.com).',
    '',
    '- one',
    '- two',
    '',
    '1. first',
    '',
    '> quote',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    '```json',
    '{ "a": 1 }',
    '```',
    '',
    '---',
  ].join('\n')

  it('renders semantic elements with no axe violations', async () => {
    const { container } = render(<Markdown content={DOCUMENT} />)
    for (const selector of [
      'h1',
      'strong',
      'em',
      'code',
      'a',
      'ul li',
      'ol li',
      'blockquote',
      'table th',
      'pre',
      'hr',
    ]) {
      expect(container.querySelector(selector), selector).not.toBeNull()
    }
    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])
  })

  it('offsets heading levels and hides the suggestions block on request', () => {
    const content = '# Answer\n\n```suggestions\n[How?](/how)\n```'
    const { container, rerender } = render(<Markdown content={content} headingOffset={2} />)
    expect(container.querySelector('h3')).toHaveTextContent('Answer')
    expect(container.querySelector('pre')).not.toBeNull()
    rerender(<Markdown content={content} headingOffset={2} hideSuggestions />)
    expect(container.querySelector('pre')).toBeNull()
  })

  it('starts headings at baseHeadingLevel without skipping levels', () => {
    const levels = (content: string) => {
      const { container, unmount } = render(<Markdown content={content} baseHeadingLevel={3} />)
      const tags = [...container.querySelectorAll('h1,h2,h3,h4,h5,h6')].map((h) => h.tagName)
      unmount()
      return tags
    }
    expect(levels('## Install\n\ntext\n\n### Options')).toEqual(['H3', 'H4'])
    expect(levels('# Title\n\n## Install')).toEqual(['H3', 'H4'])
    expect(levels('## Install\n\n#### Flags\n\n## Run')).toEqual(['H3', 'H4', 'H3'])
    expect(levels('> ### Quoted\n\n- item\n\n  ##### Deep')).toEqual(['H3', 'H4'])
    expect(levels('# a\n## b\n### c\n#### d\n##### e\n###### f')).toEqual([
      'H3',
      'H4',
      'H5',
      'H6',
      'H6',
      'H6',
    ])
  })

  it('accepts custom code block and link components', () => {
    const { container } = render(
      <Markdown
        content={'[x](/a)\n\n```sh\nls\n```'}
        components={{
          codeBlock: ({ code, language }) => <pre data-custom={language}>{code}</pre>,
          link: ({ href, children }) => (
            <a href={href} data-custom="">
              {children}
            </a>
          ),
        }}
      />,
    )
    expect(container.querySelector('pre[data-custom="sh"]')).toHaveTextContent('ls')
    expect(container.querySelector('a[data-custom]')).toHaveAttribute('href', '/a')
  })
})
