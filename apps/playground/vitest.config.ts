import { fileURLToPath } from 'node:url'
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defaultClientConditions } from 'vite'
import { defineConfig } from 'vitest/config'
import { testWorkers } from '../../scripts/vitest.shared'

const configDir = fileURLToPath(new URL('./.storybook', import.meta.url))

// Story smoke tests: every story renders (and its play function passes) in Debian's Chromium.
export default defineConfig({
  resolve: { conditions: ['@docchat/source', ...defaultClientConditions] },
  test: {
    maxWorkers: testWorkers,
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir })],
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: {
                executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
                args: [
                  '--no-sandbox',
                  '--disable-gpu',
                  '--disable-dev-shm-usage',
                  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
                ],
              },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
})
