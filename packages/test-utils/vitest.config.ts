import { defineDocChatVitest } from '../../scripts/vitest.shared'

// The fixtures under runner-fixtures/ are workspaces the runner's self-test runs, never tests here.
export default defineDocChatVitest({
  test: { environment: 'node', include: ['src/**/*.test.ts'] },
})
