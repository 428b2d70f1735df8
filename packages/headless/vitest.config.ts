import { defineReactProjectsVitest } from '../../scripts/vitest.shared'

// The suite on React 19 and again on React 18.3, as two projects of one run.
export default defineReactProjectsVitest(
  import.meta.url,
  { include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['./src/test/setup.ts'] },
  { test: { environment: 'jsdom' } },
)
