import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
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

/**
 * jsdom tests resolve packages with browser conditions. `@opentelemetry/api` (imported by the dev
 * server's `ai`) then resolves to an ESM build with extensionless imports, which Node cannot load
 * once Vitest externalizes it: point it at the CommonJS build instead.
 */
export function openTelemetryAlias(packageUrl: string) {
  const fromPackage = createRequire(packageUrl)
  const ai = createRequire(fromPackage.resolve('@docchat/dev-server/package.json')).resolve('ai')
  return {
    find: /^@opentelemetry\/api$/,
    replacement: createRequire(ai).resolve('@opentelemetry/api'),
  }
}

/**
 * Runs a package's suite on React 18.3, installed in the package as `react-18`/`react-dom-18`.
 * Vite aliases cover the modules it transforms (inline the libraries that import React); the
 * setup file covers CommonJS `require`s that Node resolves itself (react-dom 18 requiring `react`).
 */
export function react18(packageUrl: string) {
  const require = createRequire(packageUrl)
  const aliases: Record<string, string> = {
    'react/jsx-runtime': require.resolve('react-18/jsx-runtime'),
    'react/jsx-dev-runtime': require.resolve('react-18/jsx-dev-runtime'),
    'react-dom/client': require.resolve('react-dom-18/client'),
    'react-dom/server': require.resolve('react-dom-18/server.node'),
    'react-dom/test-utils': require.resolve('react-dom-18/test-utils'),
    'react-dom': require.resolve('react-dom-18'),
    react: require.resolve('react-18'),
  }
  return {
    alias: Object.entries(aliases).map(([name, path]) => ({
      find: new RegExp(`^${name.replace('/', '\\/')}$`),
      replacement: path,
    })),
    dedupe: ['react', 'react-dom'],
    setupFile: fileURLToPath(new URL('./react18-setup.ts', import.meta.url)),
    env: { DOCCHAT_EXPECTED_REACT: '18', DOCCHAT_REACT18_ALIASES: JSON.stringify(aliases) },
    inline: [
      /@testing-library\/react/,
      /@ai-sdk\/react/,
      /\/swr\//,
      /@tanstack\/react-query/,
      /use-sync-external-store/,
    ],
  }
}
