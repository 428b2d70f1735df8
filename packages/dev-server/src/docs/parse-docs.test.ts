import { describe, expect, it } from 'vitest'
import { parseDocs } from './parse-docs'

const page = (title: string, body = `${title} body.`, extra = '') =>
  `---\ntitle: "${title}"\n${extra}---\n\n${body}\n`

/** A docs.json exercising every navigation division, `$ref` files in subfolders and visibility. */
const navigationFixture = {
  'docs.json': JSON.stringify({
    name: 'Fixture',
    navigation: {
      languages: [
        {
          language: 'en',
          versions: [
            {
              version: 'v2',
              tabs: [
                {
                  tab: 'Guides',
                  groups: [
                    {
                      group: 'Start',
                      boost: 2,
                      root: 'guides/index',
                      pages: [
                        'guides/intro',
                        'guides/boosted',
                        { group: 'Deep', pages: ['guides/deep/nested'] },
                      ],
                    },
                    { group: 'Hidden group', hidden: true, pages: ['guides/secret'] },
                  ],
                },
                {
                  tab: 'Help',
                  hidden: true,
                  searchable: true,
                  groups: [
                    { group: 'Help', pages: ['help/faq'] },
                    { group: 'Internal', hidden: true, pages: ['help/internal'] },
                  ],
                },
              ],
            },
            {
              version: 'v1',
              anchors: [
                {
                  anchor: 'Legacy',
                  dropdowns: [{ dropdown: 'Old', pages: ['v1/old', 'guides/intro'] }],
                },
              ],
            },
          ],
        },
        { $ref: './nav/fr.json' },
        { $ref: './nav/missing.json' },
      ],
      global: { anchors: [{ anchor: 'Blog', href: 'https://example.com/blog' }] },
    },
  }),
  // Resolved relative to nav/fr.json, not to docs.json.
  'nav/fr.json': JSON.stringify({
    language: 'fr',
    products: [{ product: 'Produit', groups: [{ $ref: './groups/fr-start.json' }] }],
  }),
  'nav/groups/fr-start.json': JSON.stringify({
    group: 'Démarrer',
    pages: ['fr/intro', 'GET /users'],
  }),
  'guides/index.mdx': page('Guides home'),
  'guides/intro.mdx': page('Intro', 'Welcome.\n\n## Install\n\nRun it.\n\n## Install\n\nAgain.'),
  'guides/boosted.mdx': page('Boosted', 'Body.', 'boost: 5\n'),
  'guides/deep/nested.mdx': page('Nested'),
  'guides/secret.mdx': page('Secret'),
  'help/faq.mdx': page('FAQ'),
  'help/internal.mdx': page('Internal'),
  'v1/old.mdx': page('Old'),
  'fr/intro.mdx': page('Introduction FR'),
  'unlisted.mdx': page('Unlisted'),
  'snippets/shared.mdx': 'Shared text.',
}

