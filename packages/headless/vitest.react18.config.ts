import { defineDocChatVitest, react18 } from '../../scripts/vitest.shared'

// The same suite on React 18.3.
const react = react18(import.meta.url)

export default defineDocChatVitest({
  resolve: { alias: react.alias, dedupe: react.dedupe },
  test: {
    environment: 'jsdom',
    setupFiles: [react.setupFile, './src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: react.env,
    server: { deps: { inline: react.inline } },
  },
})
