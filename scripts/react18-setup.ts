import Module from 'node:module'

// pnpm resolved react-dom-18's `react` peer to React 19, and Node resolves CommonJS `require`s
// without Vite's aliases: point them at React 18 too.
type ResolveFilename = (request: string, ...rest: unknown[]) => string
const moduleWithResolver = Module as unknown as { _resolveFilename: ResolveFilename }
const aliases: Record<string, string> = JSON.parse(process.env.DOCCHAT_REACT18_ALIASES ?? '{}')
const marker = Symbol.for('docchat.react18-resolver')
const registry = globalThis as { [marker]?: boolean }

if (!registry[marker]) {
  registry[marker] = true
  const original = moduleWithResolver._resolveFilename
  moduleWithResolver._resolveFilename = function (request, ...rest) {
    return original.call(this, aliases[request] ?? request, ...rest)
  }
}
