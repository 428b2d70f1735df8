import { createRequire } from 'node:module'
import { defineDocChatVitest } from '../../scripts/vitest.shared'
import { openTelemetryAlias } from './test/vitest-resolve'

// The same suite on React 18.3, installed as `react-18`/`react-dom-18`. Vite aliases cover the
// modules it transforms (inlined below, so @testing-library/react, @ai-sdk/react, swr and TanStack
// Query import the aliased copy); `src/test/react18-setup.ts` covers CommonJS `require`s that Node
// resolves itself (react-dom 18 requiring `react`).
const require = createRequire(import.meta.url)
const react = require.resolve('react-18')
const reactDom = require.resolve('react-dom-18')

const aliases = {
  'react/jsx-runtime': require.resolve('react-18/jsx-runtime'),
  'react/jsx-dev-runtime': require.resolve('react-18/jsx-dev-runtime'),
  'react-dom/client': require.resolve('react-dom-18/client'),
  'react-dom/server': require.resolve('react-dom-18/server.node'),
  'react-dom/test-utils': require.resolve('react-dom-18/test-utils'),
  'react-dom': reactDom,
  react,
}

export default defineDocChatVitest({
  resolve: {
    alias: [
      openTelemetryAlias(),
      ...Object.entries(aliases).map(([name, path]) => ({
        find: new RegExp(`^${name.replace('/', '\\/')}$`),
        replacement: path,
      })),
    ],
    dedupe: ['react', 'react-dom'],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/react18-setup.ts', './src/test/setup.ts'],
    env: { DOCCHAT_EXPECTED_REACT: '18', DOCCHAT_REACT18_ALIASES: JSON.stringify(aliases) },
    server: {
      deps: {
        inline: [
          /node_modules\/ai\//,
          /@testing-library\/react/,
          /@ai-sdk\/react/,
          /\/swr\//,
          /@tanstack\/react-query/,
          /use-sync-external-store/,
        ],
      },
    },
  },
})