describe('parseDocs navigation', () => {
  const corpus = parseDocs(navigationFixture)
  const byPath = new Map(corpus.pages.map((p) => [p.path, p]))

  it('gives each page its breadcrumbs, version and language', () => {
    expect(byPath.get('/guides/intro')).toMatchObject({
      breadcrumbs: ['Guides', 'Start'],
      version: 'v2',
      language: 'en',
    })
    expect(byPath.get('/guides/deep/nested')?.breadcrumbs).toEqual(['Guides', 'Start', 'Deep'])
    expect(byPath.get('/v1/old')).toMatchObject({
      breadcrumbs: ['Legacy', 'Old'],
      version: 'v1',
      language: 'en',
    })
    // A group's root page is the folder route.
    expect(byPath.get('/guides')?.title).toBe('Guides home')
    expect(corpus.versions).toEqual(['v2', 'v1'])
    expect(corpus.languages).toEqual(['en', 'fr'])
    expect(corpus.name).toBe('Fixture')
  })

  it('resolves $ref files relative to the file that references them', () => {
    expect(byPath.get('/fr/intro')).toMatchObject({
      language: 'fr',
      breadcrumbs: ['Produit', 'Démarrer'],
    })
    expect(corpus.warnings).toContain('docs.json: $ref ./nav/missing.json not found; skipped')
  })

  it('applies Mintlify visibility rules', () => {
    expect(byPath.has('/guides/secret')).toBe(false) // hidden group
    expect(byPath.has('/help/faq')).toBe(true) // hidden tab with searchable: true
    expect(byPath.has('/help/internal')).toBe(false) // hidden group inside it re-excludes
    expect(byPath.has('/unlisted')).toBe(false) // not in navigation
    expect(byPath.has('/snippets/shared')).toBe(false)
    // A page listed twice keeps its first place.
    expect(byPath.get('/guides/intro')?.version).toBe('v2')
  })

  it('inherits boost from the nearest group and lets frontmatter win', () => {
    expect(byPath.get('/guides/intro')?.boost).toBe(2)
    expect(byPath.get('/guides/boosted')?.boost).toBe(5)
    expect(byPath.get('/v1/old')?.boost).toBe(1)
  })

  it('splits pages into sections with unique anchors and heading trails', () => {
    const intro = byPath.get('/guides/intro')
    expect(intro?.sections.map((s) => [s.id, s.anchor, s.heading, s.content])).toEqual([
      ['/guides/intro', '', 'Intro', 'Welcome.'],
      ['/guides/intro#install', 'install', 'Install', 'Run it.'],
      ['/guides/intro#install-1', 'install-1', 'Install', 'Again.'],
    ])
    expect(intro?.content).toBe(
      '# Intro\n\nWelcome.\n\n## Install\n\nRun it.\n\n## Install\n\nAgain.',
    )
  })
})

describe('parseDocs frontmatter', () => {
  const nav = (pages: string[]) =>
    JSON.stringify({ navigation: { groups: [{ group: 'Docs', pages }] } })

  it('leaves out hidden, noindex and searchable: false pages', () => {
    const corpus = parseDocs({
      'docs.json': nav(['shown', 'hidden', 'noindex', 'unsearchable', 'searchable']),
      'shown.mdx': page('Shown'),
      'hidden.mdx': page('Hidden', 'x', 'hidden: true\n'),
      'noindex.mdx': page('Noindex', 'x', 'noindex: true\n'),
      'unsearchable.mdx': page('Unsearchable', 'x', 'searchable: false\n'),
      'searchable.mdx': page('Searchable', 'x', 'searchable: true\n'),
    })
    expect(corpus.pages.map((p) => p.path)).toEqual(['/shown', '/searchable'])
  })

  it('includes hidden and unlisted pages when seo.indexing is "all"', () => {
    const corpus = parseDocs({
      'docs.json': JSON.stringify({
        seo: { indexing: 'all' },
        navigation: { groups: [{ group: 'Docs', hidden: true, pages: ['a'] }] },
      }),
      'a.mdx': page('A'),
      'b.mdx': page('B', 'x', 'hidden: true\n'),
      'c.mdx': page('C', 'x', 'noindex: true\n'),
      'guides/d.mdx': page('D'),
      'snippets/e.mdx': page('E'),
      'README.md': '# Repo readme',
    })
    expect(corpus.pages.map((p) => p.path).sort()).toEqual(['/a', '/b', '/guides/d'])
    expect(corpus.pages.find((p) => p.path === '/guides/d')?.breadcrumbs).toEqual(['Guides'])
  })

  it('reads title, description, sidebarTitle and keywords, with fallbacks', () => {
    const corpus = parseDocs({
      'docs.json': nav(['guides/custom-domain', 'broken', 'tools/index']),
      'guides/custom-domain.mdx':
        '---\ndescription: Point DNS at us.\nsidebarTitle: Domains\nkeywords: ["dns", "cname"]\n---\nBody',
      'broken.md': '---\ntitle: Broken: yes\ndescription: still read\n---\nBody',
      'tools/index.md': 'No frontmatter at all.',
    })
    const [domain, broken, tools] = corpus.pages
    expect(domain).toMatchObject({
      path: '/guides/custom-domain',
      title: 'Custom domain',
      sidebarTitle: 'Domains',
      description: 'Point DNS at us.',
      keywords: ['dns', 'cname'],
    })
    expect(broken).toMatchObject({ title: 'Broken: yes', description: 'still read' })
    expect(corpus.warnings.some((w) => w.startsWith('broken.md: frontmatter'))).toBe(true)
    expect(tools).toMatchObject({ path: '/tools', title: 'Tools', file: 'tools/index.md' })
  })

  it('inlines snippets imported relative to the page or the docs root', () => {
    const corpus = parseDocs({
      'docs.json': nav(['guides/a']),
      'guides/a.mdx':
        'import One from "/snippets/one.mdx"\nimport Two from "../snippets/two.mdx"\n\n<One />\n\n<Two />',
      'snippets/one.mdx': 'Snippet one text.',
      'snippets/two.mdx': '## From snippet two\n\nMore.',
    })
    const [a] = corpus.pages
    expect(a?.content).toContain('Snippet one text.')
    expect(a?.sections.map((s) => s.heading)).toEqual(['A', 'From snippet two'])
  })
})

