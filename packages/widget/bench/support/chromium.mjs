// Debian's Chromium as every browser bench here drives it: loopback only, never a download.
import { chromium } from 'playwright-core'

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost',
    ],
  })
}

/** A 4G-like link (60 ms RTT, 9 Mbit/s each way), as issue 14 measured the peers. */
const fourG = {
  offline: false,
  latency: 60,
  downloadThroughput: (9 * 1024 * 1024) / 8,
  uploadThroughput: (9 * 1024 * 1024) / 8,
}

/** A fresh context (cold cache) with a 1280×800 page on `network`. */
export async function slowNetworkPage(browser, network = fourG) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', network)
  return { context, page }
}
