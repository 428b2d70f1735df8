import { defineDocChatVitest, openTelemetryAlias } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  resolve: { alias: [openTelemetryAlias(import.meta.url)] },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Vite resolves the AI SDK's imports (each major's own `ai`), not Node.
    server: { deps: { inline: [/node_modules\/ai\//, /@ai-sdk\/react/] } },
  },
})
