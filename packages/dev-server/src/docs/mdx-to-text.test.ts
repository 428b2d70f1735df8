import { describe, expect, it } from 'vitest'
import { type MdxBlock, reduceMdx } from './mdx-to-text'

const textOf = (blocks: MdxBlock[]) =>
  blocks.map((block) => (block.kind === 'code' ? block.code : block.text)).join('\n\n')

describe('reduceMdx', () => {
  it('drops ESM, JSX comments, HTML comments and presentational elements', () => {
    const blocks = reduceMdx(
      [
        'import { Thing } from "/snippets/thing.jsx"',
        'import {',
        '  A,',
        '  B,',
        '} from "./parts.mdx"',
        'export const meta = {',
        '  a: 1,',
        '}',
        '',
        'Visible {/* hidden comment */} text. <!-- html comment -->',
        '',
        '<Icon icon="rocket" />',
        '<img src="/a.png" alt="Decorative" />',
        '<svg viewBox="0 0 10 10"><path d="M0 0" /><svg><g /></svg></svg>',
        '<script>{`window.x = 1`}</script>',
        'After.',
      ].join('\n'),
    )
    const text = textOf(blocks)
    expect(text).toContain('Visible text.')
    expect(text).toContain('After.')
    for (const gone of [
      'import',
      'export',
      'meta',
      'comment',
      'rocket',
      'Decorative',
      'path',
      'window',
    ]) {
      expect(text).not.toContain(gone)
    }
  })

  it('reduces components to their text and keeps meaningful attributes', () => {
    const text = textOf(
      reduceMdx(`
<CardGroup cols={2}>
  <Card
    title="Quickstart"
    icon="rocket"
    href="/quickstart"
  >
    Deploy in **minutes**.
  </Card>
</CardGroup>

<Tabs>
  <Tab title="npm">Install with npm.</Tab>
</Tabs>

<AccordionGroup>
  <Accordion title="Why MDX?" icon="circle-question">Because.</Accordion>
</AccordionGroup>

<ParamField path="voice_id" type="str" required deprecated>
  ID of the voice.
</ParamField>
<ResponseField name="items" type="array">The items.</ResponseField>
<ParamField query="limit" type="number" default="10">How many.</ParamField>

<Note>Read the [guide](/guide) first, press <kbd>Ctrl</kbd>.</Note>
<Tooltip tip="Application programming interface">API</Tooltip> keys go in <code>headers</code>.
Replace <YOUR_API_KEY> with your key.
`),
    )
    expect(text).toContain('Quickstart\n\nDeploy in **minutes**.')
    expect(text).not.toContain('rocket')
    expect(text).not.toContain('/quickstart')
    expect(text).toContain('npm\n\nInstall with npm.')
    expect(text).toContain('Why MDX?\n\nBecause.')
    expect(text).toContain('voice_id (str, required, deprecated)\n\nID of the voice.')
    expect(text).toContain('items (array)')
    expect(text).toContain('limit (number, default: 10)')
    expect(text).toContain('Read the guide first, press Ctrl.')
    expect(text).toContain('API keys go in headers.')
    expect(text).toContain('Replace <YOUR_API_KEY> with your key.')
  })

  it('keeps fenced code verbatim with its language and title, even inside components', () => {
    const blocks = reduceMdx(`
<CodeGroup>
  \`\`\`bash npm
  npm i -g mint
  # not a heading
  \`\`\`

  \`\`\`ts title="example.ts" {2}
  const x = <Card title="no">{'{'}</Card>
  \`\`\`
</CodeGroup>

~~~json
{ "a": 1 }
~~~
`)
    const code = blocks.filter((block) => block.kind === 'code')
    expect(code).toEqual([
      { kind: 'code', language: 'bash', title: 'npm', code: 'npm i -g mint\n# not a heading' },
      {
        kind: 'code',
        language: 'ts',
        title: 'example.ts',
        code: `const x = <Card title="no">{'{'}</Card>`,
      },
      { kind: 'code', language: 'json', code: '{ "a": 1 }' },
    ])
    expect(blocks.some((block) => block.kind === 'heading')).toBe(false)
  })

  it('turns headings and changelog updates into heading blocks', () => {
    const blocks = reduceMdx(`Intro.

## Install \`mint\` {#setup}

### With [npm](https://npmjs.com)

#### Minor heading

<Update label="2024-10-12" description="v1.2">
  Shipped things.
</Update>
`)
    expect(blocks.filter((block) => block.kind === 'heading')).toEqual([
      { kind: 'heading', level: 2, text: 'Install `mint`', anchor: 'setup' },
      { kind: 'heading', level: 3, text: 'With npm' },
      { kind: 'heading', level: 2, text: '2024-10-12' },
    ])
    expect(textOf(blocks)).toContain('Minor heading')
    expect(textOf(blocks)).toContain('v1.2\n\nShipped things.')
  })

  it('inlines imported .mdx snippets and keeps unresolved ones out', () => {
    const snippets: Record<string, string> = {
      '/snippets/steps.mdx': '## Shared steps\n\nDo the <Tooltip tip="x">thing</Tooltip>.',
    }
    const blocks = reduceMdx(
      'import Steps from "/snippets/steps.mdx"\nimport { Button } from "/snippets/button.jsx"\n\n<Steps />\n\n<Button label="Click" />\n',
      { resolveImport: (specifier) => snippets[specifier] },
    )
    expect(blocks).toContainEqual({ kind: 'heading', level: 2, text: 'Shared steps' })
    expect(textOf(blocks)).toContain('Do the thing.')
  })

  it('keeps link text, also when it wraps, and drops images', () => {
    const text = textOf(
      reduceMdx(
        'See the [container\nregistries guide](/guides/registries "Title").\n\n![Diagram of\nthe flow](/img.png)',
      ),
    )
    expect(text).toBe('See the container\nregistries guide.')
  })

  it('never throws on malformed input', () => {
    for (const source of [
      '<Card title="x"',
      '{unclosed',
      '```js\nno end',
      '<',
      '<a href=',
      '{/* x',
      '',
    ]) {
      expect(() => reduceMdx(source)).not.toThrow()
    }
  })
})

