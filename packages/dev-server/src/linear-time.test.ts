/**
 * Every function that trims, splits or normalises request text (or text a model wrote) runs in
 * linear time on the worst inputs we know: runs of slashes, spaces, backticks, brackets and
 * capitals, 100k characters and up. `expectLinearTime` compares CPU time at n and 8n, so a
 * quadratic regex (ratio ≈ 64) fails however fast or loaded the machine is.
 */
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { withoutFailMarkers } from './admin/agent-jobs'
import { historyMessages } from './assistant/assistant-turn'
import { apiNames, composeAnswer, looksLikeCodeQuestion } from './assistant/compose-answer'
import { excerptSection, parseBlocks } from './assistant/excerpt'
import { contextTerms, retrievalQuery, unknownNames } from './assistant/retrieval'
import { blocks, sentences, terms, textAfter, wordGroups } from './assistant/text'
import { bearerToken } from './auth'
import { jsonShapeCheck } from './http'
import { normalisePagePath } from './discovery-routes'
import { splitFrontmatter } from './docs/frontmatter'
import { reduceMdx } from './docs/mdx-to-text'
import { normalisePagePath as normaliseNavigationPath } from './docs/navigation'
import { createDocsIndex } from './search/docs-index'
import { linkResult } from './search/result-links'
import { indexTerms } from './search/search-terms'
import { snippetOf } from './search/snippet'
import { buildSynonyms } from './search/synonyms'
import { fixtureCorpus } from './test/fixture-docs'

/** Memoised helpers answer a repeated input from their cache: each timed run gets its own. */
let unique = 0
const fresh = (text: string) => `${text}${unique++}`

describe('page paths', () => {
  const index = createDocsIndex(fixtureCorpus())

  it.each([
    ['slashes, then a letter', (n: number) => `/${'/'.repeat(n)}x`],
    ['slashes between letters', (n: number) => `a${'/'.repeat(n)}b`],
    ['a URL of many segments', (n: number) => `https://acme.example${'/a'.repeat(n)}`],
    ['question marks and hashes', (n: number) => `${'?#'.repeat(n)}\n`],
  ])('normalisePagePath and getPage with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (path) => normalisePagePath(path), { n: 4_000 })
    expectLinearTime(makeInput, (path) => index.getPage(path), { n: 4_000 })
  })

  it('still read the paths they read before', () => {
    expect(normalisePagePath('https://acme.example/guides/webhooks.mdx#retries')).toBe(
      '/guides/webhooks',
    )
    expect(normalisePagePath(' guides/webhooks///?x=1')).toBe('/guides/webhooks')
    expect(normalisePagePath('//')).toBe('/')
    expect(normalisePagePath('guides/index/')).toBe('/guides')
    expect(index.getPage('https://acme.example/docs/guides/webhooks/?x=1')?.path).toBe(
      '/guides/webhooks',
    )
    expect(index.getPage(`https://acme.example${'/a'.repeat(1_000)}/guides/webhooks`)?.path).toBe(
      '/guides/webhooks',
    )
    expect(index.getPage('///quickstart.mdx///')?.path).toBe('/quickstart')
  })
})

describe('paths in docs and results', () => {
  it('the docs navigation path and result links, with runs of slashes', () => {
    expectLinearTime((n) => `a${'/'.repeat(n)}x`, normaliseNavigationPath)
    expectLinearTime((n) => `${'?#'.repeat(n)}/`, normaliseNavigationPath)
    const result = (path: string) => ({
      content: '',
      path,
      metadata: { title: 't', breadcrumbs: [], score: 1, anchor: 'a' },
    })
    expectLinearTime(
      (n) => ({ path: `/${'/'.repeat(n)}x#y`, site: `https://docs.example${'/'.repeat(n)}x` }),
      ({ path, site }) => linkResult(result(path), { siteUrl: site }),
    )
  })
})

