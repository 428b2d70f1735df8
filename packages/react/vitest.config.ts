import { defineReactProjectsVitest, openTelemetryAlias } from '../../scripts/vitest.shared'

const setupFiles = ['./src/test/setup.ts']
// Vite (with the alias below) resolves the AI SDK's imports, not Node.
const inline = [/node_modules\/ai\//, /@ai-sdk\/react/]

// The suite on React 19 and again on React 18.3, as two projects of one run; the hooks' contract
// tests a third time on the drop-in's engine (`@docchat/react/drop-in`): the tests take their
// engine from src/test/engine.ts, which reads DOCCHAT_ENGINE.
const config = defineReactProjectsVitest(
  import.meta.url,
  {
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles,
    inline,
  },
  {
    resolve: { alias: [openTelemetryAlias(import.meta.url)] },
    test: { environment: 'jsdom' },
  },
)
config.test?.projects?.push({
  extends: true,
  test: {
    name: 'drop-in-engine',
    include: [
      'src/use-assistant-chat.test.tsx',
      'src/use-docs-search.test.tsx',
      'src/assistant-attachments.test.tsx',
      'src/use-conversations.test.tsx',
    ],
    setupFiles,
    env: { DOCCHAT_EXPECTED_REACT: '19', DOCCHAT_ENGINE: 'drop-in' },
    server: { deps: { inline } },
  },
})
export default config
