import { defineConfig } from '@playwright/test'

const SITE_PORT = Number(process.env.DOCCHAT_E2E_SITE_PORT ?? 4390)
const CSP_SITE_PORT = Number(process.env.DOCCHAT_E2E_CSP_SITE_PORT ?? 4391)
const API_PORT = Number(process.env.DOCCHAT_E2E_API_PORT ?? 8790)
const host = '127.0.0.1'
const apiBaseUrl = `http://${host}:${API_PORT}`

// The tests read these to reach the servers started below.
process.env.DOCCHAT_E2E_API_BASE_URL = apiBaseUrl
process.env.DOCCHAT_E2E_CSP_SITE_URL = `http://${host}:${CSP_SITE_PORT}`

export default defineConfig({
  testDir: './tests',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // One retry on CI: a test that passes only on retry is reported as flaky by the root runner.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  // The root test runner reads the json report (PLAYWRIGHT_JSON_OUTPUT_NAME).
  reporter: [['list'], ['json']],
  outputDir: './test-results',
  use: {
    baseURL: `http://${host}:${SITE_PORT}`,
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
  // Both servers run built output (the root runner builds every package first) and stop with
  // the run. Never reuse a stray server: a stale one would test old code.
  webServer: [
    {
      // --record serves what it received at GET /_dev/requests (the tests assert on it).
      command: `node ../packages/dev-server/bin/docchat-dev-server.js --docs docchat=../apps/docs --port ${API_PORT} --host ${host} --record --pace instant`,
      url: `${apiBaseUrl}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node scripts/serve-e2e-site.mjs --port ${SITE_PORT} --csp-port ${CSP_SITE_PORT} --api ${apiBaseUrl}`,
      url: `http://${host}:${SITE_PORT}/quickstart`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
  metadata: { apiPort: API_PORT },
})
