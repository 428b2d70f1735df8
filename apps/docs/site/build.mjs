#!/usr/bin/env node
// Builds DocChat's docs (docs.json + MDX in apps/docs) into a static site in dist/site:
// one HTML page per navigation entry, an external stylesheet and script (no inline code, so the
// pages run under a strict Content-Security-Policy), the drop-in widget when it has been built,
// and the React demo pages (react.html, status.html) when @docchat/widget exports its components.
//
//   node apps/docs/site/build.mjs [--out dir] [--no-react]
//   DOCCHAT_API_BASE_URL=http://127.0.0.1:8787 (where the pages' widget talks to)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { escapeHtml, renderMdx, splitFrontmatter } from './mdx.mjs'

const here = dirname(fileURLToPath(import.meta.url))
export const defaultDocsDir = resolve(here, '..')
const repoRoot = resolve(here, '../../..')
export const defaultOutDir = join(defaultDocsDir, 'dist/site')
export const defaultEmbedDir = join(repoRoot, 'packages/widget/dist-embed')
const widgetSource = join(repoRoot, 'packages/widget/src/index.ts')

/** What the demo offers before the reader types: starter questions and suggested pages. */
export const demoSettings = JSON.parse(readFileSync(join(here, 'demo-settings.json'), 'utf8'))

export const devDefaults = {
  domain: 'docchat',
  apiBaseUrl: 'http://127.0.0.1:8787',
  // The dev server's public local assistant key. Never put an admin key in a page.
  assistantKey: 'mint_dsc_dev_local',
  projectId: 'docchat-project',
}

/** Reads docs.json (or legacy mint.json) into tabs → groups → pages, in navigation order. */
export function readNavigation(docsDir) {
  const configFile = ['docs.json', 'mint.json'].map((f) => join(docsDir, f)).find(existsSync)
  if (!configFile) throw new Error(`No docs.json or mint.json in ${docsDir}`)
  const config = JSON.parse(readFileSync(configFile, 'utf8'))
  const tabs = []
  const addGroup = (tab, group, trail) => {
    const pages = []
    const walk = (entries, groupTrail) => {
      for (const entry of entries ?? []) {
        if (typeof entry === 'string') pages.push({ slug: entry, trail: groupTrail })
        else if (entry && typeof entry === 'object' && Array.isArray(entry.pages)) {
          if (entry.root) pages.push({ slug: entry.root, trail: groupTrail })
          walk(entry.pages, [...groupTrail, entry.group])
        }
      }
    }
    if (group.root) pages.push({ slug: group.root, trail: [...trail, group.group] })
    walk(group.pages, [...trail, group.group])
    tab.groups.push({ name: group.group ?? '', pages })
  }
  const fromContainer = (container, name) => {
    const tab = { name, groups: [] }
    for (const group of container.groups ?? []) addGroup(tab, group, [name])
    if (Array.isArray(container.pages)) addGroup(tab, { group: '', pages: container.pages }, [name])
    if (tab.groups.length) tabs.push(tab)
  }
  let nav = config.navigation
  if (Array.isArray(nav)) {
    // Legacy mint.json: a flat list of groups.
    const tab = { name: config.name ?? 'Docs', groups: [] }
    for (const group of nav) addGroup(tab, group, [])
    tabs.push(tab)
  } else if (nav) {
    // The site shows the default language and version.
    nav = nav.languages?.[0] ?? nav
    nav = nav.versions?.[0] ?? nav
    const containers = nav.tabs ?? nav.anchors ?? nav.dropdowns ?? nav.products
    if (containers) {
      for (const c of containers) fromContainer(c, c.tab ?? c.anchor ?? c.dropdown ?? c.product)
    } else fromContainer(nav, config.name ?? 'Docs')
  }
  return { config, tabs }
}

const pageUrl = (slug) => (slug === 'index' ? '/' : `/${slug.replace(/\/index$/, '')}`)
const pageFile = (slug) => (slug === 'index' ? 'index.html' : `${slug}.html`)

