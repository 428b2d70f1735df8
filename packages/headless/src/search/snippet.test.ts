import { describe, expect, it } from 'vitest'
import { cleanSnippetParts, snippetParts, snippetText } from './snippet'

const text = (markdown: string) => snippetText(markdown, { maxLength: 1000 })

describe('search snippets', () => {
  it('drops fences but keeps the code, as code', () => {
    const parts = snippetParts(
      'Install it:\n\n```bash\nnpm i @docchat/widget\n```\n\nThen import.',
      {
        maxLength: 1000,
      },
    )
    expect(parts).toEqual([
      { text: 'Install it: ' },
      { text: 'npm i @docchat/widget', code: true },
      { text: ' Then import.' },
    ])
  })

  it('turns inline code into code parts without backticks', () => {
    expect(cleanSnippetParts('Call `createDocsClient()` with ``a `tick` ``, then go.')).toEqual([
      { text: 'Call ' },
      { text: 'createDocsClient()', code: true },
      { text: ' with ' },
      { text: 'a `tick`', code: true },
      { text: ', then go.' },
    ])
  })

  it('reads tables as cells, without delimiter rows', () => {
    const table = '| Option | Default |\n| --- | :---: |\n| `theme` | light |'
    expect(text(table)).toBe('Option · Default · theme · light')
    expect(text(table)).not.toMatch(/---|\|/)
  })

  it('removes emphasis, heading and list markers, link targets and MDX tags', () => {
    const markdown = [
      '## Proxying **the** key',
      '> Note: _really_ see [the guide](/guides/proxy "Proxy") or ![diagram](/a.png).',
      '- first item',
      '1. numbered <Card title="x">card</Card> and <https://example.com>',
      'snake_case_name stays, ~~gone~~ strike',
      '[1]: https://example.com/ref',
      'import { X } from "./x"',
      '---',
    ].join('\n')
    expect(text(markdown)).toBe(
      'Proxying the key Note: really see the guide or diagram. first item numbered card and https://example.com snake_case_name stays, gone strike',
    )
  })

  it('keeps brackets and backticks that open nothing', () => {
    expect(text('see [1] and a ` lone tick and [x](unclosed')).toBe(
      'see [1] and a ` lone tick and [x](unclosed',
    )
  })

  it('cuts to maxLength with an ellipsis, and starts near a far-away match', () => {
    const long = `${'Words before the point. '.repeat(20)}Streaming works end to end.`
    const cut = snippetText(long, { maxLength: 60 })
    expect(cut.length).toBeLessThanOrEqual(60)
    expect(cut.endsWith('…')).toBe(true)
    const near = snippetText(long, { maxLength: 60, query: 'stream' })
    expect(near.startsWith('…')).toBe(true)
    expect(near).toContain('Streaming works')
    expect(near.length).toBeLessThanOrEqual(60)
  })
  // Pathological input (a megabyte of one hostile pattern): linear-time.test.tsx, calibrated by
  // expectLinearTime instead of a wall-clock limit.
})
