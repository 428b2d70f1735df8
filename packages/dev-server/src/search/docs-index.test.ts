import { type SearchResult, searchResultsSchema } from '@docchat/core'
import { describe, expect, it } from 'vitest'
import { parseDocs } from '../docs/parse-docs'
import { describeOnMintlify } from '../test/corpora'
import { createDocsIndex, type DocsIndex } from './docs-index'

const page = (title: string, body: string, extra = '') =>
  `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`

/** Two versions, two languages, a shared unversioned page and a boosted twin. */
const fixture = parseDocs({
  'docs.json': JSON.stringify({
    navigation: {
      languages: [
        {
          language: 'en',
          versions: [
            { version: 'v2', groups: [{ group: 'Setup', pages: ['v2/install', 'v2/webhooks'] }] },
            { version: 'v1', groups: [{ group: 'Setup', pages: ['v1/install'] }] },
          ],
          tabs: [{ tab: 'Shared', groups: [{ group: 'All', pages: ['faq', 'plain', 'boosted'] }] }],
        },
        { language: 'de', groups: [{ group: 'Einrichtung', pages: ['de/install'] }] },
      ],
    },
  }),
  'v2/install.mdx': page(
    'Install the CLI',
    'Install the command line tool.\n\n## Configure navigation\n\nEdit the navigation file.',
  ),
  'v2/webhooks.mdx': page('Webhooks', 'Receive webhook events with a signing secret.'),
  'v1/install.mdx': page('Install the legacy CLI', 'Install the old command line tool.'),
  'de/install.mdx': page('Installation', 'Installieren Sie das Kommandozeilenwerkzeug. install'),
  'faq.mdx': page('FAQ', 'How to install: see the install page.'),
  'plain.mdx': page('Rate limits', 'Requests per minute are limited.'),
  'boosted.mdx': page('Rate limit headers', 'Requests per minute are limited.', 'boost: 3\n'),
})

describe('createDocsIndex', () => {
  const index = createDocsIndex(fixture)

  it('returns results in the API shape, one per section, with 0–1 scores', () => {
    const results = index.search('configure navigation')
    const typed: SearchResult[] = results
    expect(searchResultsSchema.parse(typed)).toHaveLength(results.length)
    expect(results[0]).toMatchObject({
      path: '/v2/install',
      content: 'Edit the navigation file.',
      metadata: {
        title: 'Install the CLI',
        breadcrumbs: ['Setup'],
        section: 'Configure navigation',
        anchor: 'configure-navigation',
        version: 'v2',
        language: 'en',
      },
    })
    for (const result of results) {
      expect(result.metadata.score).toBeGreaterThan(0)
      expect(result.metadata.score).toBeLessThanOrEqual(1)
    }
  })

  it('filters by version and language; pages without one match every filter', () => {
    const paths = (filter: { version?: string; language?: string }) =>
      index.search('install', { filter, pageSize: 50 }).map((r) => r.path)
    expect(new Set(paths({ version: 'v1' }))).toEqual(
      new Set(['/v1/install', '/faq', '/de/install']),
    )
    expect(new Set(paths({ version: 'v2', language: 'en' }))).toEqual(
      new Set(['/v2/install', '/faq']),
    )
    expect(paths({ language: 'de' })).toEqual(['/de/install'])
    expect(paths({ version: 'v9', language: 'en' })).toEqual(['/faq'])
  })

  it('drops results under scoreThreshold', () => {
    const all = index.search('install', { pageSize: 50 })
    const scores = all.map((r) => r.metadata.score)
    const middle = [...scores].sort((a, b) => b - a)[1] ?? 0
    const strong = index.search('install', { pageSize: 50, scoreThreshold: middle })
    expect(strong.length).toBeGreaterThan(0)
    expect(strong.length).toBeLessThan(all.length)
    for (const result of strong) expect(result.metadata.score).toBeGreaterThanOrEqual(middle)
    expect(index.search('install', { scoreThreshold: 1 })).toEqual([])
  })

  it('applies page boost', () => {
    const results = index.search('requests per minute')
    expect(results.map((r) => r.path).slice(0, 2)).toEqual(['/boosted', '/plain'])
    expect(results[0]!.metadata.score).toBeGreaterThan(results[1]!.metadata.score)
  })

  it('matches prefixes and typos', () => {
    expect(index.search('webh')[0]?.path).toBe('/v2/webhooks')
    expect(index.search('webhok signin')[0]?.path).toBe('/v2/webhooks')
    expect(index.search('secert')[0]?.path).toBe('/v2/webhooks') // swapped letters
    expect(index.search('   ')).toEqual([])
    expect(index.search('zzzz qqqq')).toEqual([])
  })

  it('finds pages by route, file name or URL', () => {
    const expected = { path: '/v2/install', content: expect.stringContaining('# Install the CLI') }
    for (const path of [
      '/v2/install',
      'v2/install',
      'v2/install.mdx',
      '/v2/install/',
      '/v2/install#configure-navigation',
    ]) {
      expect(index.getPage(path)).toEqual(expected)
    }
    expect(index.getPage('https://docs.example.com/docs/v2/install?x=1')).toEqual(expected)
    expect(index.getPage('/nope')).toBeUndefined()
  })
})

