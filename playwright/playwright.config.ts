import { defineConfig } from '@playwright/test'

const SITE_PORT = Number(process.env.DOCCHAT_E2E_SITE_PORT ?? 4390)
const API_PORT = Number(process.env.DOCCHAT_E2E_API_PORT ?? 8790)

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${SITE_PORT}`,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        // keep the browser strictly on loopback: no DNS for anything else
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  metadata: { apiPort: API_PORT },
})
