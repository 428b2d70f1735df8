import { type MarkdownBlock, parseMarkdownBlocks } from '../src/markdown/blocks'
import { parseInline } from '../src/markdown/inline'

/**
 * Markdown that makes naive parsers quadratic: long runs of every ASCII punctuation character (alone,
 * spaced, between letters, one per line, after a word), plus the shapes that were slow once. Shared by
 * the bench (`pnpm bench`) and the tests that cap each render.
 */

const PATHOLOGICAL_LENGTH = 60_000

const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'

const fill = (unit: string, length = PATHOLOGICAL_LENGTH) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

export interface PathologicalInput {
  name: string
  markdown: string
  /**
   * `run`: one punctuation character ×60,000 (issue 9's bench); `known`: the shapes the issue found
   * slow; `stress`: more shapes, some of which render tens of thousands of elements.
   */
  kind: 'run' | 'known' | 'stress'
}

function punctuationRuns(): PathologicalInput[] {
  const inputs: PathologicalInput[] = []
  for (const char of PUNCTUATION) {
    const shown = JSON.stringify(char)
    inputs.push({ name: `${shown} ×60,000`, markdown: fill(char), kind: 'run' })
    const stress: Array<[string, string]> = [
      [`"${char} " ×30,000`, fill(`${char} `)],
      [`"${char}a" ×30,000`, fill(`${char}a`)],
      [`"a${char}" ×30,000`, fill(`a${char}`)],
      [`"${char}\\n" ×30,000`, fill(`${char}\n`)],
      [`${shown} ×30,000 then spaces`, `${fill(char, 30_000)}${fill(' ', 29_999)}x`],
      [`word then ${shown} ×60,000`, `see ${fill(char)}`],
    ]
    for (const [name, markdown] of stress) inputs.push({ name, markdown, kind: 'stress' })
  }
  return inputs
}

/** Shapes that took seconds before the parsers were made linear (issue 9 §3) and their cousins. */
const SHAPES: PathologicalInput[] = [
  { name: 'URL then 30,000 ")"', markdown: `see https://a.b/${fill(')', 30_000)}`, kind: 'known' },
  { name: 'URL then 30,000 "("', markdown: `see https://a.b/${fill('(', 30_000)}`, kind: 'stress' },
  {
    name: 'URL then 30,000 "()"',
    markdown: `see https://a.b/${fill('()', 30_000)}`,
    kind: 'stress',
  },
  { name: 'URL then 30,000 "."', markdown: `see https://a.b/${fill('.', 30_000)}`, kind: 'stress' },
  { name: 'heading then spaces', markdown: `# a${fill(' ', PATHOLOGICAL_LENGTH)}b`, kind: 'known' },
  { name: 'heading of spaces and hashes', markdown: `# ${fill(' #')}x`, kind: 'stress' },
  { name: 'heading of tabs', markdown: `#${fill('\t')}a`, kind: 'stress' },
  { name: 'trailing spaces before a letter', markdown: `a${fill(' ')}b\nc`, kind: 'known' },
  { name: 'spaces and tabs before a break', markdown: `a${fill(' \t')}b\nc`, kind: 'known' },
  { name: '30,000 short lines', markdown: fill('a\n'), kind: 'known' },
  { name: '20,000 lines with a hard break', markdown: fill('a  \n'), kind: 'stress' },
  {
    name: 'thematic break then spaces',
    markdown: `${fill('- ', 30_000)}${fill(' ', 29_999)}x`,
    kind: 'stress',
  },
  {
    name: 'table delimiter then spaces',
    markdown: `a|b\n${fill('-', 30_000)}${fill(' ', 29_999)}x`,
    kind: 'stress',
  },
  { name: 'table delimiter cells', markdown: `a|b\n${fill('|-')}x`, kind: 'stress' },
  { name: 'table of 30,000 rows', markdown: `a|b\n-|-\n${fill('1|2\n')}`, kind: 'stress' },
  { name: 'nested quotes', markdown: fill('> '), kind: 'stress' },
  { name: 'nested lists', markdown: fill('- '), kind: 'stress' },
  { name: 'nested ordered lists', markdown: fill('1. '), kind: 'stress' },
  { name: 'list items', markdown: fill('- a\n'), kind: 'stress' },
  { name: 'open link labels', markdown: fill('[a'), kind: 'stress' },
  { name: 'open image labels', markdown: fill('!['), kind: 'stress' },
  { name: 'link destinations', markdown: fill('[a]('), kind: 'stress' },
  { name: 'unclosed link title', markdown: `[a](b "${fill('a')}`, kind: 'stress' },
  { name: 'links', markdown: fill('[a](b) '), kind: 'stress' },
  { name: 'angle autolinks', markdown: fill('<a:'), kind: 'stress' },
  { name: 'email autolinks', markdown: fill('<a@'), kind: 'stress' },
  { name: 'bare URLs', markdown: fill('http://'), kind: 'stress' },
  { name: 'https words', markdown: fill('https://a '), kind: 'stress' },
  { name: 'backtick runs of growing length', markdown: growingRuns('`', 'a'), kind: 'stress' },
  { name: 'emphasis runs of growing length', markdown: growingRuns('*', 'a'), kind: 'stress' },
  { name: 'tilde runs of growing length', markdown: growingRuns('~', 'a'), kind: 'stress' },
  { name: 'code spans', markdown: fill('`a` '), kind: 'stress' },
  { name: 'alternating delimiters', markdown: fill('*_~'), kind: 'stress' },
  {
    name: 'openers then closers',
    markdown: `${fill('*a', 30_000)}${fill('a*', 30_000)}`,
    kind: 'stress',
  },
  { name: 'strong openers', markdown: fill('**a '), kind: 'stress' },
  { name: 'entities', markdown: fill('&amp;'), kind: 'stress' },
  { name: 'numeric entities', markdown: fill('&#'), kind: 'stress' },
  { name: 'escapes', markdown: fill('\\*'), kind: 'stress' },
  { name: 'open fences', markdown: fill('```\n'), kind: 'stress' },
  { name: 'fence with a long info string', markdown: `\`\`\`${fill('a')}\ncode`, kind: 'stress' },
  {
    name: 'code block of 30,000 lines',
    markdown: `\`\`\`ts\n${fill('const a = "b" // c\n')}`,
    kind: 'stress',
  },
]

function growingRuns(char: string, separator: string): string {
  let text = ''
  for (let run = 1; text.length < PATHOLOGICAL_LENGTH; run++) text += char.repeat(run) + separator
  return text.slice(0, PATHOLOGICAL_LENGTH)
}

export const PATHOLOGICAL_INPUTS: PathologicalInput[] = [...punctuationRuns(), ...SHAPES]

/** Every inline text of `blocks` (paragraphs, headings, list items, quotes, table cells). */
function inlineTexts(blocks: readonly MarkdownBlock[], into: string[] = []): string[] {
  for (const block of blocks) {
    if (block.type === 'paragraph' || block.type === 'heading') into.push(block.text)
    else if (block.type === 'list') for (const item of block.items) inlineTexts(item, into)
    else if (block.type === 'blockquote') inlineTexts(block.children, into)
    else if (block.type === 'table') into.push(...block.header, ...block.rows.flat())
  }
  return into
}

/** The parse alone, block and inline, without React: what must stay linear whatever the output. */
export function parseAll(markdown: string): number {
  let nodes = 0
  for (const text of inlineTexts(parseMarkdownBlocks(markdown))) nodes += parseInline(text).length
  return nodes
}
