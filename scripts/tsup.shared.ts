import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

/**
 * The libraries' build: one output file per source module reachable from the entry points
 * ("preserved modules"), so an app's bundler drops whole modules it doesn't use
 * (`sideEffects: false`) instead of shaking statements inside one big file, which it can't do for
 * top-level calls such as zod schemas or `forwardRef` wrappers. Each file keeps its own
 * `'use client'` directive, instead of one banner over the whole bundle.
 *
 * esbuild has no preserve-modules mode, and `bundle: false` would keep our extensionless relative
 * imports (Node's ESM loader needs `./x.js`). So every reachable module is an entry, bundled on its
 * own with its relative imports left external and rewritten to the sibling output file.
 */

const sourceExtensions = ['.ts', '.tsx']
const relativeImport =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g
// `import('./x')`: an optional part the panel loads on demand, its own output file like the rest.
const dynamicImport = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g

/** The source file a relative specifier names, as esbuild resolves it (no extension or index). */
function resolveSource(fromFile: string, specifier: string): string | undefined {
  const base = resolve(dirname(fromFile), specifier)
  const candidates = [
    base,
    ...sourceExtensions.map((ext) => base + ext),
    ...sourceExtensions.map((ext) => join(base, `index${ext}`)),
  ]
  // A .js specifier may name a .ts source (TypeScript's convention).
  if (/\.js$/.test(base))
    candidates.push(base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'))
  return candidates.find(
    (file) => sourceExtensions.some((ext) => file.endsWith(ext)) && existsSync(file),
  )
}

/** Every module reachable from the entries through relative imports, type-only ones excluded. */
function reachableModules(packageDir: string, entries: readonly string[]): string[] {
  const seen = new Set<string>()
  const queue = entries.map((entry) => resolve(packageDir, entry))
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const text = readFileSync(file, 'utf8')
    for (const match of text.matchAll(relativeImport)) {
      // `import type` / `export type` vanish from the output: no file needed for them.
      if (/^\s*[;}]?\s*(?:import|export)\s+type\s/.test(match[0])) continue
      const target = resolveSource(file, match[1] as string)
      if (!target) throw new Error(`${relative(packageDir, file)}: cannot resolve ${match[1]}`)
      queue.push(target)
    }
    for (const match of text.matchAll(dynamicImport)) {
      const target = resolveSource(file, match[1] as string)
      if (!target) throw new Error(`${relative(packageDir, file)}: cannot resolve ${match[1]}`)
      queue.push(target)
    }
  }
  return [...seen].sort()
}

const outputName = (packageDir: string, file: string) =>
  relative(join(packageDir, 'src'), file).replace(/\.tsx?$/, '')

/** esbuild plugin: relative imports stay imports of the sibling output file (`./x.js`). */
function preserveModules(packageDir: string, modules: ReadonlySet<string>) {
  return {
    name: 'preserve-modules',
    setup(build: {
      onResolve(
        options: { filter: RegExp },
        callback: (args: {
          path: string
          importer: string
          kind: string
        }) => { path: string; external: boolean } | undefined,
      ): void
    }) {
      build.onResolve({ filter: /^\.{1,2}\// }, (args) => {
        if (args.kind === 'entry-point' || !args.importer) return undefined
        const target = resolveSource(args.importer, args.path)
        if (!target || !modules.has(target)) {
          throw new Error(
            `${relative(packageDir, args.importer)} imports ${args.path}, which is not a built module`,
          )
        }
        let specifier = relative(dirname(args.importer), target).replace(/\.tsx?$/, '.js')
        if (!specifier.startsWith('.')) specifier = `./${specifier}`
        return { path: specifier, external: true }
      })
    },
  }
}

const clientDirective = /^\s*['"]use client['"]/

/**
 * Fails the build when a module marked `'use client'` lost the directive in dist (esbuild keeps it
 * only as the file's first statement): React Server Components would then run hooks on the server.
 */
function checkClientDirectives(packageDir: string, modules: readonly string[]) {
  return async () => {
    const lost = modules.filter((file) => {
      if (!clientDirective.test(readFileSync(file, 'utf8'))) return false
      const built = join(packageDir, 'dist', `${outputName(packageDir, file)}.js`)
      return !clientDirective.test(readFileSync(built, 'utf8'))
    })
    if (lost.length) {
      throw new Error(
        `'use client' lost in dist for: ${lost.map((f) => relative(packageDir, f)).join(', ')}`,
      )
    }
  }
}

export interface LibraryBuild {
  /** The package directory (`import.meta.dirname` of its tsup.config.ts). */
  packageDir: string
  /** Public entry points, relative to the package (each one gets a `.d.ts`). */
  entries?: string[]
  /** Extra tsup options (external, …), merged over the defaults. */
  options?: Record<string, unknown>
}

export function libraryConfig({
  packageDir,
  entries = ['src/index.ts'],
  options = {},
}: LibraryBuild) {
  const modules = reachableModules(packageDir, entries)
  return {
    entry: Object.fromEntries(modules.map((file) => [outputName(packageDir, file), file])),
    format: ['esm' as const],
    // Declarations stay one bundled file per public entry: consumers' type resolution never
    // sees our internal layout.
    dts: {
      entry: Object.fromEntries(
        entries.map((e) => [outputName(packageDir, resolve(packageDir, e)), e]),
      ),
    },
    clean: true,
    sourcemap: true,
    target: 'es2022' as const,
    splitting: false,
    esbuildPlugins: [preserveModules(packageDir, new Set(modules))],
    onSuccess: checkClientDirectives(packageDir, modules),
    ...options,
  }
}
