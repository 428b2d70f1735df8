import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'

/**
 * A React fixture app bundled with esbuild for the browser, talking to the dev server CLI (its URL
 * is `__DOCCHAT_API__` in the app). `alias` swaps modules, e.g. one `@ai-sdk/react` for another.
 */
export async function bundleApp(entry: string, alias: Record<string, string> = {}) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    alias,
    define: {
      __DOCCHAT_API__: JSON.stringify(process.env.DOCCHAT_E2E_API_BASE_URL),
      'process.env.NODE_ENV': '"production"',
    },
  })
  return result.outputFiles[0]!.text
}

export interface AppSite {
  url: string
  close(): Promise<void>
}

/**
 * Serves bundled apps on a loopback port of its own: Chromium lets only a page served from a local
 * address call the local API (Local Network Access), and the API stays cross-origin, as in
 * production. `/<name>.js` is a bundle; any other path is a page loading the bundle `pick` chooses
 * for its URL.
 */
export async function serveApps(
  bundles: Record<string, string>,
  { title, pick }: { title: string; pick: (url: URL) => string },
): Promise<AppSite> {
  const site = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const script = /^\/([\w-]+)\.js$/.exec(url.pathname)?.[1]
    if (script && script in bundles) {
      res.writeHead(200, { 'content-type': 'text/javascript' })
      res.end(bundles[script])
      return
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><title>${title}</title><div id="root"></div><script src="/${pick(url)}.js"></script>`,
    )
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(site.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  }
}
