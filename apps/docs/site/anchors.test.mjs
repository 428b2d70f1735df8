// The site's heading ids and the dev server's search anchors come from one slugger and must
// agree: a search result's `/page#anchor` has to land on its heading.
import { loadDocs, parseDocs } from '@docchat/dev-server/docs'
import { startDevServer } from '@docchat/dev-server/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultDocsDir, loadPages } from './build.mjs'
import { renderMdx } from './render-mdx.mjs'

/** The headings a rendered page has: level, id and text, in order. */
function headingsOf(html) {
  const found = []
  for (const match of html.matchAll(
    /<h([1-6]) id="([^"]+)"><a class="heading-link" href="#\2">(.*?)<\/a><\/h\1>/g,
  )) {
    const text = match[3]
      .replace(/<[^>]+>/g, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&quot;', '"')
      .replaceAll('&#x27;', "'")
      .replaceAll('&amp;', '&')
    found.push({ level: Number(match[1]), id: match[2], text })
  }
  return found
}

/** The dev server keeps a heading's inline code marks in its text; the page shows the code. */
const plain = (heading) => heading.replaceAll('`', '')

describe('heading ids and search anchors, every page of apps/docs', () => {
  let site
  let corpus
  let server

  beforeAll(async () => {
    ;[site, corpus] = await Promise.all([loadPages(defaultDocsDir), loadDocs(defaultDocsDir)])
    // The real dev server over HTTP, serving what its loader read from apps/docs.
    server = await startDevServer({ port: 0, host: '127.0.0.1', docs: { docchat: corpus } })
  })

  afterAll(() => server?.close())

  it('renders every section the dev server indexes as a heading with its anchor and text', () => {
    expect(site.pages.length).toBe(corpus.pages.length)
    let anchors = 0
    for (const page of site.pages) {
      const doc = corpus.pages.find((candidate) => candidate.path === page.url)
      expect(doc, page.url).toBeDefined()
      const headings = headingsOf(page.html)
      for (const section of doc.sections.filter((s) => s.anchor)) {
        anchors++
        const heading = headings.find((h) => h.id === section.anchor)
        expect(heading?.text, `${page.url}#${section.anchor}`).toBe(plain(section.heading))
      }
      // And no heading of an indexed level the dev server numbers differently: each is a section,
      // or one it folded into the next (deeper) section's heading trail.
      const ids = new Set(doc.sections.map((s) => s.anchor))
      const trail = new Set(doc.sections.flatMap((s) => s.headings.map(plain)))
      for (const heading of headings.filter((h) => h.level <= 3)) {
        expect(ids.has(heading.id) || trail.has(heading.text), `${page.url}#${heading.id}`).toBe(
          true,
        )
      }
    }
    expect(anchors).toBeGreaterThan(100)
  })

  it('every anchor the dev server search returns over HTTP lands on a heading of the site', async () => {
    const htmlOf = new Map(site.pages.map((page) => [page.url, page.html]))
    const returned = new Set()
    const missing = []
    let queries = 0
    for (const doc of corpus.pages) {
      for (const section of doc.sections.filter((s) => s.anchor)) {
        queries++
        const response = await fetch(`${server.url}/discovery/v1/search/docchat`, {
          method: 'POST',
          headers: {
            Authorization: 'Bearer mint_dsc_dev_local',
            'Content-Type': 'application/json',
          },
          body: JSON.stringify({ query: `${doc.title} ${section.heading}`, pageSize: 50 }),
        })
        expect(response.status).toBe(200)
        const results = await response.json()
        for (const result of results) {
          if (!result.metadata.anchor) continue
          returned.add(result.path)
          const html = htmlOf.get(result.metadata.page)
          if (!html?.includes(` id="${result.metadata.anchor}"`)) missing.push(result.path)
        }
      }
    }
    expect(queries).toBeGreaterThan(100)
    // Between them the queries brought back every section of every page.
    const all = corpus.pages.flatMap((doc) =>
      doc.sections.filter((s) => s.anchor).map((s) => `${doc.path}#${s.anchor}`),
    )
    expect(all.filter((path) => !returned.has(path))).toEqual([])
    expect([...new Set(missing)]).toEqual([])
  })
})

describe('heading ids and search anchors on awkward headings', () => {
  // Headings whose text is more than words: code, markup, links, symbols, repeats, a changelog
  // entry. The site reads the MDX tree, the dev server its own text scanner; both slug the same.
  const page = [
    '---',
    'title: Awkward',
    '---',
    '## The `<docchat-widget>` element',
    'x',
    '## E = mc²',
    'x',
    '#### Install',
    'x',
    '## Install',
    'x',
    '## Install',
    'x',
    '### Install',
    'x',
    "## What's new? (v2)",
    'x',
    '## Step 1: [Install](/quickstart) it',
    'x',
    '## `useDocsSearch()` options',
    'x',
    '## Ünïcödé — dashes – and emoji 🚀',
    'x',
    '## <kbd>⌘</kbd> K opens search',
    'x',
    '<Update label="2025-01-02" description="Faster">',
    'Notes.',
    '</Update>',
    '## 2025-01-02',
    'x',
  ].join('\n')

  it('gives each heading the anchor the dev server indexes', () => {
    const corpus = parseDocs({
      'docs.json': JSON.stringify({ navigation: { pages: ['awkward'] } }),
      'awkward.mdx': page,
    })
    const sections = corpus.pages[0].sections.filter((s) => s.anchor)
    expect(sections.length).toBe(12)
    const { html, headings } = renderMdx(page.replace(/^---[\s\S]*?---\n/, ''), {
      page: 'awkward.mdx',
    })
    expect(headings.map((h) => h.id)).toEqual(sections.map((s) => s.anchor))
    expect(
      headingsOf(html)
        .filter((h) => h.level <= 3)
        .map((h) => [h.id, h.text]),
    ).toEqual(sections.map((s) => [s.anchor, plain(s.heading)]))
    expect(sections.map((s) => s.anchor)).toEqual([
      'the-docchat-widget-element',
      'e--mc',
      'install',
      'install-1',
      'install-2',
      'whats-new-v2',
      'step-1-install-it',
      'usedocssearch-options',
      'ünïcödé--dashes--and-emoji-',
      '-k-opens-search',
      '2025-01-02',
      '2025-01-02-1',
    ])
  })
})
