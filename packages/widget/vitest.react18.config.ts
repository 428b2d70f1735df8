import { createRequire } from 'node:module'
import { defineDocChatVitest } from '../../scripts/vitest.shared'
import { openTelemetryAlias } from './test/vitest-resolve'

// The components, the drop-in and SSR again on React 18.3 (`react-18`/`react-dom-18`). Vite
// aliases cover transformed modules (inlined below); test/react18-setup.ts covers CommonJS
// `require`s that Node resolves itself.
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
    setupFiles: ['./test/react18-setup.ts', './src/test/setup.ts'],
    include: [
      'src/react-version.test.ts',
      'src/ssr.test.tsx',
      'src/components/doc-chat-widget.test.tsx',
      'src/components/search-modal.test.tsx',
      'src/components/context-capture.test.tsx',
      'src/embed/create-doc-chat.test.ts',
    ],
    css: true,
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