/** Loads every navigation page: frontmatter, rendered HTML and outline. */
export function loadPages(docsDir) {
  const { config, tabs } = readNavigation(docsDir)
  const pages = []
  const warnings = []
  const seen = new Set()
  for (const tab of tabs) {
    for (const group of tab.groups) {
      group.entries = []
      for (const { slug, trail } of group.pages) {
        const source = ['.mdx', '.md'].map((ext) => join(docsDir, slug + ext)).find(existsSync)
        if (!source) {
          warnings.push(`navigation lists "${slug}" but ${slug}.mdx does not exist`)
          continue
        }
        const { frontmatter, body } = splitFrontmatter(readFileSync(source, 'utf8'))
        const title = frontmatter.title ?? slug.split('/').pop().replace(/-/g, ' ')
        const page = {
          slug,
          url: pageUrl(slug),
          file: pageFile(slug),
          source: relative(docsDir, source),
          title,
          sidebarTitle: frontmatter.sidebarTitle ?? title,
          description: frontmatter.description ?? '',
          keywords: Array.isArray(frontmatter.keywords) ? frontmatter.keywords : [],
          hidden: frontmatter.hidden === true,
          tab: tab.name,
          breadcrumbs: trail.filter(Boolean),
          ...renderMdx(body),
        }
        if (!seen.has(slug)) {
          seen.add(slug)
          pages.push(page)
        }
        if (!page.hidden) group.entries.push(page)
      }
    }
  }
  return { config, tabs, pages, warnings }
}

function sidebar(tabs, current) {
  const tab = tabs.find((t) => t.name === current.tab) ?? tabs[0]
  return tab.groups
    .filter((group) => group.entries.length)
    .map((group) => {
      const heading = group.name ? `<p class="nav-group-title">${escapeHtml(group.name)}</p>` : ''
      const links = group.entries
        .map((page) => {
          const active = page.slug === current.slug ? ' aria-current="page"' : ''
          return `<li><a class="nav-link" href="${page.url}"${active}>${escapeHtml(page.sidebarTitle)}</a></li>`
        })
        .join('')
      return `<div class="nav-group">${heading}<ul>${links}</ul></div>`
    })
    .join('\n')
}

function tabLinks(tabs, current) {
  if (tabs.length < 2) return ''
  const links = tabs
    .map((tab) => {
      const first = tab.groups.flatMap((g) => g.entries)[0]
      if (!first) return ''
      const active = tab.name === current?.tab ? ' aria-current="true"' : ''
      return `<a class="tab-link" href="${first.url}"${active}>${escapeHtml(tab.name)}</a>`
    })
    .join('')
  return `<nav class="tab-links" aria-label="Sections">${links}</nav>`
}

function outline(headings) {
  const items = headings.filter((h) => h.depth === 2 || h.depth === 3)
  if (items.length < 2) return ''
  const links = items
    .map(
      (h) =>
        `<li class="toc-depth-${h.depth}"><a class="toc-link" href="#${h.id}">${escapeHtml(h.text)}</a></li>`,
    )
    .join('')
  return `<nav class="toc" aria-labelledby="toc-title"><p id="toc-title" class="toc-title">On this page</p><ul>${links}</ul></nav>`
}

function pager(order, page) {
  const index = order.findIndex((p) => p.slug === page.slug)
  if (index === -1) return ''
  const previous = order[index - 1]
  const next = order[index + 1]
  const link = (p, rel, label) =>
    p
      ? `<a class="pager-link pager-${rel}" href="${p.url}" rel="${rel}"><span class="pager-label">${label}</span><span class="pager-title">${escapeHtml(p.sidebarTitle)}</span></a>`
      : '<span></span>'
  return `<nav class="pager" aria-label="Previous and next page">${link(previous, 'prev', 'Previous')}${link(next, 'next', 'Next')}</nav>`
}

