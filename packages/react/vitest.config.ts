import { defineReactProjectsVitest, openTelemetryAlias } from '../../scripts/vitest.shared'

// The suite on React 19 and again on React 18.3, as two projects of one run.
export default defineReactProjectsVitest(
  import.meta.url,
  {
    include: ['src/**/*.test.{ts,tsx}', 'examples/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Vite (with the alias below) resolves the AI SDK's imports, not Node.
    inline: [/node_modules\/ai\//, /@ai-sdk\/react/],
  },
  {
    resolve: { alias: [openTelemetryAlias(import.meta.url)] },
    test: { environment: 'jsdom' },
  },
)