describe('reduceMdx keeps docs links for answers (route given)', () => {
  const route = '/pipecat/get-started/quickstart'
  const only = (source: string) => {
    const blocks = reduceMdx(source, { route })
    expect(blocks).toHaveLength(1)
    const block = blocks[0]!
    if (block.kind !== 'text') throw new Error(`expected a text block, got ${block.kind}`)
    return block
  }
  /** Every `[text](target)` of a linked text: no target may be anything but a site path or http(s). */
  const targets = (linked: string | undefined) =>
    [...(linked ?? '').matchAll(/\[[^[\]\n]*\]\(([^()\s]*)\)/g)].map((match) => match[1]!)

  it('writes Markdown, <a href> and <Card href> links as [text](target), resolved against the page; text stays the link text', () => {
    const block = only(
      [
        "Here's a [single-file example](/pipecat/examples/voice) and [the next page](./next).",
        'Go [up](../overview#intro), [to a heading](#install) or [to GitHub](https://github.com/pipecat-ai/pipecat "Repo").',
        'Read <a href="/guides/a">the guide</a> first.',
        '<Card title="Your first agent" href="/pipecat/learn/your-first-agent">Build it step by step.</Card>',
      ].join('\n'),
    )
    expect(block.text).toBe(
      [
        "Here's a single-file example and the next page.",
        'Go up, to a heading or to GitHub.',
        'Read the guide first.',
        '',
        'Your first agent',
        '',
        'Build it step by step.',
      ].join('\n'),
    )
    expect(block.linked).toBe(
      [
        "Here's a [single-file example](/pipecat/examples/voice) and [the next page](/pipecat/get-started/next).",
        'Go [up](/pipecat/overview#intro), [to a heading](/pipecat/get-started/quickstart#install) or [to GitHub](https://github.com/pipecat-ai/pipecat).',
        'Read [the guide](/guides/a) first.',
        '',
        '[Your first agent](/pipecat/learn/your-first-agent)',
        '',
        'Build it step by step.',
      ].join('\n'),
    )
  })

  it('gives the same blocks as without a route, but for `linked`', () => {
    const source =
      'A [link](/a) and <a href="https://example.com">another</a>.\n\n```js\nx\n```\n\nMore [text](#b).'
    const withRoute = reduceMdx(source, { route }).map((block) => {
      if (block.kind !== 'text') return block
      const { linked: _linked, ...rest } = block
      return rest
    })
    expect(withRoute).toEqual(reduceMdx(source))
  })

  it.each([
    ['javascript:', '[click](javascript:alert(1))', 'click)'],
    ['mixed-case JaVaScRiPt:', '[click](JaVaScRiPt:alert(1))', 'click)'],
    ['data:', '[click](data:text/html,<script>alert(1)</script>)', 'click\n\n)'],
    ['vbscript:', '[click](vbscript:msgbox)', 'click'],
    ['mailto:', '[mail us](mailto:a@example.com)', 'mail us'],
    ['protocol-relative //', '[click](//evil.example)', 'click'],
    ['a backslash /\\', '[click](/\\evil.example)', 'click'],
    ['a bare relative path', '[click](quickstart)', 'click'],
    ['a control character in <a href>', '<a href="/a\u0001b">click</a>', 'click'],
    ['a blank in <a href>', '<a href="/a b">click</a>', 'click'],
    ['javascript: in <a href>', '<a href="java&#115;cript:alert(1)">click</a>', 'click'],
    ['data: in <Card href>', '<Card title="click" href="data:text/html,x" />', 'click'],
    ['a number as link text (a citation look-alike)', '[2](/pipecat/x)', '2'],
    // Not a link to the reducer (its text ends at the first `]`): the characters stay, as before.
    ['brackets in the link text', '[a [b]](/x)', '[a [b]](/x)'],
  ])('leaves a link with %s as its plain text', (_, source, text) => {
    const block = only(source)
    expect(block.text).toBe(text)
    expect(block.text).toBe(textOf(reduceMdx(source)))
    expect(block.linked).toBeUndefined()
  })

  it('leaves huge, nested and unclosed link shapes as plain text', () => {
    const longText = 'a'.repeat(100_000)
    expect(only(`[${longText}](/x)`)).toEqual({ kind: 'text', text: longText })
    const longTarget = `/${'a'.repeat(100_000)}`
    expect(only(`[text](${longTarget})`)).toEqual({ kind: 'text', text: 'text' })
    const nested = `${'['.repeat(10_000)}x](/y)`
    const block = only(nested)
    expect(block.text).toBe(`${'['.repeat(9_999)}x`)
    expect(block.linked).toBeUndefined()
    const unclosed = `[text](${'a'.repeat(100_000)}`
    expect(only(unclosed)).toEqual({ kind: 'text', text: unclosed })
    for (const source of [`${'[a]('.repeat(25_000)}`, `${'!['.repeat(50_000)}`]) {
      const { linked } = only(source)
      expect(targets(linked)).toEqual([])
    }
  })
})