describe('createDocsIndex page size', () => {
  const many = parseDocs(
    Object.fromEntries(
      Array.from({ length: 60 }, (_, i) => [`p${i}.mdx`, page(`Widget ${i}`, 'widget text')]),
    ),
  )
  const index = createDocsIndex(many)

  it('defaults to 10 and clamps to 1–50', () => {
    expect(index.search('widget')).toHaveLength(10)
    expect(index.search('widget', { pageSize: 3 })).toHaveLength(3)
    expect(index.search('widget', { pageSize: 0 })).toHaveLength(1)
    expect(index.search('widget', { pageSize: -5 })).toHaveLength(1)
    expect(index.search('widget', { pageSize: 500 })).toHaveLength(50)
    expect(index.search('widget', { pageSize: Number.NaN })).toHaveLength(10)
  })
})

describeOnMintlify('createDocsIndex on mintlify-docs', (index) => {
  it('tolerates a half-typed word and a typo: "configu navigaton"', () => {
    const paths = index()
      .search('configu navigaton', { pageSize: 5 })
      .map((r) => r.path)
    expect(paths).toContain('/organize/navigation')
  })

  it('tolerates swapped letters: "custm domian"', () => {
    expect(index().search('custm domian')[0]?.path).toBe('/customize/custom-domain')
  })

  it('lets one page lead with at most two sections', () => {
    const top = index()
      .search('navigation', { pageSize: 10 })
      .map((r) => r.path)
    const counts = new Map<string, number>()
    for (const path of top) counts.set(path, (counts.get(path) ?? 0) + 1)
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(2)
  })

  it('scores unrelated queries low', () => {
    const [best] = index().search('banana smoothie recipe')
    expect(best?.metadata.score ?? 0).toBeLessThan(0.35)
    expect(index().search('banana smoothie recipe', { scoreThreshold: 0.5 })).toEqual([])
  })
})

describe('createDocsIndex synonyms', () => {
  const docs = parseDocs({
    'vad.mdx': page(
      'Turn detection',
      'Voice Activity Detection (VAD) tells speech from silence.\n\n## Tuning\n\nRaise the VAD threshold in noisy rooms.',
    ),
    'client.mdx': page('Client constructor', 'Call the constructor with a transport.'),
    'noise.mdx': page('Noise', 'Speech in noisy rooms.'),
    'ids.mdx': page('Identifiers', 'Use averyveryverylongidentifiername to refer to it.'),
  })

  it('matches an acronym the docs define to its phrase, and back', () => {
    const on = createDocsIndex(docs)
    const off = createDocsIndex(docs, { synonyms: false })
    // "Tuning" says only "VAD"; the query spells it out.
    const tuning = (index: DocsIndex) =>
      index
        .search('voice activity detection threshold', { coverage: true })
        .find((r) => r.metadata.anchor === 'tuning')
    expect(Number(tuning(on)?.metadata.coverage)).toBeGreaterThan(
      Number(tuning(off)?.metadata.coverage ?? 0),
    )
    expect(on.search('vad')[0]?.path).toBe('/vad')
  })

  it('reads "create" as "constructor"', () => {
    expect(createDocsIndex(docs).search('create a client')[0]?.path).toBe('/client')
    const off = createDocsIndex(docs, { synonyms: false }).search('create client', {
      coverage: true,
    })
    const on = createDocsIndex(docs).search('create client', { coverage: true })
    expect(Number(on[0]?.metadata.coverage)).toBeGreaterThan(Number(off[0]?.metadata.coverage))
  })

  it('reads "print" as "log", and "left"/"right" as the logical sides "start"/"end"', () => {
    const sides = parseDocs({
      'observer.mdx': page('Debug observer', 'The observer logs every frame in your pipeline.'),
      'panel.mdx': page('Panel', 'The `side` option puts the panel at the start or the end.'),
      'other.mdx': page('Processors', 'A processor passes each frame of the pipeline on.'),
    })
    const on = createDocsIndex(sides)
    const off = createDocsIndex(sides, { synonyms: false })
    const coverage = (index: DocsIndex, query: string, path: string) =>
      Number(
        index.search(query, { typing: false, coverage: true }).find((r) => r.path === path)
          ?.metadata.coverage ?? 0,
      )
    expect(on.search('print every frame', { typing: false })[0]?.path).toBe('/observer')
    expect(coverage(on, 'print frame', '/observer')).toBeGreaterThan(
      coverage(off, 'print frame', '/observer'),
    )
    expect(on.search('panel on the left', { typing: false })[0]?.path).toBe('/panel')
    expect(coverage(on, 'panel left', '/panel')).toBeGreaterThan(
      coverage(off, 'panel left', '/panel'),
    )
  })

  it('does not correct typos in words longer than 24 letters', () => {
    const index = createDocsIndex(docs)
    expect(index.search('averyveryverylongidentifiername')[0]?.path).toBe('/ids')
    expect(index.search('averyveryverylongidentifiernane', { typing: false })).toEqual([])
  })
})