describe('parseDocs legacy mint.json and plain folders', () => {
  it('reads mint.json groups, tab url prefixes and versions', () => {
    const corpus = parseDocs(
      new Map([
        [
          'mint.json',
          JSON.stringify({
            name: 'Legacy',
            versions: ['v2', 'v1'],
            primaryTab: { name: 'Guides' },
            tabs: [{ name: 'API reference', url: 'api-reference' }],
            navigation: [
              {
                group: 'Get started',
                pages: ['introduction', { group: 'More', pages: ['more/x'] }],
              },
              { group: 'Endpoints', version: 'v1', pages: ['api-reference/users'] },
            ],
          }),
        ],
        ['introduction.mdx', page('Introduction')],
        ['more/x.mdx', page('X')],
        ['api-reference/users.mdx', page('Users')],
      ]),
    )
    expect(corpus.name).toBe('Legacy')
    expect(corpus.pages.map((p) => [p.path, p.breadcrumbs, p.version])).toEqual([
      ['/introduction', ['Guides', 'Get started'], undefined],
      ['/more/x', ['Guides', 'Get started', 'More'], undefined],
      ['/api-reference/users', ['API reference', 'Endpoints'], 'v1'],
    ])
    expect(corpus.versions).toEqual(['v1'])
  })

  it('indexes every page of a folder without a config, with folder breadcrumbs', () => {
    const corpus = parseDocs({ 'index.mdx': page('Home'), 'guides/setup-steps.md': '# Setup' })
    expect(corpus.pages.map((p) => [p.path, p.title, p.breadcrumbs])).toEqual([
      ['/', 'Home', []],
      ['/guides/setup-steps', 'Setup steps', ['Guides']],
    ])
  })
})

describe('parseDocs keeps docs links for answers', () => {
  it('gives a section `linked`, line for line with `content`, its links resolved against the page route', () => {
    const corpus = parseDocs({
      'guides/setup.mdx': page(
        'Setup',
        'Intro without links.\n\n## Install\n\nRun it, then read [the next step](./next) or [the API](../api/index#auth).\n\n```bash\nnpm i x\n```\n\nSee <a href="https://example.com/x">the example</a>.',
      ),
    })
    const [intro, install] = corpus.pages[0]!.sections
    expect(intro!.linked).toBeUndefined()
    expect(install!.content).toBe(
      'Run it, then read the next step or the API.\n\n```bash\nnpm i x\n```\n\nSee the example.',
    )
    expect(install!.linked).toBe(
      'Run it, then read [the next step](/guides/next) or [the API](/api/index#auth).\n\n```bash\nnpm i x\n```\n\nSee [the example](https://example.com/x).',
    )
    // The page endpoint's Markdown stays the plain text.
    expect(corpus.pages[0]!.content).not.toContain('](')
  })
})
