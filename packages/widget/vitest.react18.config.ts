import { defineDocChatVitest, openTelemetryAlias, react18 } from '../../scripts/vitest.shared'

// The components, the drop-in and SSR again on React 18.3.
const react = react18(import.meta.url)

export default defineDocChatVitest({
  resolve: { alias: [openTelemetryAlias(import.meta.url), ...react.alias], dedupe: react.dedupe },
  test: {
    environment: 'jsdom',
    setupFiles: [react.setupFile, './src/test/setup.ts'],
    include: [
      'src/react-version.test.ts',
      'src/ssr.test.tsx',
      'src/components/doc-chat-widget.test.tsx',
      'src/components/search-modal.test.tsx',
      'src/components/context-capture.test.tsx',
      'src/components/error-boundary.test.tsx',
      'src/components/hostile-urls.test.tsx',
      'src/embed/create-doc-chat.test.ts',
    ],
    css: true,
    env: react.env,
    server: { deps: { inline: [/node_modules\/ai\//, ...react.inline] } },
  },
})
