import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describeWithShared, sharedPath } from '@docchat/test-utils/shared-dir'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDocs } from './load-docs'
import type { DocsCorpus } from './types'

// The shared, read-only corpora next to the repository (never copied into it).
describeWithShared(
  'loadDocs on the real corpora',
  ['corpora/mintlify-docs', 'corpora/pipecat-docs'],
  () => {
    let mintlify: DocsCorpus
    let pipecat: DocsCorpus
    let mintlifyMs = 0

    beforeAll(async () => {
      const started = performance.now()
      mintlify = await loadDocs(sharedPath('corpora/mintlify-docs'))
      mintlifyMs = performance.now() - started
      pipecat = await loadDocs(sharedPath('corpora/pipecat-docs'))
    }, 60_000)

    it('loads mintlify-docs: the English navigation, minus noindex pages', () => {
      const sections = mintlify.pages.reduce((n, page) => n + page.sections.length, 0)
      console.info(
        `mintlify-docs: ${mintlify.pages.length} pages, ${sections} sections in ${mintlifyMs.toFixed(0)} ms`,
      )
      // 246 pages in navigation (the fr/es/zh translations are not in this corpus), minus the
      // changelog (noindex: true).
      expect(mintlify.pages.length).toBeGreaterThan(230)
      expect(mintlify.pages.length).toBeLessThan(260)
      expect(mintlify.name).toBe('mintlify-docs')
      expect(mintlify.languages).toEqual(['en'])
      expect(mintlify.versions).toEqual([])
      expect(mintlify.pages.every((page) => page.language === 'en')).toBe(true)
      // Typically ~250 ms; generous so a busy CI machine does not flake.
      expect(mintlifyMs).toBeLessThan(5_000)
    })

    it('reports the dangling translation $refs instead of failing', () => {
      expect(mintlify.warnings).toEqual(
        expect.arrayContaining([
          'docs.json: $ref ./fr.json not found; skipped',
          'docs.json: $ref ./es.json not found; skipped',
          'docs.json: $ref ./zh.json not found; skipped',
        ]),
      )
    })

    it('applies frontmatter and navigation visibility', () => {
      const paths = new Set(mintlify.pages.map((page) => page.path))
      expect(paths.has('/changelog')).toBe(false) // noindex: true
      expect(paths.has('/organize/hidden-page-example')).toBe(false) // not in navigation
      expect(paths.has('/snippets/icons-optional')).toBe(false)
      // The "Help center" tab is hidden but `searchable: true`.
      expect(paths.has('/help-center/static-file-not-served')).toBe(true)
    })

    it('gives pages breadcrumbs, boost and sections', () => {
      const page = mintlify.pages.find((p) => p.path === '/deploy/cloudflare')
      expect(page).toMatchObject({
        title: 'Deploy at a subpath with Cloudflare Workers',
        breadcrumbs: ['Documentation', 'Manage your site', 'Hosting', 'Subpath hosting'],
        boost: 3,
      })
      // The imported `<SubpathSetupSteps />` snippet is inlined.
      expect(page?.content).toContain('Enable the **Host at** toggle')
      const cli = mintlify.pages.find((p) => p.path === '/cli')
      expect(cli).toMatchObject({ file: 'cli/index.mdx', boost: 2 })
      const quickstart = mintlify.pages.find((p) => p.path === '/quickstart')
      expect(quickstart?.sections.length).toBeGreaterThan(3)
      for (const section of quickstart?.sections ?? []) {
        expect(section.content).not.toMatch(/<\/?[A-Z][A-Za-z]*[\s>]/) // no JSX left
      }
    })

    it('loads pipecat-docs: tabs and global anchors, ~470 pages', () => {
      const sections = pipecat.pages.reduce((n, page) => n + page.sections.length, 0)
      console.info(`pipecat-docs: ${pipecat.pages.length} pages, ${sections} sections`)
      expect(pipecat.pages.length).toBeGreaterThan(450)
      expect(pipecat.pages.length).toBeLessThan(480)
      const cartesia = pipecat.pages.find(
        (p) => p.path === '/api-reference/server/services/tts/cartesia',
      )
      expect(cartesia?.breadcrumbs).toEqual([
        'API Reference',
        'Pipecat Server',
        'Services',
        'Text-to-Speech',
      ])
      const settings = cartesia?.sections.find((s) => s.anchor === 'cartesiattsservice')
      expect(settings?.headings).toEqual(['Configuration', 'CartesiaTTSService'])
      expect(settings?.content).toContain('api_key (str, required)')
      const install = cartesia?.sections.find((s) => s.anchor === 'installation')
      expect(install?.codeBlocks[0]).toEqual({
        language: 'bash',
        code: 'uv add "pipecat-ai[cartesia]"',
      })
      expect(install?.content).toContain('```bash\nuv add "pipecat-ai[cartesia]"\n```')
    })
  },
)

describe('loadDocs on a folder', () => {
  let dir: string

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'docchat-load-docs-'))
    const files: Record<string, string> = {
      'docs.json': JSON.stringify({
        navigation: { languages: [{ $ref: './i18n/en.json' }, { $ref: './i18n/de.json' }] },
      }),
      'i18n/en.json': JSON.stringify({ language: 'en', groups: [{ $ref: './groups/start.json' }] }),
      'i18n/groups/start.json': JSON.stringify({ group: 'Start', pages: ['index'] }),
      'i18n/de.json': JSON.stringify({
        language: 'de',
        groups: [{ group: 'Los', pages: ['de/index'] }],
      }),
      'index.mdx': '---\ntitle: Home\n---\n\nimport Note from "/snippets/note.mdx"\n\n<Note />',
      'de/index.mdx': '---\ntitle: Startseite\n---\n\nHallo.',
      'snippets/note.mdx': 'Snippet text.',
      'node_modules/pkg/readme.md': '# not docs',
    }
    for (const [path, source] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true })
      await writeFile(join(dir, path), source)
    }
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  it('follows nested $ref files from disk and reads pages and snippets', async () => {
    const corpus = await loadDocs(dir, { name: 'fixture' })
    expect(corpus.name).toBe('fixture')
    expect(corpus.warnings).toEqual([])
    expect(corpus.languages).toEqual(['en', 'de'])
    expect(corpus.pages.map((p) => [p.path, p.title, p.language, p.breadcrumbs])).toEqual([
      ['/', 'Home', 'en', ['Start']],
      ['/de', 'Startseite', 'de', ['Los']],
    ])
    expect(corpus.pages[0]?.content).toContain('Snippet text.')
  })
})
