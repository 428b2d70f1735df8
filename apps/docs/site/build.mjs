#!/usr/bin/env node
// Builds DocChat's docs (docs.json + MDX in apps/docs) into a static site in dist/site:
// one HTML page per navigation entry, an external stylesheet and script (no inline code, so the
// pages run under a strict Content-Security-Policy), the drop-in widget when it has been built,
// and the React demo pages (react.html, status.html) when @docchat/widget exports its components.
//
//   node apps/docs/site/build.mjs [--out dir] [--no-react]
//   DOCCHAT_API_BASE_URL=http://127.0.0.1:8787 (where the pages' widget talks to)
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { loadDocs, splitFrontmatter } from '@docchat/dev-server/docs'
import { renderMdx } from './render-mdx.mjs'

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

export function escapeHtml(text) {
  return String(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

const isInside = (dir, path) => path === dir || path.startsWith(dir + sep)

/**
 * MDX is code: the site compiles only the repository's own docs (apps/docs), never a folder from
 * elsewhere, even one passed in.
 */
function checkDocsDir(docsDir) {
  const allowed = realpathSync(defaultDocsDir)
  const real = existsSync(docsDir) ? realpathSync(docsDir) : docsDir
  if (!isInside(allowed, real)) {
    throw new Error(`The docs site renders only ${allowed}, not ${docsDir}`)
  }
  return real
}

/** The `pages` and `root` entries of a docs.json navigation, wherever they are nested. */
function navigationPages(node, found = [], depth = 0) {
  if (depth > 64) throw new Error('docs.json: navigation is nested too deeply')
  if (Array.isArray(node)) {
    for (const child of node) {
      if (typeof child === 'string') found.push(child)
      else navigationPages(child, found, depth + 1)
    }
  } else if (node && typeof node === 'object') {
    if (typeof node.root === 'string') found.push(node.root)
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'root' && value && typeof value === 'object')
        navigationPages(value, found, depth + 1)
    }
  }
  return found
}

/** `"GET /users"`: a page generated from an OpenAPI spec (no file; the loader skips it). */
const openApiOperation = /^(\S+\s+)?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE|WEBHOOK)\s+\S/i

/**
 * Every page docs.json names must be a plain path inside the docs folder: no `..`, nothing
 * absolute (`/x`, `C:\\x`, `file:`), no backslashes or control characters.
 */
export function checkNavigationPaths(config, configFile = 'docs.json') {
  const bad = []
  for (const entry of navigationPages(config.navigation)) {
    if (entry.length > 512 || openApiOperation.test(entry)) {
      if (entry.length > 512) bad.push(`${entry.slice(0, 40)}… (too long)`)
      continue
    }
    const segments = entry.split('/')
    const unsafe =
      entry.trim() !== entry ||
      /[\\:]/.test(entry) ||
      [...entry].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f') ||
      isAbsolute(entry) ||
      segments.some((part) => part === '' || part === '.' || part === '..')
    if (unsafe) bad.push(entry)
  }
  if (bad.length) {
    throw new Error(
      `${configFile}: page paths must be relative paths inside the docs folder: ${bad.map((p) => JSON.stringify(p)).join(', ')}`,
    )
  }
}

/** Where a route is written: `/` → index.html, `/widget/theming` → widget/theming.html. */
function pageFile(route) {
  if (route === '/') return 'index.html'
  if (!/^\/[\w.@~-]+(\/[\w.@~-]+)*$/.test(route) || route.split('/').includes('..')) {
    throw new Error(`Refusing to write a page for the route ${JSON.stringify(route)}`)
  }
  return `${route.slice(1)}.html`
}

/** The docs.json navigation, after its language and version, has tabs (or anchors…) on top. */
function hasTopContainers(config) {
  let nav = config.navigation
  if (!nav || Array.isArray(nav)) return false
  nav = nav.languages?.[0] ?? nav
  nav = nav.versions?.[0] ?? nav
  return ['tabs', 'anchors', 'dropdowns', 'products'].some((key) => Array.isArray(nav[key]))
}

/**
 * Loads every page with the dev server's loader (the same pages, routes, titles, breadcrumbs and
 * heading anchors its search serves), renders each body with MDX and groups them for the sidebar.
 */
