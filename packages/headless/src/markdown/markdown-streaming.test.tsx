import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { answerOfLength } from '../../bench/streaming-answer'
import { parseMarkdownBlocks } from './blocks'
import { createIncrementalMarkdownParser } from './incremental-parser'
import { Markdown } from './markdown'

describe('streaming cost does not grow with the answer', () => {
  it('compares only the open blocks (and a short head) with the previous text', () => {
    const answer = answerOfLength(32_000)
    const parser = createIncrementalMarkdownParser()
    let text = ''
    let maxCompared = 0
    for (let end = 4; end <= answer.length; end += 4) {
      text += answer.slice(end - 4, end)
      const before = parser.stats.charactersCompared
      parser.parse(text)
      maxCompared = Math.max(maxCompared, parser.stats.charactersCompared - before)
    }
    expect(parser.stats.resets).toBe(0)
    expect(parser.parse(text)).toEqual(parseMarkdownBlocks(answer))
    // The longest block of the answer is under 300 characters; the whole text is 32,000.
    expect(maxCompared).toBeLessThan(1_000)
  })

  it('starts over for a new text of the same length that shares the open block', () => {
    const parser = createIncrementalMarkdownParser()
    parser.parse('# Alpha\n\nFirst paragraph.\n\nSame tail')
    const next = parser.parse('# Omega\n\nOther paragraph.\n\nSame tail')
    expect(parser.stats.resets).toBe(1)
    expect(next).toEqual(parseMarkdownBlocks('# Omega\n\nOther paragraph.\n\nSame tail'))
  })

  it('starts over when the text gets shorter or its open block changes', () => {
    const parser = createIncrementalMarkdownParser()
    parser.parse('Para one.\n\nPara two grows')
    expect(parser.parse('Para one.\n\nPara two')).toEqual(
      parseMarkdownBlocks('Para one.\n\nPara two'),
    )
    expect(parser.parse('Para one.\n\nPara 2 grows on')).toEqual(
      parseMarkdownBlocks('Para one.\n\nPara 2 grows on'),
    )
    expect(parser.stats.resets).toBe(2)
  })
})

// Hundreds of renders each; a loaded machine needs more than the default 15 s.
describe('<Markdown> while streaming a long answer', { timeout: 90_000 }, () => {
  // Enough blocks for several render groups of 16, with headings of three levels, the deepest last.
  const answer = `# Guide\n\n${answerOfLength(6_000)}\n\n#### Deep note\n\nThe end.`

  it('renders the same DOM as a fresh render of the same text, headings levelled', () => {
    const props = { baseHeadingLevel: 3, docsBaseUrl: 'https://docs.example.com' }
    const { container, rerender } = render(<Markdown content="" streaming {...props} />)
    let text = ''
    let compared = 0
    for (let end = 19; end < answer.length + 19; end += 19) {
      text += answer.slice(end - 19, end)
      act(() => rerender(<Markdown content={text} streaming {...props} />))
      if (end % 399 < 19 || end >= answer.length) {
        const fresh = document.body.appendChild(document.createElement('div'))
        const reference = render(<Markdown content={text} streaming {...props} />, {
          container: fresh,
        })
        // Same nodes, text and attributes (in any order: a code block gets its language late).
        expect(container.isEqualNode(fresh), `at ${end} characters`).toBe(true)
        reference.unmount()
        fresh.remove()
        compared++
      }
    }
    expect(compared).toBeGreaterThan(15)
    // `#` → h3, `##` → h4, `####` → h5: levels follow the distinct levels in the whole answer.
    expect(container.querySelectorAll('h3')).toHaveLength(1)
    expect(container.querySelectorAll('h4').length).toBeGreaterThan(4)
    expect(container.querySelector('h5')).toHaveTextContent('Deep note')
  })

  it('keeps every completed block element (no remount across render groups)', () => {
    const { container, rerender } = render(<Markdown content="" streaming />)
    const seen = new Map<number, Element>()
    let text = ''
    for (let end = 13; end < answer.length + 13; end += 13) {
      text += answer.slice(end - 13, end)
      act(() => rerender(<Markdown content={text} streaming />))
      const children = Array.from(container.firstElementChild!.children)
      // Every element but the last two (the open block may still turn into another kind) stays.
      for (let index = 0; index < children.length - 2; index++) {
        const element = seen.get(index)
        if (element) expect(children[index]).toBe(element)
        else seen.set(index, children[index]!)
      }
    }
    expect(seen.size).toBeGreaterThan(40)
  })
})
