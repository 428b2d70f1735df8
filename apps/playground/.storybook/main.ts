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
    return viteConfig
  },
}
export default config
