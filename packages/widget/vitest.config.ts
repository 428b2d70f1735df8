import { defineReactProjectsVitest, openTelemetryAlias } from '../../scripts/vitest.shared'
import { dropInEngineAlias } from './vite.embed.config'

// The widget's behaviour tests that the drop-in ships: run again on the drop-in's engine.
const dropInEngineInclude = [
  'src/components/doc-chat-widget.test.tsx',
  'src/components/assistant-panel.test.tsx',
  'src/components/assistant-answer.test.tsx',
  'src/components/assistant-request.test.tsx',
  'src/components/search-modal.test.tsx',
  'src/components/context-capture.test.tsx',
  'src/components/deep-links.test.tsx',
  'src/components/hand-offs.test.tsx',
  'src/components/error-boundary.test.tsx',
  'src/components/hostile-urls.test.tsx',
  'src/components/attachments.test.tsx',
  'src/components/conversations.test.tsx',
  'src/components/optional-parts.test.tsx',
  'src/embed/create-doc-chat.test.ts',
]
const setupFiles = ['./src/test/setup.ts']
// Vite (with the alias below) resolves the AI SDK's imports, not Node.
const inline = [/node_modules\/ai\//, /@ai-sdk\/react/]

// The suite on React 19; the components, the drop-in and SSR again on React 18.3; the drop-in's
// behaviour again on its own engine (`@docchat/react` → `@docchat/react/drop-in`, as the panel build does).
const config = defineReactProjectsVitest(
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
      'src/components/attachments.test.tsx',
      'src/components/conversations.test.tsx',
      'src/components/optional-parts.test.tsx',
      'src/embed/create-doc-chat.test.ts',
    ],
    setupFiles,
    inline,
  },
  {
    resolve: { alias: [openTelemetryAlias(import.meta.url)] },
    // The drop-in adopts the real CSS text (`?inline`), so tests see what ships.
    test: { environment: 'jsdom', css: true },
  },
)
config.test?.projects?.push({
  extends: true,
  resolve: { alias: [dropInEngineAlias] },
  test: {
    name: 'drop-in-engine',
    include: dropInEngineInclude,
    setupFiles,
    env: { DOCCHAT_EXPECTED_REACT: '19', DOCCHAT_ENGINE: 'drop-in' },
    server: { deps: { inline } },
  },
})
export default config