describe('search terms and query planning', () => {
  const index = createDocsIndex(fixtureCorpus())

  it.each([
    ['capitals, then a small letter', (n: number) => `${'A'.repeat(n)}a`],
    ['capitals and small letters', (n: number) => 'Aa'.repeat(n / 2)],
    ['digits', (n: number) => `${'1'.repeat(n)}x`],
  ])('indexTerms with %s', (_, makeInput) => {
    expectLinearTime(makeInput, indexTerms)
  })

  it.each([
    ['spaces', (n: number) => ` ${' '.repeat(n)}webhooks`],
    ['punctuation', (n: number) => `${'.,;!?'.repeat(n / 5)}x`],
    [
      'distinct words',
      (n: number) => Array.from({ length: n / 8 }, (_, i) => `w${i.toString(36)}x`).join(' '),
    ],
  ])('search and query planning with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (query) => index.search(query))
  })

  it('reads acronym definitions in docs text, however long the words before a parenthesis', () => {
    expectLinearTime(
      (n) => [`${'a'.repeat(n)} (`],
      (texts) => buildSynonyms(texts),
    )
    expectLinearTime(
      (n) => [`${'word '.repeat(n / 5)}(VAD)`],
      (texts) => buildSynonyms(texts),
    )
  })
})

describe('assistant text: questions, context and answers', () => {
  it.each([
    ['backticks', (n: number) => '`'.repeat(n)],
    ['unclosed fences', (n: number) => '```a\n'.repeat(n / 5)],
    ['one long fence marker', (n: number) => `${'`'.repeat(n)}\nx\n`],
    ['newlines and spaces', (n: number) => '\n '.repeat(n / 2)],
    ['angle brackets', (n: number) => '<'.repeat(n)],
    ['heading marks', (n: number) => '\n#'.repeat(n / 2)],
    ['list markers', (n: number) => '\n 1'.repeat(n / 3)],
    ['spaces', (n: number) => ' '.repeat(n)],
  ])('blocks, sentences, terms and word groups with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (text) => blocks(fresh(text)))
    expectLinearTime(makeInput, (text) => sentences(fresh(text)))
    expectLinearTime(makeInput, (text) => terms(text))
    expectLinearTime(makeInput, (text) => wordGroups(text))
  })

  it.each([
    ['underscores', (n: number) => `${'_'.repeat(n)}!`],
    ['backticks', (n: number) => `${'`'.repeat(n)}x`],
    ['capitals', (n: number) => `${'A'.repeat(n)}a`],
    ['"what does" without "look like"', (n: number) => 'what does '.repeat(n / 10)],
    ['dots and brackets', (n: number) => 'a.'.repeat(n / 2)],
  ])('question readers with %s', (_, makeInput) => {
    expectLinearTime(makeInput, looksLikeCodeQuestion)
    expectLinearTime(makeInput, apiNames)
    // One string per word allocated: garbage collection alone takes the ratio to ≈16 at 1M
    // characters (measured), within the default bound (32); quadratic would still be ≈64.
    expectLinearTime(makeInput, (question) =>
      retrievalQuery(question, ['How do webhooks work?'], [{ type: 'code', value: question }]),
    )
  })

  it.each([
    ['list markers', (n: number) => '- a\n'.repeat(n / 4)],
    ['table rows', (n: number) => `| a | b |\n| - | - |\n${'| x | y |\n'.repeat(n / 10)}`],
    ['pipes', (n: number) => '|'.repeat(n)],
    ['heading marks', (n: number) => '#'.repeat(n)],
    ['labels and paragraphs', (n: number) => 'name (string)\n\nWhat it is.\n\n'.repeat(n / 28)],
    ['backticks', (n: number) => '`'.repeat(n)],
    ['blank lines', (n: number) => '\n'.repeat(n)],
    // Code's string literals are read for sample sentences: quotes that never close on the line,
    // and quotes of every kind in turn.
    ['unclosed quotes in code', (n: number) => `\`\`\`ts\n${'"a b '.repeat(n / 5)}\n\`\`\``],
    ['mixed quotes in code', (n: number) => `\`\`\`ts\n${'"\'`x '.repeat(n / 5)}\n\`\`\``],
    // Pointers ("(see below)", "See the table below.", ", as shown above") are read in prose.
    ['a run of opening parentheses', (n: number) => `name ${'('.repeat(n)}`],
    ['unclosed asides pointing below', (n: number) => `name ${'(see below '.repeat(n / 10)}`],
    ['asides pointing below', (n: number) => `name string ${'(see below) '.repeat(n / 12)}`],
    ['sentences pointing below', (n: number) => `name string. ${'See below. '.repeat(n / 11)}`],
    ['clauses pointing above', (n: number) => `name string${', as shown above'.repeat(n / 16)}.`],
    [
      'apostrophes in and between words',
      (n: number) => `\`\`\`ts\n${"x'y 'z don't ".repeat(n / 14)}\n\`\`\``,
    ],
    ['one long string literal', (n: number) => `\`\`\`ts\nsend("${'a b '.repeat(n / 4)}")\n\`\`\``],
    [
      'a quote opened on every line',
      (n: number) => `\`\`\`ts\n${"x = 'a b\n".repeat(n / 9)}\`\`\``,
    ],
    ['a label of capitalised words', (n: number) => `${'Word'.repeat(n / 4)} (Vite)\n\nText.`],
    ['labels of one capitalised word', (n: number) => 'React (Vite)\n\nThen x:\n\n'.repeat(n / 24)],
    [
      '"Then" steps after code',
      (n: number) => '```sh\nnpm i x\n```\n\nThen name it:\n\n'.repeat(n / 36),
    ],
    ['many short units', (n: number) => 'a x.\n\n'.repeat(n / 6)],
  ])('excerpts, snippets and answers of a section with %s', (_, makeInput) => {
    const stems = ['name', 'string', 'a', 'x']
    // Strings and arrays per list item or table row: garbage collection takes the ratio past 20
    // under load (measured 23–35 with the package's whole suite running); quadratic is ≈64.
    const loose = { maxRatio: 40 }
    expectLinearTime(makeInput, (text) => parseBlocks(fresh(text)), loose)
    expectLinearTime(
      makeInput,
      (text) => excerptSection(fresh(text), { stems, budget: 1100, code: true }),
      loose,
    )
    expectLinearTime(makeInput, (text) => snippetOf(fresh(text), 'name string x'), loose)
    const result = (content: string, page = 'a', anchor = 'b') => ({
      content,
      path: `/${page}#${anchor}`,
      metadata: {
        title: page.toUpperCase(),
        section: anchor.toUpperCase(),
        anchor,
        page: `/${page}`,
      },
    })
    expectLinearTime(
      makeInput,
      (text) =>
        composeAnswer({ question: 'What is a name string?', results: [result(fresh(text))] }),
      loose,
    )
    // A second page's section, read (sectionText) for the words the first one left uncovered.
    expectLinearTime(
      makeInput,
      (text) =>
        composeAnswer({
          question: 'What is a name string x?',
          results: [result('A name.'), result(fresh(text), 'c', 'd')],
        }),
      loose,
    )
  })

  it.each([
    ['words', (n: number) => 'Word '.repeat(n / 5)],
    ['spaces before capitals', (n: number) => ' '.repeat(n) + 'Flutter'],
    ['identifiers', (n: number) => 'createDocsClient '.repeat(n / 17)],
    ['one long word', (n: number) => 'A'.repeat(n)],
  ])('a long question or context with %s', (_, makeInput) => {
    const index = createDocsIndex(fixtureCorpus())
    expectLinearTime(makeInput, (text) => unknownNames(text, index))
    expectLinearTime(makeInput, (text) => contextTerms([{ type: 'code', value: text }]))
    expectLinearTime(makeInput, (text) =>
      composeAnswer({
        question: text,
        results: [{ content: 'Word one.\n\n- two', path: '/a', metadata: { title: 'A' } }],
      }),
    )
  })

  it('finds where a stopped answer ends, whatever its whitespace', () => {
    // The partial with doubled blanks: compared but for whitespace, all the way.
    expectLinearTime(
      (n) => ({ full: `${'a '.repeat(n / 2)}rest`, partial: 'a  '.repeat(n / 2) }),
      ({ full, partial }) => textAfter(full, partial),
    )
    expectLinearTime(
      (n) => ({ full: `x${' '.repeat(n)}`, partial: `${' '.repeat(n)}y` }),
      ({ full, partial }) => textAfter(full, partial),
    )
  })

  it('strips suggestions blocks from history, whatever its backticks', () => {
    const turn = (content: string) => [{ role: 'assistant' as const, content }]
    expectLinearTime((n) => turn('`'.repeat(n)), historyMessages)
    expectLinearTime((n) => turn('```suggestions\n'.repeat(n / 15)), historyMessages)
  })
})

describe('agent job requests (admin)', () => {
  it('strips [fail] markers from a request of unclosed markers', () => {
    expectLinearTime((n) => '[fail'.repeat(n / 5), withoutFailMarkers)
    expect(withoutFailMarkers('Fix typos [FAIL:error] now [fail] [fail')).toBe(
      'Fix typos  now  [fail',
    )
  })
})

describe('request headers and docs files', () => {
  it('bearerToken with a run of blanks', () => {
    expectLinearTime(
      (n) =>
        new Request('http://dev.test/', {
          headers: { Authorization: `Bearer ${' '.repeat(n)}\u00a0x` },
        }),
      bearerToken,
      { maxN: 50_000 },
    )
  })

  it.each([
    ['loose YAML with a run of blanks', (n: number) => `---\nk:${' '.repeat(n)}\u2028\n: [\n---\n`],
    ['an unclosed frontmatter', (n: number) => `---\n${'a\n'.repeat(n / 2)}`],
  ])('splitFrontmatter with %s', (_, makeInput) => {
    expectLinearTime(makeInput, splitFrontmatter)
  })

  it.each([
    ['a heading of blanks', (n: number) => `# a${' \t'.repeat(n / 2)}\u2028\n`],
    ['a heading anchor after blanks', (n: number) => `## a${' '.repeat(n)}x\n`],
    ['braces in fence meta', (n: number) => `\`\`\`js ${'{'.repeat(n)}\nx\n\`\`\`\n`],
    [
      'a long attribute-like fence meta',
      (n: number) => `\`\`\`js ${'a-'.repeat(n / 2)}\nx\n\`\`\`\n`,
    ],
    ['import lines without from', (n: number) => 'import x\n'.repeat(n / 9)],
    ['a run of backticks', (n: number) => `${'`'.repeat(n)}\n`],
    ['unclosed fences', (n: number) => '```\n~~~\n'.repeat(n / 8)],
  ])('reduceMdx with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (source) => reduceMdx(source))
  })

  // Links, read with a route as pages are (links kept for answers) and without.
  it.each([
    ['nested brackets', (n: number) => `${'['.repeat(n)}x`],
    ['an unclosed link target', (n: number) => `[text](${'a'.repeat(n)}`],
    ['a run of unclosed links', (n: number) => '[a]('.repeat(n / 4)],
    ['a run of image openings', (n: number) => '!['.repeat(n / 2)],
    [
      'brackets, then one link with a long title',
      (n: number) => `${'['.repeat(n / 2)}a](b ${' '.repeat(n / 2)}"t"`,
    ],
    ['a run of links', (n: number) => '[a](/x) '.repeat(n / 8)],
    ['a run of <a href> links', (n: number) => '<a href="/x">a</a> '.repeat(n / 20)],
    ['one huge link text', (n: number) => `[${'a'.repeat(n)}](/x)`],
    ['one huge link target', (n: number) => `[a](/${'a'.repeat(n)})`],
  ])('reduceMdx with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (source) => reduceMdx(source, { route: '/a/b' }))
    expectLinearTime(makeInput, (source) => reduceMdx(source))
  })
})

describe('request bodies before parsing', () => {
  // The scan refuses a body at its limits; each shape stays under them so the whole is read.
  it.each([
    ['backslashes in a string', (n: number) => `{"a":"${'\\\\'.repeat(n)}"}`],
    ['quotes and escapes', (n: number) => `{"a":[${'"\\\\\\"",'.repeat(n)}""]}`],
    ['one long string', (n: number) => `{"a":"${'x'.repeat(n)}"}`],
    ['numbers and commas', (n: number) => `[${'1,'.repeat(n)}1]`],
  ])('jsonShapeCheck with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (body) => jsonShapeCheck(Number.MAX_SAFE_INTEGER).push(body))
  })
})
