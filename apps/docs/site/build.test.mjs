import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSite,
  checkNavigationPaths,
  defaultDocsDir,
  demoSettings,
  loadPages,
} from './build.mjs'
import { renderMdx } from './render-mdx.mjs'
import { startSiteServer } from './serve.mjs'

const work = mkdtempSync(join(tmpdir(), 'docchat-site-'))
const outDir = join(work, 'site')
// A stand-in for the widget's built drop-in, so the test does not depend on package builds.
const embedDir = join(work, 'embed')
let result

/** Where the static server would find a URL path, or undefined. */
function fileFor(pathname) {
  const base = join(outDir, decodeURIComponent(pathname))
  return [base, `${base}.html`, join(base, 'index.html')].find(
    (file) => existsSync(file) && !file.endsWith('/'),
  )
}

const html = (page) => readFileSync(join(outDir, page.file), 'utf8')

/** Page names docs.json lists, read straight from the file (not through the code under test). */
function listedPages() {
  const config = JSON.parse(readFileSync(join(defaultDocsDir, 'docs.json'), 'utf8'))
  const pages = []
  const walk = (node) => {
    if (Array.isArray(node))
      for (const child of node) typeof child === 'string' ? pages.push(child) : walk(child)
    else if (node && typeof node === 'object') Object.values(node).forEach(walk)
  }
  walk(config.navigation)
  return pages
}

/** Opening code fences of an MDX source (a fence opens, the next one of its kind closes it). */
function countFences(source) {
  let count = 0
  let open = null
  for (const line of source.split('\n')) {
    const fence = /^\s*(`{3,}|~{3,})/.exec(line)
    if (!fence) continue
    if (!open) {
      open = fence[1]
      count++
    } else if (line.trim() === open || /^[`~]+$/.test(line.trim())) open = null
  }
  return count
}

beforeAll(async () => {
  const { mkdirSync } = await import('node:fs')
  mkdirSync(embedDir, { recursive: true })
  writeFileSync(join(embedDir, 'docchat.js'), '// drop-in stand-in\n')
  result = await buildSite({ outDir, embedDir, react: false })
})

afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('docs site build', () => {
  it('renders every navigation page with its title, description and sidebar entry', () => {
    const slugs = listedPages()
    expect(slugs.length).toBeGreaterThanOrEqual(15)
    // No page missing, no MDX the site had to drop or stand in for.
    expect(result.warnings).toEqual([])
    for (const slug of slugs) {
      const page = result.pages.find((p) => p.slug === slug)
      expect(page, slug).toBeDefined()
      const content = html(page)
      expect(content).toContain(`<h1>${page.title.replace(/&/g, '&amp;')}</h1>`)
      expect(page.description.length, `${slug} description`).toBeGreaterThan(40)
      expect(page.keywords.length, `${slug} keywords`).toBeGreaterThan(2)
      expect(content).toContain(`<a class="nav-link" href="${page.url}" aria-current="page">`)
    }
    expect(existsSync(join(outDir, 'index.html'))).toBe(true)
    expect(existsSync(join(outDir, '404.html'))).toBe(true)
  })

  it('renders every code fence as <pre><code class="language-…"> with a stable id', () => {
    let total = 0
    for (const page of result.pages) {
      const source = readFileSync(join(defaultDocsDir, page.source), 'utf8')
      const content = html(page)
      const blocks = [
        ...content.matchAll(/<pre id="code-(\d+)" tabindex="0"><code class="language-[\w+#.-]+">/g),
      ]
      expect(blocks.length, page.slug).toBe(countFences(source))
      expect(blocks.map((m) => Number(m[1]))).toEqual(blocks.map((_, i) => i + 1))
      total += blocks.length
    }
    expect(total).toBeGreaterThan(60)
  })

  it('is CSP-safe: no inline scripts, styles, style attributes or event handlers', () => {
    const pages = [
      ...result.pages.map((p) => p.file),
      'index.html',
      '404.html',
      'react.html',
      'status.html',
    ]
    for (const file of pages) {
      const content = readFileSync(join(outDir, file), 'utf8')
      // Code samples are escaped text (`&lt;…`), so only real tags and attributes match here.
      expect(content, file).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/i)
      expect(content, file).not.toMatch(/<style[\s>]/i)
      expect(content, file).not.toMatch(/<[a-z][^<>]*\sstyle=/i)
      expect(content, file).not.toMatch(/<[a-z][^<>]*\son[a-z]+=/i)
      expect(content, file).not.toMatch(/(href|src)="\s*javascript:/i)
    }
  })

  it('leaves no raw MDX in the output', () => {
    for (const page of result.pages) {
      const prose = html(page)
        .replace(/<pre[\s\S]*?<\/pre>/g, '')
        .replace(/<code>[\s\S]*?<\/code>/g, '')
        .replace(/<span class="field-type">[\s\S]*?<\/span>/g, '')
      expect(prose, page.slug).not.toMatch(/&lt;\/?[A-Z][A-Za-z]*[\s/&]/)
      expect(prose, page.slug).not.toMatch(/```|\]\(\//)
    }
  })

  it('resolves every internal link, anchors included', () => {
    const broken = []
    const files = [...result.pages.map((p) => p.file), 'react.html', 'status.html']
    for (const file of files) {
      const content = readFileSync(join(outDir, file), 'utf8')
      for (const [, href] of content.matchAll(/\shref="([^"]+)"/g)) {
        if (/^(https?:|mailto:)/.test(href)) continue
        const [pathname, hash] = href.split('#')
        const target = pathname ? fileFor(pathname) : join(outDir, file)
        if (!target) {
          broken.push(`${file} → ${href}`)
          continue
        }
        if (
          hash &&
          target.endsWith('.html') &&
          !readFileSync(target, 'utf8').includes(`id="${hash}"`)
        ) {
          broken.push(`${file} → ${href} (no #${hash})`)
        }
      }
    }
    expect(broken).toEqual([])
  })

  it('embeds the drop-in script with the dev server settings and copies it', () => {
    const content = html(result.pages[0])
    // The answer mode the dev server will use (a model only with OPENAI_API_KEY), for the disclaimer.
    const mode = process.env.OPENAI_API_KEY ? 'model' : 'extractive'
    expect(content).toContain(
      `<script src="/docchat/docchat.js" data-domain="docchat" data-api-base-url="http://127.0.0.1:8787" data-assistant-key="mint_dsc_dev_local" data-context-selector="[data-docchat-content]" data-capture-code-blocks="true" data-answer-mode="${mode}" data-docs-base-url="/" data-starter-questions="`,
    )
    // The demo's starter questions and suggested pages, as JSON the drop-in reads back.
    const attribute = (name) =>
      JSON.parse(
        new RegExp(`${name}="([^"]*)"`)
          .exec(content)[1]
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&'),
      )
    expect(attribute('data-starter-questions')).toEqual(demoSettings.starterQuestions)
    expect(attribute('data-suggested-pages')).toEqual(demoSettings.suggestedPages)
    expect(demoSettings.starterQuestions.length).toBeGreaterThan(0)
    for (const page of demoSettings.suggestedPages) {
      // Every suggested page is a page of the site.
      expect(existsSync(join(outDir, `${page.href.slice(1)}.html`))).toBe(true)
    }
    expect(existsSync(join(outDir, 'docchat/docchat.js'))).toBe(true)
    expect(content).not.toContain('mint_dev_local')
    expect(content).toContain('<link rel="stylesheet" href="/site.css">')
    expect(content).toContain('data-docchat-open="search"')
    expect(content).toContain('data-docchat-open="assistant"')
  })
})

