import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import { cssSubset, cssWithout } from './src/embed/css-subset'
import { loaderClasses } from './src/embed/loader-classes'

/**
 * The drop-in script, two files in dist-embed/:
 * - `--mode loader` → docchat.js: classic IIFE, plain DOM (trigger, shortcuts, Shadow DOM).
 * - `--mode panel`  → docchat-panel.js: ES module imported on first use; the same React components
 *   with React swapped for preact/compat at bundle time.
 */
const source = '@docchat/source'
// Absolute paths: sibling packages import React but (under pnpm) cannot resolve this package's preact.
const preact = (specifier: string) => fileURLToPath(import.meta.resolve(specifier))
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: preact('preact/compat/client') },
  { find: /^react\/jsx-runtime$/, replacement: preact('preact/jsx-runtime') },
  { find: /^react\/jsx-dev-runtime$/, replacement: preact('preact/jsx-dev-runtime') },
  { find: /^react-dom$/, replacement: preact('preact/compat') },
  // preact/compat/client imports 'preact/compat', which the browser condition would resolve to
  // another build of it: a second copy (~5 KB) patching Preact's hooks twice.
  { find: /^preact\/compat$/, replacement: preact('preact/compat') },
  { find: /^react$/, replacement: preact('preact/compat') },
]

/**
 * The drop-in's engine: the widget's components import `@docchat/react`; the panel takes the
 * package's public drop-in engine instead (`@docchat/react/drop-in`: core's chat on its own
 * connection and plain fetches, the same `DocChatEngine` interface), so the panel chunk carries
 * neither AI SDK v4's `useChat` nor TanStack Query (about 25 KB gzip). An alias, not an engine
 * passed to the widget: the components reach their hooks by import, and the React package keeps
 * them. The widget's component tests run on it too (vitest.config.ts, project `drop-in-engine`).
 */
export const dropInEngineAlias = {
  find: /^@docchat\/react$/,
  replacement: '@docchat/react/drop-in',
}

/**
 * The drop-in's two stylesheets, after Vite has inlined their `@import`s and minified them: the
 * first file's cut down to what the trigger uses (about 4 KB of minified CSS less), and the panel
 * chunk's without what the first file already adopted in the same shadow root.
 */
/**
 * Selectors that match none of the elements the loader draws, beyond what their classes tell: its
 * root always has `data-embed`, its tokens live on the host (where `:host([data-theme])` switches
 * the scheme), and its icon never flips. The panel chunk's sheet keeps its own copy of such rules
 * (`cssWithout` compares whole rules).
 */
const loaderNeverMatches = (selector: string) =>
  /^\.docchat-root(:not\(\[data-embed\]\)|\[data-theme=[^\]]*\])$|\[data-flip\]/.test(selector)

function dropInStylesheets(): Plugin {
  const inlineCss = (code: string, id: string) => {
    const match = /^export default (".*")\s*;?\s*$/s.exec(code)
    if (!match) throw new Error(`unexpected ?inline module shape for ${id}`)
    return JSON.parse(match[1]!) as string
  }
  const loaderSheet = fileURLToPath(new URL('src/embed/loader-sheet.css', import.meta.url))
  const historySheet = fileURLToPath(new URL('src/embed/history-sheet.css', import.meta.url))
  const searchSheet = fileURLToPath(new URL('src/embed/search-sheet.css', import.meta.url))
  // The optional parts' sheets (panel-parts.ts), adopted when their chunk loads.
  const partSheets = [
    historySheet,
    searchSheet,
    fileURLToPath(new URL('src/embed/attachments-sheet.css', import.meta.url)),
  ]
  const sheet = async (
    load: (options: { id: string }) => Promise<{ code?: string | null }>,
    file: string,
  ) => inlineCss((await load({ id: `${file}?inline` })).code ?? '', file)
  return {
    name: 'docchat-drop-in-stylesheets',
    enforce: 'post',
    async transform(code, id) {
      let css: string
      if (id === `${loaderSheet}?inline`) {
        css = cssSubset(inlineCss(code, id), loaderClasses, loaderNeverMatches)
      } else if (id === `${historySheet}?inline`) {
        // The history chunk's rules; the chat body's stay in the panel (it wraps the
        // conversation whether or not History was ever opened).
        const all = inlineCss(code, id)
        const classes = all.match(/docchat-[\w-]+/g) ?? []
        css = cssSubset(all, classes, (selector) => selector.includes('docchat-chat-body'))
      } else if (id === `${searchSheet}?inline`) {
        const all = inlineCss(code, id)
        const classes = all.match(/docchat-[\w-]+/g) ?? []
        // The panel keeps the dialog's frame and its "could not load" state (shown when this
        // chunk is what failed) and `<mark>`, which answers use too.
        css = cssSubset(all, classes, (selector) =>
          /^\.docchat-search(-unavailable\b.*)?$|(^|\s)mark$|docchat-mark/.test(selector),
        )
      } else if (/\/embed\/panel-sheet\.css\?inline$/.test(id)) {
        const load = (options: { id: string }) => this.load(options)
        css = cssWithout(inlineCss(code, id), await sheet(load, loaderSheet))
        for (const part of partSheets) css = cssWithout(css, await sheet(load, part))
      } else return
      return { code: `export default ${JSON.stringify(css)}`, map: null }
    },
  }
}

