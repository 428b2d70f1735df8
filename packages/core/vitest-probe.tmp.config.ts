import { defineDocChatVitest } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  test: { environment: 'node', server: { deps: { inline: ['@opentelemetry/api'] } } },
})
