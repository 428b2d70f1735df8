import { defineDocChatVitest } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  test: { environment: 'node', include: ['*.test.ts'] },
})
