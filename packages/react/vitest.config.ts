import { defineDocChatVitest, openTelemetryAlias } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  resolve: { alias: [openTelemetryAlias(import.meta.url)] },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { DOCCHAT_EXPECTED_REACT: '19' },
    // Vite (with the alias above) resolves the AI SDK's imports, not Node.
    server: { deps: { inline: [/node_modules\/ai\//, /@ai-sdk\/react/] } },
  },
})