describe('MDX rendering', () => {
  it('renders components as plain HTML', () => {
    const { html: out, headings } = renderMdx(
      [
        '## Set `up` it',
        '<Steps>',
        '<Step title="One">',
        '',
        '```bash Install',
        'npm i x',
        '```',
        '',
        '</Step>',
        '</Steps>',
        '<ParamField body="domain" type="string" required default="docs">',
        '  The **domain**.',
        '</ParamField>',
        '<Card title="Go" href="/quickstart">See [this](/x) and `code`.</Card>',
        '',
        '| a | b |',
        '| --- | --- |',
        '| `x \\| y` | 2 |',
        '',
        '- one',
        '  - nested',
        '- two',
      ].join('\n'),
    )
    expect(headings).toEqual([{ depth: 2, text: 'Set up it', id: 'set-up-it' }])
    expect(out).toContain('<ol class="steps"><li class="step"><p class="step-title">One</p>')
    // The header bar: title, then the Copy button (site.js shows it), then the code.
    expect(out).toContain(
      '<figcaption class="code-title">Install</figcaption><button type="button" class="code-copy" data-code-copy="code-1" aria-label="Copy bash code" hidden="">Copy</button><pre id="code-1" tabindex="0"><code class="language-bash">npm i x</code></pre>',
    )
    expect(out).toContain(
      '<code class="field-name">domain</code> <span class="field-type">string</span> <span class="field-required">required</span>',
    )
    // A linked card is one link: the link inside it keeps only its text. (Text on the tag's own
    // line is inline in MDX: no paragraph.)
    expect(out).toContain(
      '<a class="card" href="/quickstart"><span class="card-title">Go</span><div class="card-body">See this and <code>code</code>.</div></a>',
    )
    expect(out).toContain('<td><code>x | y</code></td>')
    expect(out).toMatch(
      /<ul>\s*<li>one\s*<ul>\s*<li>nested<\/li>\s*<\/ul>\s*<\/li>\s*<li>two<\/li>\s*<\/ul>/,
    )
  })

  it('escapes HTML and neutralises script links', () => {
    const warnings = []
    const { html: out } = renderMdx(
      'Hi <img src="x" onError="alert(1)" /> [a](javascript:alert) <kbd>K</kbd> <script>alert(1)</script>',
      { page: 'hostile.mdx', warn: (w) => warnings.push(w) },
    )
    expect(out).toContain('<img src="x" loading="lazy"/>')
    expect(out).not.toMatch(/onerror|javascript:|<script|alert/i)
    expect(out).toContain(' a <kbd>K</kbd>')
    expect(warnings).toEqual([
      'hostile.mdx: dropped the onError attribute of <img>',
      'hostile.mdx: dropped the unsafe href "javascript:alert"',
      'hostile.mdx: dropped <script> (not a tag pages may use)',
    ])
  })
})

