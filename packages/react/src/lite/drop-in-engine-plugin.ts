import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/** The modules the drop-in's engine replaces, resolved path → its own. */
const replaced = new Map([
  [source('../provider.tsx'), source('./provider.tsx')],
  [source('../use-assistant-chat.ts'), source('./use-assistant-chat.ts')],
  [source('../use-docs-search.ts'), source('./use-docs-search.ts')],
])
const liteDir = source('.')

/**
 * For this package's own tests: the hook tests import `./use-assistant-chat` and `./provider`
 * relatively, so an alias of `@docchat/react` (what the drop-in's build does) cannot reach them.
 * This swaps the resolved modules instead, so the same tests check the drop-in's engine.
 */
export function dropInEnginePlugin(): Plugin {
  return {
    name: 'docchat-drop-in-engine',
    enforce: 'pre',
    async resolveId(id, importer, options) {
      if (!importer || importer.startsWith(liteDir)) return null
      const resolved = await this.resolve(id, importer, { ...options, skipSelf: true })
      return (resolved && replaced.get(resolved.id)) ?? null
    },
  }
}
