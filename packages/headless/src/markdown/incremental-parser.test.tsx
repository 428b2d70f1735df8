import { act, render, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from './blocks'
import { createIncrementalMarkdownParser } from './incremental-parser'
import { Markdown } from './markdown'

/** Splits text into small "tokens" the way a model streams it. */
function tokens(text: string, size = 4): string[] {
  const result: string[] = []
  for (let index = 0; index < text.length; index += size)
    result.push(text.slice(index, index + size))
  return result
}

const ANSWER = Array.from({ length: 40 }, (_, index) =>
  index % 5 === 0
    ? `\`\`\`ts\nconst value${index} = ${index}\nconsole.log(value${index})\n\`\`\``
    : index % 7 === 0
      ? `- item ${index}\n- another item with **bold** text`
      : `Paragraph ${index} explains [a page](/page-${index}) with \`code\` and more words to stream.`,
).join('\n\n')

describe('createIncrementalMarkdownParser', () => {
  it('produces the same blocks as a full parse at every step', () => {
    const parser = createIncrementalMarkdownParser()
    let text = ''
    for (const token of tokens(ANSWER, 7)) {
      text += token
      expect(parser.parse(text)).toEqual(parseMarkdownBlocks(text))
    }
  })

  it('never rebuilds completed blocks: cost per token follows the open block, not the message', () => {
    const parser = createIncrementalMarkdownParser()
    let text = ''
    let previous = parser.parse('')
    let maxScannedPerToken = 0
    let completed = 0
    for (const token of tokens(ANSWER)) {
      text += token
      const before = parser.stats.charactersScanned
      const blocks = parser.parse(text)
      maxScannedPerToken = Math.max(maxScannedPerToken, parser.stats.charactersScanned - before)
      // Every block that was complete before this token is the very same object now.
      for (let index = 0; index < completed; index++) {
        expect(blocks[index]).toBe(previous[index])
      }
      // Completion lags the stream by at most the open block and the one before it.
      expect(parser.stats.completedBlocks).toBeGreaterThanOrEqual(blocks.length - 2)
      completed = parser.stats.completedBlocks
      previous = blocks
    }
    const finalBlocks = parseMarkdownBlocks(ANSWER).length
    // Each scan covers the last one or two blocks (twice: stable lines, then with the partial
    // line), never the whole answer.
    const largestBlock = Math.max(...ANSWER.split('\n\n').map((block) => block.length))
    expect(maxScannedPerToken).toBeLessThanOrEqual(4 * (largestBlock + 8))
    expect(maxScannedPerToken).toBeLessThan(ANSWER.length / 10)
    // Re-parsing the whole message per token would scan the sum of all prefixes.
    let fullReparseCost = 0
    for (let end = 4; end < ANSWER.length + 4; end += 4)
      fullReparseCost += Math.min(end, ANSWER.length)
    expect(parser.stats.charactersScanned).toBeLessThan(fullReparseCost / 5)
    expect(parser.stats.resets).toBe(0)
    expect(previous).toHaveLength(finalBlocks)
  })

  it('returns the cached result for the same text and restarts when the text is replaced', () => {
    const parser = createIncrementalMarkdownParser()
    const first = parser.parse('# A\n\nbody')
    expect(parser.parse('# A\n\nbody')).toBe(first)
    const other = parser.parse('Different')
    expect(other).toEqual([{ type: 'paragraph', text: 'Different' }])
    expect(parser.stats.resets).toBe(1)
  })

  it('does not commit a block on a partial line that may still change its meaning', () => {
    const parser = createIncrementalMarkdownParser()
    parser.parse('Intro line\n#')
    expect(parser.parse('Intro line\n#hashtag')).toEqual([
      { type: 'paragraph', text: 'Intro line\n#hashtag' },
    ])
  })

  it('splits a paragraph into a table once the delimiter row arrives', () => {
    const parser = createIncrementalMarkdownParser()
    expect(parser.parse('Results:\n| a | b |\n')[0]?.type).toBe('paragraph')
    expect(
      parser.parse('Results:\n| a | b |\n|---|---|\n| 1 | 2 |').map((block) => block.type),
    ).toEqual(['paragraph', 'table'])
  })
})

describe('Markdown while streaming', () => {
  it('keeps the same <pre> element for an unclosed fence as tokens arrive (no flicker)', async () => {
    const code = '```ts\nconst a = 1\nconst b = "two"\n// done\n```\n\nAfter.'
    const { container, rerender } = render(<Markdown content="Intro\n\n" streaming />)
    let pre: Element | null = null
    let copy: Element | null = null
    for (let end = 1; end <= code.length; end++) {
      act(() => rerender(<Markdown content={`Intro\n\n${code.slice(0, end)}`} streaming />))
      const current = container.querySelector('pre')
      if (!current) continue
      pre ??= current
      copy ??= container.querySelector('[data-docchat-code-block] button')
      expect(current).toBe(pre)
      expect(container.querySelector('[data-docchat-code-block] button')).toBe(copy)
    }
    expect(container.querySelector('[data-docchat-code-block]')).toHaveAttribute(
      'data-state',
      'complete',
    )
    await waitFor(() =>
      expect(container.querySelector('pre code .token-keyword')).toHaveTextContent('const'),
    )
    expect(container.querySelector('p:last-child')).toHaveTextContent('After.')
  })

  it('marks an unclosed fence as streaming and renders its code', () => {
    const { container } = render(
      <Markdown content={'```python\ndef f():\n    return 1'} streaming />,
    )
    const block = container.querySelector('[data-docchat-code-block]')
    expect(block).toHaveAttribute('data-state', 'streaming')
    expect(block).toHaveAttribute('data-language', 'python')
    expect(container.querySelector('pre')?.textContent).toBe('def f():\n    return 1')
    expect(container.firstElementChild).toHaveAttribute('data-state', 'streaming')
  })

  it('does not re-render completed blocks when tokens are appended', () => {
    const { container, rerender } = render(<Markdown content={'First paragraph.\n\nSecond'} />)
    const first = container.querySelector('p')
    const firstText = first?.firstChild
    rerender(<Markdown content={'First paragraph.\n\nSecond paragraph grows'} />)
    expect(container.querySelector('p')).toBe(first)
    expect(container.querySelector('p')?.firstChild).toBe(firstText)
  })
})