describe('what the build reads', () => {
  it('compiles MDX only from apps/docs, never a folder passed in from elsewhere', async () => {
    const elsewhere = join(work, 'elsewhere')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(elsewhere, { recursive: true })
    writeFileSync(join(elsewhere, 'docs.json'), JSON.stringify({ navigation: { pages: ['x'] } }))
    writeFileSync(join(elsewhere, 'x.mdx'), '# X\n\n{globalThis.__docchatFromElsewhere = 1}')
    await expect(loadPages(elsewhere)).rejects.toThrow(/renders only .*apps\/docs/)
    await expect(buildSite({ docsDir: elsewhere, outDir: join(work, 'x') })).rejects.toThrow(
      /renders only/,
    )
    await expect(loadPages(join(defaultDocsDir, '..', 'playground'))).rejects.toThrow(
      /renders only/,
    )
    expect(globalThis.__docchatFromElsewhere).toBeUndefined()
  })

  it('refuses docs.json page paths that leave the docs folder or are absolute', () => {
    const config = (pages) => ({
      navigation: { tabs: [{ tab: 'T', groups: [{ group: 'G', pages }] }] },
    })
    for (const bad of [
      '../secrets',
      'guides/../../x',
      './quickstart',
      '/etc/passwd',
      'C:\\docs\\x',
      'a\\b',
      'file:x',
      ' quickstart',
      'a//b',
      'a\u0000b',
      'x'.repeat(600),
    ]) {
      expect(() => checkNavigationPaths(config(['quickstart', bad])), JSON.stringify(bad)).toThrow(
        /docs\.json: page paths must be relative paths inside the docs folder/,
      )
    }
    // Nested groups and roots are checked too.
    expect(() =>
      checkNavigationPaths({ navigation: { groups: [{ group: 'G', root: '../x', pages: [] }] } }),
    ).toThrow(/"\.\.\/x"/)
    expect(() =>
      checkNavigationPaths(
        config([
          'quickstart',
          'widget/theming',
          { group: 'Sub', pages: ['core/index'] },
          'GET /users',
        ]),
      ),
    ).not.toThrow()
  })
})

describe('site server', () => {
  let site
  let upstream
  const seen = []

  beforeAll(async () => {
    // A real HTTP server standing in for the dev server's admin API.
    upstream = createServer((req, res) => {
      seen.push({
        url: req.url,
        authorization: req.headers.authorization,
        fault: req.headers['x-docchat-fault'],
      })
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"allSessions":[]}')
    })
    await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    site = await startSiteServer({
      port: 0,
      root: outDir,
      strictCsp: true,
      apiBaseUrl: `http://127.0.0.1:${upstream.address().port}`,
    })
  })

  afterAll(async () => {
    await site?.close()
    upstream?.close()
  })

  it('serves clean URLs with MIME types and a strict CSP', async () => {
    const page = await fetch(`${site.url}/widget/theming`)
    expect(page.status).toBe(200)
    // The pages' widget points at the API this server proxies to, whatever the build baked in.
    const body = await page.clone().text()
    expect(body).toContain(`data-api-base-url="http://127.0.0.1:${upstream.address().port}"`)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    const csp = page.headers.get('content-security-policy')
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    expect((await fetch(`${site.url}/site.css`)).headers.get('content-type')).toBe(
      'text/css; charset=utf-8',
    )
    expect((await fetch(`${site.url}/docchat/docchat.js`)).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    )
    expect((await fetch(`${site.url}/nope`)).status).toBe(404)
    expect((await fetch(`${site.url}/..%2f..%2fpackage.json`)).status).toBe(404)
  })

  it('proxies /api/admin to the API with the admin key added server-side', async () => {
    const response = await fetch(`${site.url}/api/admin/v1/agent/docchat-project/jobs?take=2`, {
      headers: { 'x-docchat-fault': 'latency=1' },
    })
    expect(await response.json()).toEqual({ allSessions: [] })
    expect(seen.at(-1)).toEqual({
      url: '/v1/agent/docchat-project/jobs?take=2',
      authorization: 'Bearer mint_dev_local',
      fault: 'latency=1',
    })
    // Only admin routes: the admin key never goes to other paths.
    const other = await fetch(`${site.url}/api/admin/discovery/v1/search/docchat`)
    expect(other.status).toBe(404)
    expect(seen).toHaveLength(1)
  })

  it('collects CSP violation reports', async () => {
    await fetch(`${site.url}/__csp-report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'violated-directive': 'style-src' } }),
    })
    expect(await (await fetch(`${site.url}/__csp-reports`)).json()).toEqual([
      { 'csp-report': { 'violated-directive': 'style-src' } },
    ])
  })
})