/** The page shell shared by docs pages and the React demo pages. */
export function renderLayout(site, options) {
  const { title, description = '', keywords = [], current, main, toc = '', scripts = [] } = options
  const { config, tabs } = site
  const siteName = config.name ?? 'Docs'
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title === siteName ? title : `${title} · ${siteName}`)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    keywords.length ? `<meta name="keywords" content="${escapeHtml(keywords.join(', '))}">` : '',
    `<meta name="docchat-api-base-url" content="${escapeHtml(site.apiBaseUrl)}">`,
    `<meta name="docchat-domain" content="${escapeHtml(site.domain)}">`,
    '<meta name="color-scheme" content="light dark">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="stylesheet" href="/site.css">',
    // Blocking on purpose: it sets the colour theme before the first paint.
    '<script src="/site.js"></script>',
    ...scripts,
  ]
    .filter(Boolean)
    .join('\n  ')
  const nav = current ? sidebar(tabs, current) : sidebar(tabs, { tab: tabs[0]?.name, slug: '' })
  return `<!doctype html>
<html lang="en">
<head>
  ${head}
</head>
<body>
<a class="skip-link" href="#content">Skip to content</a>
<header class="site-header">
  <button type="button" class="icon-button menu-button" data-site-menu aria-controls="site-nav" aria-expanded="false" aria-label="Menu">☰</button>
  <a class="brand" href="/"><span class="brand-mark" aria-hidden="true">◆</span> ${escapeHtml(siteName)}</a>
  ${tabLinks(tabs, current)}
  <nav class="header-links" aria-label="Demos">
    <a href="/react.html">React demo</a>
    <a href="/status.html">Status</a>
  </nav>
  <div class="header-actions">
    <button type="button" class="search-button" data-docchat-open="search" aria-label="Search the docs" aria-keyshortcuts="Meta+K Control+K">
      <svg class="search-icon" viewBox="0 0 20 20" width="16" height="16" aria-hidden="true"><circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M13 13l4.5 4.5" stroke="currentColor" stroke-width="2" stroke-linecap="round"/></svg>
      <span class="search-label">Search the docs…</span><kbd>⌘K</kbd>
    </button>
    <button type="button" class="ask-button" data-docchat-open="assistant" aria-keyshortcuts="Meta+I Control+I">
      <span>Ask AI</span><kbd>⌘I</kbd>
    </button>
    <button type="button" class="icon-button theme-toggle" data-site-theme-toggle aria-label="Switch between light and dark theme"><span class="theme-icon" aria-hidden="true"></span></button>
  </div>
</header>
<div class="layout">
  <nav id="site-nav" class="sidebar" aria-label="Documentation">
${nav}
  </nav>
  <main id="content" class="content" tabindex="-1">
${main}
  </main>
  ${toc ? `<aside class="aside">${toc}</aside>` : '<div class="aside"></div>'}
</div>
</body>
</html>
`
}

function docsPage(site, page, order) {
  const crumbs = page.breadcrumbs.length
    ? `<p class="breadcrumbs">${page.breadcrumbs.map(escapeHtml).join(' <span aria-hidden="true">›</span> ')}</p>`
    : ''
  const description = page.description
    ? `<p class="description">${escapeHtml(page.description)}</p>`
    : ''
  const main = `<article class="doc" data-docchat-content data-path="${page.url}">
<header class="doc-header">${crumbs}<h1>${escapeHtml(page.title)}</h1>${description}</header>
<div class="doc-body">
${page.html}
</div>
${pager(order, page)}
</article>`
  return renderLayout(site, {
    title: page.title,
    description: page.description,
    keywords: page.keywords,
    current: page,
    main,
    toc: outline(page.headings),
    scripts: [site.embedScript],
  })
}

function embedScript(site) {
  if (!site.embed) return ''
  const attrs = [
    'src="/docchat/docchat.js"',
    `data-domain="${escapeHtml(site.domain)}"`,
    `data-api-base-url="${escapeHtml(site.apiBaseUrl)}"`,
    `data-assistant-key="${escapeHtml(site.assistantKey)}"`,
    // Selecting text in the article, or a code block's "Ask AI" button, attaches it as context.
    'data-context-selector="[data-docchat-content]"',
    'data-capture-code-blocks="true"',
    // An empty conversation and an empty search both start with somewhere to go.
    `data-starter-questions="${escapeHtml(JSON.stringify(demoSettings.starterQuestions))}"`,
    `data-suggested-pages="${escapeHtml(JSON.stringify(demoSettings.suggestedPages))}"`,
    'defer',
  ]
  return `<script ${attrs.join(' ')}></script>`
}

function write(outDir, file, content) {
  const target = join(outDir, file)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, content)
}

/** Whether @docchat/widget exports the components the React demo renders. */
export function widgetComponentsAvailable() {
  if (!existsSync(widgetSource)) return false
  const source = readFileSync(widgetSource, 'utf8')
  return ['DocChatWidget', 'SearchModal', 'AgentJobStatus', 'UpdateStatusBadge'].every((name) =>
    new RegExp(`\\b${name}\\b`).test(source),
  )
}

