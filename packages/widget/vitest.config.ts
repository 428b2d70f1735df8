import { defineReactProjectsVitest, openTelemetryAlias } from '../../scripts/vitest.shared'

// The suite on React 19; the components, the drop-in and SSR again on React 18.3.
export default defineReactProjectsVitest(
  import.meta.url,
  {
    include: ['src/**/*.test.{ts,tsx}'],
    react18Include: [
      'src/react-version.test.ts',
      'src/ssr.test.tsx',
      'src/components/doc-chat-widget.test.tsx',
      'src/components/search-modal.test.tsx',
      'src/components/context-capture.test.tsx',
      'src/components/error-boundary.test.tsx',
      'src/components/hostile-urls.test.tsx',
      'src/components/assistant-answer.test.tsx',
      'src/embed/create-doc-chat.test.ts',
    ],
    setupFiles: ['./src/test/setup.ts'],
    // Vite (with the alias below) resolves the AI SDK's imports, not Node.
    inline: [/node_modules\/ai\//, /@ai-sdk\/react/],
  },
  {
    resolve: { alias: [openTelemetryAlias(import.meta.url)] },
    // The drop-in adopts the real CSS text (`?inline`), so tests see what ships.
    test: { environment: 'jsdom', css: true },
  },
)
