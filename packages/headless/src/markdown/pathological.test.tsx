import { renderToStaticMarkup } from 'react-dom/server'
import { beforeAll, describe, expect, it } from 'vitest'
import { cpuMs } from '@docchat/test-utils/linear-time'
import { PATHOLOGICAL_INPUTS, parseAll } from '../../bench/pathological-inputs'
import { parseMarkdownBlocks } from './blocks'
import { parseInline } from './inline'
import { Markdown } from './markdown'

// Generous caps (the bench's goal is 50 ms in production React): a quadratic parser takes seconds
// on these 60,000-character inputs. On a loaded machine the caps grow with the time ordinary
// markdown of the same length takes in the same run, so load does not fail the test but a
// quadratic parser (hundreds of times slower than that) still does.
const CAP_MS = 500
const LOAD_FACTOR = 30

const ORDINARY = Array.from(
  { length: 400 },
  (_, index) =>
    `${index % 9 === 0 ? '## Step heading\n\n' : ''}Paragraph ${index} with **bold**, \`code\`, a [link](/page-${index}) and _more_ words.\n\n- item one\n- item two\n`,
)
  .join('\n')
  .slice(0, 60_000)

const rendered = PATHOLOGICAL_INPUTS.filter((input) => input.kind !== 'stress')

// 265 parses of 60,000 characters in one test: more than the default 15 s on a loaded machine.
describe('pathological markdown renders in linear time', { timeout: 120_000 }, () => {
  let renderCap = CAP_MS
  let parseCap = CAP_MS
  beforeAll(() => {
    renderCap = Math.max(
      CAP_MS,
      LOAD_FACTOR * cpuMs(() => renderToStaticMarkup(<Markdown content={ORDINARY} />)),
    )
    parseCap = Math.max(CAP_MS, LOAD_FACTOR * cpuMs(() => parseAll(ORDINARY)))
  })

  it.each(rendered.map((input) => [input.name, input] as const))('%s renders', (_name, input) => {
    let html = ''
    const ms = cpuMs(() => {
      html = renderToStaticMarkup(<Markdown content={input.markdown} />)
    }, 1)
    expect(html.length).toBeGreaterThan(0)
    expect(ms).toBeLessThan(renderCap)
  })

  it(`parses all ${PATHOLOGICAL_INPUTS.length} inputs (stress shapes included), each under the cap`, () => {
    const slow: string[] = []
    for (const input of PATHOLOGICAL_INPUTS) {
      const ms = cpuMs(() => parseAll(input.markdown), 1)
      if (ms >= parseCap)
        slow.push(`${input.name}: ${ms.toFixed(0)} ms (cap ${parseCap.toFixed(0)})`)
    }
    expect(slow).toEqual([])
  })
})

describe('what the linear parsers still read the same way', () => {
  it('drops unmatched closing parens after a bare URL, keeps balanced ones', () => {
    const links = (text: string) =>
      parseInline(text).flatMap((node) => (node.type === 'link' ? [node.href] : []))
    expect(links(`see https://a.b/${')'.repeat(30_000)}`)).toEqual(['https://a.b/'])
    expect(links('(see https://x.y/a_(b))')).toEqual(['https://x.y/a_(b)'])
    expect(links('at https://x.y/page.')).toEqual(['https://x.y/page'])
    expect(links('http:///nothing https://?q http://ok.example/')).toEqual(['http://ok.example/'])
  })

  it('reads headings, their closing hashes and blanks as the CommonMark regex did', () => {
    const heading = (line: string) => parseMarkdownBlocks(line)[0]
    expect(heading('## Title ##')).toEqual({ type: 'heading', level: 2, text: 'Title' })
    expect(heading('# Title#')).toEqual({ type: 'heading', level: 1, text: 'Title#' })
    expect(heading('#\tTabbed \t ###  \t')).toEqual({ type: 'heading', level: 1, text: 'Tabbed' })
    expect(heading('   ###')).toEqual({ type: 'heading', level: 3, text: '' })
    expect(heading(`# a${' '.repeat(60_000)}b`)).toMatchObject({ text: `a${' '.repeat(60_000)}b` })
    expect(heading('#hashtag')?.type).toBe('paragraph')
    expect(heading('####### seven')?.type).toBe('paragraph')
    expect(heading('    # indented')?.type).toBe('paragraph')
  })

  it('keeps hard breaks and strips other trailing blanks', () => {
    expect(parseInline('a  \nb')).toEqual([
      { type: 'text', value: 'a' },
      { type: 'break' },
      { type: 'text', value: 'b' },
    ])
    expect(parseInline('a \t\n   b\nc')).toEqual([{ type: 'text', value: 'a\nb\nc' }])
    expect(parseInline(`a${' '.repeat(60_000)}b\nc`)).toEqual([
      { type: 'text', value: `a${' '.repeat(60_000)}b\nc` },
    ])
  })

  it('matches code spans by run length and link labels across nesting', () => {
    expect(parseInline('`a`` ``b` ``c``')).toEqual([
      { type: 'code', value: 'a`` ``b' },
      { type: 'text', value: ' ' },
      { type: 'code', value: 'c' },
    ])
    expect(parseInline('[[a] `]` b](/x)')).toEqual([
      {
        type: 'link',
        href: '/x',
        children: [
          { type: 'text', value: '[a] ' },
          { type: 'code', value: ']' },
          { type: 'text', value: ' b' },
        ],
      },
    ])
  })

  it('still links the text after a backtick taken by a URL', () => {
    // The first bracket scan reads `…/` … `` ` `` as a code span; the main loop takes that backtick
    // as part of the URL, so the label after it is rescanned.
    const nodes = parseInline('[x https://a.b/` [label](/docs) `')
    expect(
      nodes.filter((node) => node.type === 'link').map((node) => node.type === 'link' && node.href),
    ).toEqual(['https://a.b/`', '/docs'])
  })
})