/** Bundles react-demo/*.tsx with Vite; returns the script and style URLs of each entry. */
async function buildReactDemo(site, outDir) {
  const [{ build, defaultClientConditions }, { default: react }] = await Promise.all([
    import('vite'),
    import('@vitejs/plugin-react'),
  ])
  const demoDir = join(site.docsDir, 'react-demo')
  const assetsDir = 'react-demo'
  await build({
    configFile: false,
    logLevel: 'warn',
    root: demoDir,
    plugins: [react()],
    // Workspace packages build from their TypeScript source: no package build needed first.
    resolve: { conditions: ['@docchat/source', ...defaultClientConditions] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(outDir, assetsDir),
      emptyOutDir: true,
      manifest: true,
      target: 'es2022',
      reportCompressedSize: false,
      rollupOptions: {
        input: { react: join(demoDir, 'main.tsx'), status: join(demoDir, 'status.tsx') },
        // The CSS transform's timing note is noise in `npm run dev` output.
        checks: { pluginTimings: false },
      },
    },
  })
  const manifestFile = [
    join(outDir, assetsDir, '.vite/manifest.json'),
    join(outDir, assetsDir, 'manifest.json'),
  ].find(existsSync)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const entries = {}
  for (const chunk of Object.values(manifest)) {
    if (!chunk.isEntry) continue
    const name = chunk.name ?? chunk.src
    const css = new Set(chunk.css ?? [])
    for (const imported of chunk.imports ?? [])
      for (const f of manifest[imported]?.css ?? []) css.add(f)
    entries[name] = {
      script: `/${assetsDir}/${chunk.file}`,
      styles: [...css].map((file) => `/${assetsDir}/${file}`),
    }
  }
  return entries
}

function demoPage(site, { title, description, intro, entry, notice }) {
  const assets = entry
    ? [
        ...entry.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
        `<script type="module" src="${entry.script}"></script>`,
      ]
    : []
  const main = `<article class="doc demo" data-docchat-content>
<header class="doc-header"><p class="breadcrumbs">Demos</p><h1>${escapeHtml(title)}</h1><p class="description">${escapeHtml(description)}</p></header>
<div class="doc-body">
${intro}
${notice ? `<div class="callout callout-warning" role="note"><p class="callout-label">Not built</p><p>${notice}</p></div>` : ''}
<div id="demo-root" class="demo-root"></div>
</div>
</article>`
  return renderLayout(site, { title, description, main, scripts: assets })
}

const reactIntro = `<p>This page renders DocChat with the React components of <code>@docchat/widget</code> instead of the drop-in script: a <code>&lt;DocChatProvider&gt;</code> with <code>&lt;SearchModal&gt;</code> and <code>&lt;DocChatWidget&gt;</code>, talking to the local dev server. Press <kbd>⌘</kbd> <kbd>K</kbd> to search or <kbd>⌘</kbd> <kbd>I</kbd> to ask.</p>
<p>The source is <code>apps/docs/react-demo/main.tsx</code>. See <a href="/widget/components">Widget components</a>.</p>
<figure class="code-block"><figcaption class="code-title">example.ts</figcaption><pre id="code-1" tabindex="0"><code class="language-ts">const client = createDocsClient({ baseUrl: 'http://127.0.0.1:8787', assistantKey: 'mint_dsc_dev_local' })</code></pre></figure>`

const statusIntro = `<p><code>&lt;AgentJobStatus&gt;</code> and <code>&lt;UpdateStatusBadge&gt;</code> follow the dev server's agent jobs and docs deployments as they progress. Start a job or a deployment with the buttons below.</p>
<div class="callout callout-warning" role="note"><p class="callout-label">Admin key</p><p>These calls need an admin key, and admin keys must never be in a browser. This page's client has <strong>no key</strong>: it calls <code>/api/admin/…</code> on the docs server, which forwards to the dev server and adds <code>Authorization: Bearer mint_dev_local</code> on the server side. Do the same with your own backend. See <a href="/guides/proxying-keys">Proxying keys</a>.</p></div>`

