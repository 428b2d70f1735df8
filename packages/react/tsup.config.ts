import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // esbuild drops module-level directives when bundling; the hooks need the boundary in RSC apps.
  banner: { js: "'use client'" },
})
