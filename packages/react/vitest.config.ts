import { defineDocChatVitest } from '../../scripts/vitest.shared'

export default defineDocChatVitest({
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    env: { DOCCHAT_EXPECTED_REACT: '19' },
  },
})
