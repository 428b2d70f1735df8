import { defineConfig } from 'tsup'

export default defineConfig({
  // default-docs is imported by a computed path (Node only), so it needs its own file in dist.
  entry: [
    'src/index.ts',
    'src/msw.ts',
    'src/node.ts',
    'src/cli.ts',
    'src/default-docs.ts',
    'src/docs/index.ts',
  ],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/msw.ts', 'src/node.ts', 'src/docs/index.ts'] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['msw'],
})
