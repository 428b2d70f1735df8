/**
 * The answers' Markdown parser (blocks and inline) is linear on the worst inputs we know of, and
 * an answer is cut to DATA_LIMITS.answerChars before it is parsed (issue 20: caps before work).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { DATA_LIMITS } from '@docchat/core'
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { parseMarkdownBlocks } from './blocks'
import { parseInline } from './inline'
import { Markdown } from './markdown'

const shapes: Array<[string, (n: number) => string]> = [
  ['spaces', (n) => `a${' '.repeat(n)}b`],
  ['control characters', (n) => `a${'\u0001'.repeat(n)}b`],
  ['backticks', (n) => '`'.repeat(n)],
  [
    'backtick runs of every length',
    (n) => Array.from({ length: n / 50 }, (_, i) => '`'.repeat((i % 97) + 1)).join('x'),
  ],
  ['brackets', (n) => '['.repeat(n)],
  ['links without ends', (n) => '[a]('.repeat(n / 4)],
  ['angle brackets', (n) => '<a'.repeat(n / 2)],
  ['autolinks without ends', (n) => '<http://a'.repeat(n / 9)],
  ['dashes', (n) => '-'.repeat(n)],
  ['list markers', (n) => '- '.repeat(n / 2)],
  ['quotes', (n) => '> '.repeat(n / 2)],
  ['emphasis', (n) => '*a'.repeat(n / 2)],
  ['underscores', (n) => '_a'.repeat(n / 2)],
  ['pipes', (n) => '|'.repeat(n)],
  ['fences', (n) => '```\n'.repeat(n / 4)],
  ['entities', (n) => '&#'.repeat(n / 2)],
  ['bare URLs', (n) => `https://a.b/${')'.repeat(n)}`],
]

describe('the Markdown parser is linear', () => {
  it.each(shapes)('parseMarkdownBlocks on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (markdown) => parseMarkdownBlocks(markdown))
  })

  it.each(shapes)('parseInline on %s', (_name, makeInput) => {
    // Emphasis and autolinks make an object every few characters, all alive until the call
    // returns, and at 8n the collector moves them all: 8× the input measured 11–29× the time on an
    // idle machine and 33× (three tries alike) in a loaded fresh-clone run, over the default 32.
    // A quadratic parser is 64× and more (the helper's own test asserts it stays above 48).
    expectLinearTime(makeInput, (markdown) => parseInline(markdown), { maxRatio: 48 })
  })
})

describe('an answer past DATA_LIMITS.answerChars', () => {
  it('is cut before it is parsed', () => {
    const html = renderToStaticMarkup(
      <Markdown content={`${'word '.repeat(DATA_LIMITS.answerChars / 5)}TAIL`} />,
    )
    expect(html).toContain('word')
    expect(html).not.toContain('TAIL')
  })
})
