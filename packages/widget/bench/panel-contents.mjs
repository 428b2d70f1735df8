// What the drop-in's panel chunk is made of: src/embed/panel.tsx bundled like vite.embed.config.ts
// does (React → preact/compat, source condition, minified) with esbuild's metafile, grouped by
// package (ours by module). Bytes are minified bytes in the output, before gzip; the total is
// also given gzipped. Use it to decide what to split or drop. CSS is counted unminified and
// whole (the build minifies it and leaves out what the first file adopted).
//
//   node bench/panel-contents.mjs [--modules] [--loader]   --loader: the first file (docchat.ts)
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
// esbuild is pinned in core's devDependencies; the widget builds with Vite.
const { build } = createRequire(join(root, '../core/package.json'))('esbuild')
// ESM entry points, as Vite resolves them (require.resolve would pick the CommonJS builds).
const preact = (specifier) => fileURLToPath(import.meta.resolve(specifier))

const loader = process.argv.includes('--loader')
const result = await build({
  entryPoints: [join(root, loader ? 'src/embed/docchat.ts' : 'src/embed/panel.tsx')],
  bundle: true,
  write: false,
  format: loader ? 'iife' : 'esm',
  minify: true,
  target: 'es2022',
  metafile: true,
  conditions: ['@docchat/source', 'browser', 'module', 'import', 'default'],
  define: { 'process.env.NODE_ENV': '"production"' },
  jsx: 'automatic',
  logLevel: 'silent',
  legalComments: 'none',
  alias: {
    'react-dom/client': preact('preact/compat/client'),
    'react/jsx-runtime': preact('preact/jsx-runtime'),
    'react/jsx-dev-runtime': preact('preact/jsx-dev-runtime'),
    'react-dom': preact('preact/compat'),
    'preact/compat': preact('preact/compat'),
    react: preact('preact/compat'),
    // The drop-in's engine (vite.embed.config.ts: dropInEngineAlias).
    '@docchat/react': join(root, '../react/src/lite/index.ts'),
  },
  plugins: [
    {
      name: 'css-inline',
      setup(b) {
        b.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
          path: join(args.resolveDir, args.path.replace(/\?inline$/, '')),
          namespace: 'css-inline',
        }))
        // The drop-in's sheets are lists of @import: inline them as Vite does (unminified here).
        const inlineImports = (file) =>
          readFileSync(file, 'utf8').replace(/@import\s+["']([^"']+)["'];/g, (_, path) =>
            inlineImports(join(dirname(file), path)),
          )
        b.onLoad({ filter: /.*/, namespace: 'css-inline' }, (args) => ({
          contents: `export default ${JSON.stringify(inlineImports(args.path))}`,
          loader: 'js',
        }))
      },
    },
  ],
})

const [output] = Object.values(result.metafile.outputs)
const groups = new Map()
for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
  const nodeModule = input.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//)
  const ours = input.match(/^(?:\.\.\/([^/]+)\/)?src\//)
  const key = input.startsWith('css-inline:')
    ? 'widget styles (CSS text)'
    : nodeModule
      ? nodeModule[1]
      : ours
        ? `@docchat/${ours[1] ?? 'widget'}`
        : input
  groups.set(key, (groups.get(key) ?? 0) + bytesInOutput)
}
const total = [...groups.values()].reduce((a, b) => a + b, 0)
const gzipped = gzipSync(result.outputFiles[0].contents, { level: 6 }).length
console.log(
  `\n${loader ? 'First file' : 'Panel chunk'} (esbuild, as vite.embed.config.ts): ${(total / 1024).toFixed(1)} KB min, ${(gzipped / 1024).toFixed(1)} KB gz`,
)
for (const [key, bytes] of [...groups].sort((a, b) => b[1] - a[1])) {
  console.log(
    `${key.padEnd(32)} ${`${(bytes / 1024).toFixed(1)} KB`.padStart(9)}  ${((bytes / total) * 100).toFixed(1).padStart(5)}%`,
  )
}
if (process.argv.includes('--modules')) {
  console.log('\nLargest modules:')
  const modules = Object.entries(output.inputs).sort(
    (a, b) => b[1].bytesInOutput - a[1].bytesInOutput,
  )
  for (const [input, { bytesInOutput }] of modules.slice(0, Number(process.env.TOP ?? 30))) {
    console.log(
      `${`${(bytesInOutput / 1024).toFixed(1)} KB`.padStart(9)}  ${input.replace(/.*node_modules\//, '')}`,
    )
  }
}
