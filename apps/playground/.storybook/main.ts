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
