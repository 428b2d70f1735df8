import { defineDocChatVitest } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { DOCCHAT_EXPECTED_REACT: '19' },
    // The dev server's `ai` imports @opentelemetry/api, whose browser-condition ESM build uses
    // extensionless imports that only Vite (not Node) resolves.
    server: { deps: { inline: [/@opentelemetry\/api/] } },
  },
})
