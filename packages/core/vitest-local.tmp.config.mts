// TEMPORARY (core-stream helper): scripts/vitest.shared.ts cannot resolve vite/vitest from the root.
import { defineConfig } from 'vitest/config'
export default defineConfig({
  resolve: { conditions: ['@docchat/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@docchat/source', 'node', 'development|production'] } },
  test: { globals: true, testTimeout: 15_000, environment: 'node' },
})
