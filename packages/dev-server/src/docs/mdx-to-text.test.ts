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
