import { defaultClientConditions } from 'vite'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

/** Workspace packages resolve to their TypeScript source, so tests need no build. */
const source = '@docchat/source'

export function defineDocChatVitest(config: ViteUserConfig = {}) {
  return defineConfig({
    ...config,
    resolve: { ...config.resolve, conditions: [source, ...defaultClientConditions] },
    // No `module` condition on the server side: it sends Node to extensionless ESM builds
    // (e.g. @opentelemetry/api under ai@4) when Vitest externalises a dependency.
    ssr: { ...config.ssr, resolve: { conditions: [source, 'node', 'development|production'] } },
    test: { globals: true, testTimeout: 15_000, ...config.test },
  })
}
