import { defaultClientConditions, defaultServerConditions } from 'vite'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

/** Workspace packages resolve to their TypeScript source, so tests need no build. */
const source = '@docchat/source'

export function defineDocChatVitest(config: ViteUserConfig = {}) {
  return defineConfig({
    ...config,
    resolve: { ...config.resolve, conditions: [source, ...defaultClientConditions] },
    ssr: { ...config.ssr, resolve: { conditions: [source, ...defaultServerConditions] } },
    test: { globals: true, testTimeout: 15_000, ...config.test },
  })
}
