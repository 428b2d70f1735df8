import { createRequire } from 'node:module'
import { defineDocChatVitest } from '../../scripts/vitest.shared'

// The same suite on React 18.3 (`react-18`/`react-dom-18` aliases). Vite aliases cover transformed
// modules (@testing-library/react is inlined so it imports the aliased copy);
// `src/test/react18-setup.ts` covers CommonJS `require`s Node resolves itself.
const require = createRequire(import.meta.url)

const aliases = {
  'react/jsx-runtime': require.resolve('react-18/jsx-runtime'),
  'react/jsx-dev-runtime': require.resolve('react-18/jsx-dev-runtime'),
  'react-dom/client': require.resolve('react-dom-18/client'),
  'react-dom/server': require.resolve('react-dom-18/server.node'),
  'react-dom/test-utils': require.resolve('react-dom-18/test-utils'),
  'react-dom': require.resolve('react-dom-18'),
  react: require.resolve('react-18'),
}

export default defineDocChatVitest({
  resolve: {
    alias: Object.entries(aliases).map(([name, path]) => ({
      find: new RegExp(`^${name.replace('/', '\\/')}$`),
      replacement: path,
    })),
    dedupe: ['react', 'react-dom'],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/react18-setup.ts', './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { DOCCHAT_EXPECTED_REACT: '18', DOCCHAT_REACT18_ALIASES: JSON.stringify(aliases) },
    server: {
      deps: {
        inline: [
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
