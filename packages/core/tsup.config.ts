import { defineConfig } from 'tsup'
import { libraryConfig } from '../../scripts/tsup.shared'

// Two entries: the public package, and `@docchat/core/internal` (what DocChat's own packages share).
export default defineConfig(
  libraryConfig({ packageDir: import.meta.dirname, entries: ['src/index.ts', 'src/internal.ts'] }),
)