/** Builds the site; returns what was written, for the CLI summary and the tests. */
export async function buildSite(options = {}) {
  const docsDir = resolve(options.docsDir ?? defaultDocsDir)
  const outDir = resolve(options.outDir ?? defaultOutDir)
  const embedDir = options.embedDir ?? defaultEmbedDir
  const log = options.log ?? (() => {})
  const { config, tabs, pages, warnings } = loadPages(docsDir)
  const site = {
    docsDir,
    config,
    tabs,
    domain: options.domain ?? devDefaults.domain,
    apiBaseUrl: options.apiBaseUrl ?? devDefaults.apiBaseUrl,
    assistantKey: options.assistantKey ?? devDefaults.assistantKey,
    embed: existsSync(join(embedDir, 'docchat.js')),
  }
  site.embedScript = embedScript(site)

  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  cpSync(join(here, 'assets'), outDir, { recursive: true })
  if (site.embed) cpSync(embedDir, join(outDir, 'docchat'), { recursive: true })
  else
    warnings.push(
      `the drop-in script is not built (${relative(repoRoot, embedDir)}/docchat.js missing): pages have no widget`,
    )

  const order = tabs.flatMap((tab) => tab.groups.flatMap((group) => group.entries))
  for (const page of pages) write(outDir, page.file, docsPage(site, page, order))
  if (!pages.some((page) => page.file === 'index.html') && order[0]) {
    write(outDir, 'index.html', docsPage(site, order[0], order))
  }
  write(
    outDir,
    '404.html',
    renderLayout(site, {
      title: 'Page not found',
      main: '<article class="doc"><header class="doc-header"><h1>Page not found</h1><p class="description">This page does not exist. Search the docs or ask the assistant.</p></header><p><a href="/">Back to the introduction</a></p></article>',
      scripts: [site.embedScript],
    }),
  )

  let react = 'skipped'
  let entries = {}
  const wantReact = options.react ?? true
  let notice = ''
  if (!wantReact) notice = 'The React demo was not built (<code>--no-react</code>).'
  else if (!widgetComponentsAvailable()) {
    notice =
      'The React demo is built once <code>@docchat/widget</code> exports <code>DocChatWidget</code>, <code>SearchModal</code>, <code>AgentJobStatus</code> and <code>UpdateStatusBadge</code>. Run the build again then.'
    warnings.push('React demo skipped: @docchat/widget does not export its components yet')
  } else {
    try {
      entries = await buildReactDemo(site, outDir)
      react = 'built'
    } catch (error) {
      notice = 'The React demo failed to build; see the build output.'
      warnings.push(`React demo failed to build: ${error instanceof Error ? error.message : error}`)
      react = 'failed'
    }
  }
  write(
    outDir,
    'react.html',
    demoPage(site, {
      title: 'React components',
      description:
        'DocChat embedded with <DocChatProvider>, <SearchModal> and <DocChatWidget> from @docchat/widget instead of the drop-in script.',
      intro: reactIntro,
      entry: entries.react,
      notice: entries.react ? '' : notice,
    }),
  )
  write(
    outDir,
    'status.html',
    demoPage(site, {
      title: 'Agent jobs and deployments',
      description:
        'Live <AgentJobStatus> and <UpdateStatusBadge> components driven by the dev server’s progressing agent jobs and updates.',
      intro: statusIntro,
      entry: entries.status,
      notice: entries.status ? '' : notice,
    }),
  )

  for (const warning of warnings) log(`warning: ${warning}`)
  return { outDir, pages, order, embed: site.embed, react, warnings }
}

function parseArgs(argv) {
  const options = {}
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') options.outDir = argv[++i]
    else if (argv[i] === '--no-react') options.react = false
    else if (argv[i] === '--docs') options.docsDir = argv[++i]
  }
  return options
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const started = performance.now()
  const result = await buildSite({
    ...parseArgs(process.argv.slice(2)),
    apiBaseUrl: process.env.DOCCHAT_API_BASE_URL || undefined,
    log: (line) => console.warn(`docs site: ${line}`),
  })
  const ms = Math.round(performance.now() - started)
  console.log(
    `docs site: ${result.pages.length} pages → ${relative(process.cwd(), result.outDir) || '.'} in ${ms} ms (widget: ${result.embed ? 'embedded' : 'not built'}, React demo: ${result.react})`,
  )
}
