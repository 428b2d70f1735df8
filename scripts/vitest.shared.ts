import { createRequire } from 'node:module'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions } from 'vite'
import { defineConfig, type ViteUserConfig } from 'vitest/config'

/**
 * One test worker per core. Vitest's default keeps a core for its main process (cores − 1), which
 * on the 2-core machines `npm test` must fit (20 minutes) runs every suite on one worker while the
 * main process, done transforming, mostly waits: the dev server's suite took 112 s so, 82 s on two.
 */
export const testWorkers = availableParallelism()

/** Workspace packages resolve to their TypeScript source, so tests need no build. */
const source = '@docchat/source'

export function defineDocChatVitest(config: ViteUserConfig = {}) {
  return defineConfig({
    ...config,
    resolve: { ...config.resolve, conditions: [source, ...defaultClientConditions] },
    // No `module` condition on the server side: it sends Node to extensionless ESM builds
    // (e.g. @opentelemetry/api under ai@4) when Vitest externalises a dependency.
    ssr: { ...config.ssr, resolve: { conditions: [source, 'node', 'development|production'] } },
    test: { globals: true, testTimeout: 15_000, maxWorkers: testWorkers, ...config.test },
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
function react18(packageUrl: string) {
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

export interface ReactProjectsOptions {
  /** Test files of the React 19 run. */
  include: string[]
  /** Test files run again on React 18.3; defaults to `include`. */
  react18Include?: string[]
  /** The package's own setup file(s), after React 18's resolver where it applies. */
  setupFiles: string[]
  /** Modules Vite must transform (inline) in both runs, besides React 18's own list. */
  inline?: Array<string | RegExp>
}

/**
 * One config, two Vitest projects: the package's suite on React 19 (`react19`) and on React 18.3
 * (`react18`). Shared settings (`config`) stay at the root; what differs between the runs
 * (aliases, setup order, files, env) lives in the projects, because arrays set at the root are
 * concatenated into every project.
 */
export function defineReactProjectsVitest(
  packageUrl: string,
  projects: ReactProjectsOptions,
  config: ViteUserConfig = {},
) {
  const react = react18(packageUrl)
  const inline = projects.inline ?? []
  return defineDocChatVitest({
    ...config,
    test: {
      ...config.test,
      projects: [
        {
          extends: true,
          test: {
            name: 'react19',
            include: projects.include,
            setupFiles: projects.setupFiles,
            env: { DOCCHAT_EXPECTED_REACT: '19' },
            server: { deps: { inline } },
          },
        },
        {
          extends: true,
          resolve: { alias: react.alias, dedupe: react.dedupe },
          test: {
            name: 'react18',
            include: projects.react18Include ?? projects.include,
            setupFiles: [react.setupFile, ...projects.setupFiles],
            env: react.env,
            server: { deps: { inline: [...inline, ...react.inline] } },
          },
        },
      ],
    },
  })
}
