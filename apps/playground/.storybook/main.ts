import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  // public/mockServiceWorker.js: msw's worker, which answers the API from an in-page dev server.
  staticDirs: ['../public'],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: async (viteConfig) => {
    const { defaultClientConditions } = await import('vite')
    viteConfig.resolve = {
      ...viteConfig.resolve,
      conditions: ['@docchat/source', ...defaultClientConditions],
    }
    // Two majors of @ai-sdk/react and of ai are in play: v1 and ai 4 under @docchat/react and the
    // dev server, v2 and ai 5 under the AI SDK v5 example app. Pre-bundled, one name would serve
    // both (v2's useChat has no `append`, ai 4 has no `AbstractChat`), so each is resolved from
    // its importer instead.
    viteConfig.optimizeDeps = {
      ...viteConfig.optimizeDeps,
      exclude: [...(viteConfig.optimizeDeps?.exclude ?? []), '@ai-sdk/react', 'ai'],
      // Their CommonJS dependencies still need pre-bundling.
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@docchat/react > @ai-sdk/react > @ai-sdk/ui-utils > secure-json-parse',
        '@docchat/react > @ai-sdk/react > swr',
        '@docchat/react > @ai-sdk/react > throttleit',
        '@docchat/example-ai-sdk-v5 > ai > @ai-sdk/gateway > @vercel/oidc',
      ],
    }
    // The packages' sources start with 'use client' (for React Server Components users); a
    // client-only Storybook bundle drops it on purpose, so the 72 warnings about it are noise.
    const rolldownOptions = viteConfig.build?.rolldownOptions ?? {}
    const onwarn = rolldownOptions.onwarn
    viteConfig.build = {
      ...viteConfig.build,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        ...rolldownOptions,
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return
          if (onwarn) onwarn(warning, warn)
          else warn(warning)
        },
      },
    }
    return viteConfig
  },
}
export default config
