import { defineConfig } from 'tsup'
import { libraryConfig } from '../../scripts/tsup.shared'

export default defineConfig(libraryConfig({ packageDir: import.meta.dirname }))
