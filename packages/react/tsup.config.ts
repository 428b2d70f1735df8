import { defineConfig } from 'tsup'
import { libraryConfig } from '../../scripts/tsup.shared'

// Each hook module carries its own 'use client' directive into dist (no bundle-wide banner).
// Two public entries: the package, and the drop-in's engine (`@docchat/react/drop-in`).
export default defineConfig(
  libraryConfig({
    packageDir: import.meta.dirname,
    entries: ['src/index.ts', 'src/drop-in/index.ts'],
  }),
)
