import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { findHighlightRanges, Highlight, highlightTerms } from './highlight'

const marked = (text: string, query: string) =>
  findHighlightRanges(text, query).map((range) => text.slice(range.start, range.end))

describe('highlighting', () => {
  it('ignores stop words and one-letter terms', () => {
    expect(highlightTerms('How do I stream a reply?')).toEqual(['stream', 'reply'])
    expect(marked('I did it: do a stream, then reply in it', 'how do i stream a reply')).toEqual([
      'stream',
      'reply',
    ])
    expect(marked('a b c', 'a')).toEqual([])
  })

  it('marks whole words and word starts, never the middle of a word', () => {
    expect(marked('Streaming upstream streams', 'stream')).toEqual(['Stream', 'stream'])
    expect(marked('readDataStream(body)', 'stream')).toEqual(['Stream'])
    expect(marked('Proxy the proxying key', 'proxy key')).toEqual(['Proxy', 'proxy', 'key'])
  })

  it('matches the longest term first and treats regex characters literally', () => {
    expect(marked('useChat and use', 'use usechat')).toEqual(['useChat', 'use'])
    expect(marked('Use a.b() and A.B()', 'a.b(')).toEqual(['a.b', 'A.B'])
  })

  it('renders marks as elements, never HTML', () => {
    const { container } = render(<Highlight text="<b>bold</b> stream" query="how stream" />)
    expect(Array.from(container.querySelectorAll('mark'), (mark) => mark.textContent)).toEqual([
      'stream',
    ])
    expect(container.querySelector('b')).toBeNull()
  })
})
