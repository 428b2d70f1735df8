/**
 * Everything headless reads from a search (the query, which can come from a deep link or recent
 * searches in storage, and the results' titles and Markdown) does bounded, linear work
 * (issue 20: caps before work, and the regex lint's findings in highlight.tsx and snippet.ts).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { DATA_LIMITS } from '@docchat/core'
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { findHighlightRanges, Highlight, highlightTerms } from './highlight'
import { queryWords, trimToWord } from './search-terms'
import { cleanSnippetParts, snippetParts, snippetText } from './snippet'

const shapes: Array<[string, (n: number) => string]> = [
  ['punctuation', (n) => `${'.'.repeat(n)}a`],
  ['punctuation runs between words', (n) => `a${'-'.repeat(n)}b`],
  ['spaces', (n) => `${' '.repeat(n)}x`],
  ['control characters', (n) => `${'\u0001'.repeat(n)}x`],
  ['backticks', (n) => '`'.repeat(n)],
  ['brackets', (n) => '['.repeat(n)],
  ['angle brackets', (n) => '<a'.repeat(n / 2)],
  ['dashes', (n) => '-'.repeat(n)],
  ['definition lines', (n) => '[x]: y\n'.repeat(n / 7)],
  ['blank lines', (n) => '\n'.repeat(n)],
  ['import lines', (n) => ' \n\n import'.repeat(n / 10)],
  ['letters', (n) => 'a'.repeat(n)],
]

describe('search terms', () => {
  it.each(shapes)('highlightTerms and queryWords are linear on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (query) => highlightTerms(query))
    expectLinearTime(makeInput, (query) => queryWords(query))
  })

  it('trimToWord is linear on runs of punctuation that do not reach the end', () => {
    expectLinearTime(
      (n) => `${'!'.repeat(n)}a${'?'.repeat(n)}b`,
      (value) => trimToWord(value),
    )
    expect(trimToWord('“¿Stream?”')).toBe('Stream')
    expect(trimToWord('--')).toBe('')
  })

  it('reads at most 1,000 characters of a query, and no word over 64', () => {
    expect(queryWords(`${'a '.repeat(600)}late`)).not.toContain('late')
    expect(queryWords(`ok ${'x'.repeat(65)}`)).toEqual(['ok'])
  })
})

describe('highlights', () => {
  it.each(shapes)('findHighlightRanges is linear in text of %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (text) => findHighlightRanges(text, 'stream docs a-b'))
    expectLinearTime(
      (n) => makeInput(n),
      (query) => findHighlightRanges('Streaming docs and more docs', query),
    )
  })

  it('marks only within the first 10,000 characters', () => {
    const text = `stream ${'x'.repeat(DATA_LIMITS.highlightChars)} stream`
    expect(findHighlightRanges(text, 'stream')).toEqual([{ start: 0, end: 6 }])
    const html = renderToStaticMarkup(<Highlight text={text} query="stream" />)
    expect(html.match(/<mark>/g)).toHaveLength(1)
    expect(html.endsWith(' stream</span>')).toBe(true)
  })
})

describe('snippets', () => {
  it.each(shapes)('cleanSnippetParts and snippetText are linear on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (markdown) => cleanSnippetParts(markdown))
    expectLinearTime(makeInput, (markdown) => snippetText(markdown, { query: 'a' }))
  })

  // What the old wall-clock test proved (a megabyte of a hostile pattern costs a keystroke, not
  // seconds), without a fixed limit: linear growth up to megabytes, and the cap itself.
  it.each([
    '`',
    '` a',
    '``a`',
    '[',
    '[a](',
    '<a',
    '|',
    '_',
    '*a',
    '\\',
    '> ',
    '```\n',
    '| --- ',
    '![x](',
  ])('reads a snippet of 1 MB of %j from its first 5,000 characters, in linear time', (shape) => {
    const repeat = (n: number) => shape.repeat(Math.ceil(n / shape.length))
    expectLinearTime(repeat, (markdown) => snippetParts(markdown, { query: 'a' }), {
      n: 4_000,
      maxN: 1_000_000,
    })
    const huge = repeat(1_000_000)
    const snippet = snippetText(huge, { query: 'a' })
    expect(snippet.length).toBeLessThanOrEqual(160)
    expect(snippet).toBe(snippetText(huge.slice(0, DATA_LIMITS.snippetChars), { query: 'a' }))
  })
})
