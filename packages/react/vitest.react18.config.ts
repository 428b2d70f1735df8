import { defineDocChatVitest, openTelemetryAlias, react18 } from '../../scripts/vitest.shared'

// The same suite on React 18.3.
const react = react18(import.meta.url)

export default defineDocChatVitest({
  resolve: { alias: [openTelemetryAlias(import.meta.url), ...react.alias], dedupe: react.dedupe },
  test: {
    environment: 'jsdom',
    setupFiles: [react.setupFile, './src/test/setup.ts'],
    env: react.env,
    server: { deps: { inline: [/node_modules\/ai\//, ...react.inline] } },
  },
})
