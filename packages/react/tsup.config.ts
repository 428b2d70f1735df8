import { defineConfig } from 'tsup'
import { libraryConfig } from '../../scripts/tsup.shared'

// Each hook module carries its own 'use client' directive into dist (no bundle-wide banner).
export default defineConfig(libraryConfig({ packageDir: import.meta.dirname }))