/**
 * Everything docchat-panel.js imports statically, kept in docchat-panel.js: a reader who asks
 * fetches two files (the loader and the panel), never a third one the panel imports.
 *
 * Why a group: a module the panel imports and an optional part imports too (Preact, the URL
 * policy, widget-settings.ts…) starts in a chunk of its own, which Rolldown moves back into the
 * panel in two greedy passes, each vetoing a move that would make the chunk graph cyclic at that
 * step. "Dynamic already-loaded" reduction walks modules dependencies first: moving Preact into
 * the panel while widget-settings.ts (panel, search, History, attachments), which imports it, is
 * still in a chunk of its own would give panel → that chunk → panel, so Preact stays shared (as
 * do the URL policy and widget-settings.ts itself, for the same reason one level up). The
 * common-chunk merge then takes these leftovers in the sorted order of their entry bitsets, with
 * the same veto: Preact merges only if the chunk still holding widget-settings.ts merged before
 * it. The `markdown` part (one more dynamic entry) renumbered the bitsets, and Preact ended in
 * `docchat-jsxRuntime.js`, imported by the panel: a third file before a reader can ask.
 *
 * Rolldown's built-in `$initial` tag marks exactly the modules in a user entry's static import
 * chain (only docchat-panel.js in this build); capturing them, entry module included, leaves the
 * entry an empty facade that Rolldown folds the group back into. Preact stays one copy: the
 * optional parts import it from docchat-panel.js. Modules only the parts reach (the Markdown
 * renderer, search, attachments…) are not `$initial` and keep their own chunks.
 */
const panelStaticGroup = { name: 'panel', tags: ['$initial' as const] }

/**
 * The headless Markdown parser, shared by the answers' renderer and search: a chunk named for
 * what it holds (Rolldown would name it for its last module, `inline`, which reads like the
 * inline scripts the CSP section says DocChat never uses).
 */
const markdownParserGroup = {
  name: 'markdown-parser',
  test: /headless[\\/]src[\\/]markdown[\\/](blocks|inline)\.ts$/,
}

export default defineConfig(({ mode }) => {
  const panel = mode === 'panel'
  return {
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [dropInStylesheets()],
    resolve: {
      conditions: [source, 'browser', 'module', 'import', 'default'],
      alias: panel ? [...preactAliases, dropInEngineAlias] : [],
    },
    esbuild: { legalComments: 'none' },
    build: {
      outDir: 'dist-embed',
      emptyOutDir: !panel,
      target: 'es2022',
      minify: true,
      sourcemap: true,
      reportCompressedSize: false,
      lib: panel
        ? {
            entry: fileURLToPath(new URL('src/embed/panel.tsx', import.meta.url)),
            formats: ['es'],
            fileName: () => 'docchat-panel.js',
          }
        : {
            entry: fileURLToPath(new URL('src/embed/docchat.ts', import.meta.url)),
            formats: ['iife'],
            name: 'DocChatLoader',
            fileName: () => 'docchat.js',
          },
      rollupOptions: {
        preserveEntrySignatures: 'allow-extension',
        // Lib mode leaves ES output unminified (for consumers' bundlers); this file ships as is.
        // No comments: the /* @__PURE__ */ marks left in minified output are only for bundlers.
        // The panel's optional parts (panel-parts.ts) are chunks next to it, named for what they
        // hold: imported relative to docchat-panel.js, so a custom `panelUrl` brings them along.
        output: panel
          ? {
              minify: true,
              comments: false,
              chunkFileNames: (chunk) => `docchat-${chunk.name}.js`,
              codeSplitting: { groups: [panelStaticGroup, markdownParserGroup] },
            }
          : { minify: true, comments: false },
        onLog(level, log, handler) {
          // Our sources mark client components with 'use client'; irrelevant inside one bundle.
          if (log.code === 'MODULE_LEVEL_DIRECTIVE') return
          handler(level, log)
        },
      },
    },
  }
})