export async function loadPages(docsDir) {
  const root = checkDocsDir(resolve(docsDir))
  const configFile = ['docs.json', 'mint.json'].find((f) => existsSync(join(root, f)))
  if (!configFile) throw new Error(`No docs.json or mint.json in ${root}`)
  const config = JSON.parse(readFileSync(join(root, configFile), 'utf8'))
  checkNavigationPaths(config, configFile)
  const corpus = await loadDocs(root)
  const warnings = [...corpus.warnings]
  const siteName = corpus.siteName ?? 'Docs'
  const containers = hasTopContainers(config)
  // The site shows the default version and language.
  const shown = corpus.pages.filter(
    (page) =>
      (!page.version || page.version === corpus.versions[0]) &&
      (!page.language || page.language === corpus.languages[0]),
  )

  const tabs = []
  const pages = []
  for (const doc of shown) {
    const source = resolve(root, doc.file)
    // The loader reads only files under the folder; a link out of it is refused all the same.
    if (!isInside(root, source) || !isInside(root, realpathSync(source))) {
      throw new Error(`Refusing to render ${doc.file}: not a file inside ${root}`)
    }
    const { body } = splitFrontmatter(readFileSync(source, 'utf8'))
    const rendered = renderMdx(body, {
      page: doc.file,
      warn: (warning) => warnings.push(warning),
    })
    const [tabName, groupName] = containers
      ? [doc.breadcrumbs[0] ?? siteName, doc.breadcrumbs[1] ?? '']
      : [siteName, doc.breadcrumbs[0] ?? '']
    const page = {
      slug: doc.path === '/' ? 'index' : doc.path.slice(1),
      url: doc.path,
      file: pageFile(doc.path),
      source: doc.file,
      title: doc.title,
      sidebarTitle: doc.sidebarTitle ?? doc.title,
      description: doc.description ?? '',
      keywords: doc.keywords,
      tab: tabName,
      breadcrumbs: doc.breadcrumbs,
      ...rendered,
    }
    pages.push(page)
    let tab = tabs.find((t) => t.name === tabName)
    if (!tab) {
      tab = { name: tabName, groups: [] }
      tabs.push(tab)
    }
    let group = tab.groups.find((g) => g.name === groupName)
    if (!group) {
      group = { name: groupName, entries: [] }
      tab.groups.push(group)
    }
    group.entries.push(page)
  }
  return { config: { ...config, name: siteName }, tabs, pages, warnings }
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
<p class="visually-hidden" role="status" aria-live="polite" data-site-announcer></p>
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
    `data-answer-mode="${escapeHtml(site.answerMode)}"`,
    // The answers' links are pages of this very site.
    'data-docs-base-url="/"',
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
    // Where the bundle is served: lazy chunks are fetched from here (not from /assets/).
    base: `/${assetsDir}/`,
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

// The demo pages' text, in MDX like the docs (same components, same code blocks).
const reactIntro = `This page renders DocChat with the React components of \`@docchat/widget\` instead of the drop-in script: a \`<DocChatProvider>\` with \`<SearchModal>\` and \`<DocChatWidget>\`, talking to the local dev server. Press <kbd>⌘</kbd> <kbd>K</kbd> to search or <kbd>⌘</kbd> <kbd>I</kbd> to ask.

The source is \`apps/docs/react-demo/main.tsx\`. See [Widget components](/widget/components).

\`\`\`ts example.ts
const client = createDocsClient({ baseUrl: 'http://127.0.0.1:8787', assistantKey: 'mint_dsc_dev_local' })
\`\`\`
`

const statusIntro = `\`<AgentJobStatus>\` and \`<UpdateStatusBadge>\` follow the dev server's agent jobs and docs deployments as they progress. Start a job or a deployment with the buttons below.

<Warning>
These calls need an admin key, and admin keys must never be in a browser. This page's client has **no key**: it calls \`/api/admin/…\` on the docs server, which forwards to the dev server and adds \`Authorization: Bearer mint_dev_local\` on the server side. Do the same with your own backend. See [Proxying keys](/guides/proxying-keys).
</Warning>
`

/** Builds the site; returns what was written, for the CLI summary and the tests. */
export async function buildSite(options = {}) {
  const docsDir = resolve(options.docsDir ?? defaultDocsDir)
  const outDir = resolve(options.outDir ?? defaultOutDir)
  const embedDir = options.embedDir ?? defaultEmbedDir
  const log = options.log ?? (() => {})
  const { config, tabs, pages, warnings } = await loadPages(docsDir)
  const site = {
    docsDir,
    config,
    tabs,
    domain: options.domain ?? devDefaults.domain,
    apiBaseUrl: options.apiBaseUrl ?? devDefaults.apiBaseUrl,
    assistantKey: options.assistantKey ?? devDefaults.assistantKey,
    // What writes the answers, as the dev server decides it (a model when OPENAI_API_KEY is set):
    // the disclaimer says it from the first paint instead of after the first answer.
    answerMode: options.answerMode ?? (process.env.OPENAI_API_KEY ? 'model' : 'extractive'),
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
      intro: renderMdx(reactIntro, { page: 'react.html' }).html,
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
      intro: renderMdx(statusIntro, { page: 'status.html' }).html,
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
