import { defineDocChatVitest } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  test: {
    environment: 'node',
    // The shared SSR conditions include `module`, which sends Node to @opentelemetry/api's
    // extensionless ESM build when `ai` (the ai@4 test server) is loaded natively; let Vite load them.
    server: { deps: { inline: ['ai', '@opentelemetry/api'] } },
  },
})
