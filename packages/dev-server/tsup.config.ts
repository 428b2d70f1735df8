import { defineConfig } from 'tsup'

export default defineConfig({
  entry: ['src/index.ts', 'src/msw.ts', 'src/node.ts', 'src/cli.ts'],
  format: ['esm'],
  dts: { entry: ['src/index.ts', 'src/msw.ts', 'src/node.ts'] },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  external: ['msw'],
})
