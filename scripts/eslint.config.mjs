// ESLint runs one plugin here, eslint-plugin-regexp, for the two rules that keep regular
// expressions on data linear. Biome is the linter for everything else.
import tsParser from '@typescript-eslint/parser'
import regexp from 'eslint-plugin-regexp'

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-*/**',
      '**/storybook-static/**',
      '**/.next/**',
      '**/build/**',
      '**/out/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.vitepress/cache/**',
      '**/.vitepress/dist/**',
      '**/coverage/**',
      '**/.reports/**',
    ],
  },
  {
    files: ['packages/*/src/**/*.{ts,tsx,mts,js,mjs}', 'packages/*/bin/**/*.{js,mjs,ts}'],
    languageOptions: { parser: tsParser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    // Tests run on data they write themselves; the rules guard what shipped code does to input.
    ignores: ['**/*.test.*', '**/test/**'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-move': 'error',
      'regexp/no-super-linear-backtracking': 'error',
    },
  },
]
