#!/usr/bin/env node
// Zero-dependency static server for the built docs site (dist/site), used by `npm run dev` and
// by the Playwright tests. It serves clean URLs (/quickstart → quickstart.html), can send a strict
// Content-Security-Policy (and collects violation reports at /__csp-reports), and proxies
// /api/admin/* to the dev server with the admin key added here, on the server: admin keys must
// never reach a browser, so the status page's client has no key at all.
//
//   node apps/docs/site/serve.mjs [--port 4321] [--host 127.0.0.1] [--root dir] [--strict-csp]
//   env: DOCCHAT_SITE_PORT, DOCCHAT_API_BASE_URL (also rewrites the pages' API URL),
//        DOCCHAT_ADMIN_KEY, DOCCHAT_STRICT_CSP=1
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, extname, join, normalize, resolve, sep } from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))

const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
}

/** Only admin routes are forwarded: the discovery group takes the page's own assistant key. */
const adminRoute = /^\/api\/admin(\/v1\/(?:agent|project)\/[^?#]*)$/

export function strictCsp(apiBaseUrl) {
  const api = new URL(apiBaseUrl).origin
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self' ${api}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    'report-uri /__csp-report',
  ].join('; ')
}

export function createSiteServer(options = {}) {
  const root = resolve(options.root ?? join(here, '../dist/site'))
  const apiBaseUrl = options.apiBaseUrl ?? 'http://127.0.0.1:8787'
  // With an explicit API URL, pages point their widget at it whatever URL the build baked in,
  // so tests can run the dev server on any port without rebuilding the site.
  const pointPagesAtApi = (html) =>
    html
      .replace(/(\sdata-api-base-url=")[^"]*(")/g, `$1${apiBaseUrl}$2`)
      .replace(/(<meta name="docchat-api-base-url" content=")[^"]*(")/g, `$1${apiBaseUrl}$2`)
  const adminKey = options.adminKey ?? 'mint_dev_local'
  const csp = options.strictCsp ? strictCsp(apiBaseUrl) : undefined
  const cspReports = []

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }

  const proxyAdmin = async (req, res, path, search) => {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Readable.toWeb(req)
    try {
      const upstream = await fetch(new URL(path + search, apiBaseUrl), {
        method: req.method,
        headers: {
          'Content-Type': req.headers['content-type'] ?? 'application/json',
          Authorization: `Bearer ${adminKey}`,
          // Lets the status page ask the dev server for failing jobs and deployments.
          ...(req.headers['x-docchat-fault']
            ? { 'x-docchat-fault': req.headers['x-docchat-fault'] }
            : {}),
        },
        body,
        duplex: 'half',
      })
      const headers = {}
      for (const name of ['content-type', 'retry-after']) {
        const value = upstream.headers.get(name)
        if (value) headers[name] = value
      }
      res.writeHead(upstream.status, headers)
      if (upstream.body) Readable.fromWeb(upstream.body).pipe(res)
      else res.end()
    } catch (error) {
      send(res, 502, { message: `Dev server unreachable at ${apiBaseUrl}: ${error.message}` })
    }
  }

  const resolveFile = (pathname) => {
    const clean = normalize(decodeURIComponent(pathname)).replace(/^([/\\])+/, '')
    const base = join(root, clean)
    if (base !== root && !base.startsWith(root + sep)) return undefined
    const candidates = pathname.endsWith('/')
      ? [join(base, 'index.html')]
      : [base, `${base}.html`, join(base, 'index.html')]
    return candidates.find((file) => existsSync(file) && statSync(file).isFile())
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const admin = adminRoute.exec(url.pathname)
    if (admin) return void proxyAdmin(req, res, admin[1], url.search)
    if (url.pathname === '/__csp-report' && req.method === 'POST') {
      let raw = ''
      req.on('data', (chunk) => {
        if (raw.length < 65_536) raw += chunk
      })
      req.on('end', () => {
        try {
          const report = JSON.parse(raw)
          if (cspReports.length < 200) cspReports.push(report)
          options.onCspReport?.(report)
        } catch {
          // Not JSON: nothing useful to keep.
        }
        res.writeHead(204).end()
      })
      return
    }
    if (url.pathname === '/__csp-reports') return send(res, 200, cspReports)
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return send(res, 405, { message: 'Method not allowed' }, { Allow: 'GET, HEAD' })
    }
    let file
    try {
      file = resolveFile(url.pathname)
    } catch {
      file = undefined
    }
    const status = file ? 200 : 404
    file ??= join(root, '404.html')
    if (!existsSync(file))
      return send(res, 404, { message: `Not found; is the site built in ${root}?` })
    const headers = {
      'Content-Type': types[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
    }
    if (csp && extname(file) === '.html') headers['Content-Security-Policy'] = csp
    res.writeHead(status, headers)
    if (req.method === 'HEAD') return void res.end()
    if (options.apiBaseUrl && extname(file) === '.html') {
      return void res.end(pointPagesAtApi(readFileSync(file, 'utf8')))
    }
    createReadStream(file).pipe(res)
  })
  server.cspReports = cspReports
  return server
}

/** Starts the server; resolves once it listens. */
export function startSiteServer(options = {}) {
  const server = createSiteServer(options)
  const port = options.port ?? 4321
  const host = options.host ?? '127.0.0.1'
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address()
      const url = `http://${host}:${typeof address === 'object' && address ? address.port : port}`
      resolvePromise({
        server,
        url,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2)
  const flag = (name) => {
    const index = args.indexOf(name)
    return index === -1 ? undefined : args[index + 1]
  }
  const { url } = await startSiteServer({
    port: Number(flag('--port') ?? process.env.DOCCHAT_SITE_PORT ?? 4321),
    host: flag('--host') ?? '127.0.0.1',
    root: flag('--root'),
    apiBaseUrl: process.env.DOCCHAT_API_BASE_URL || undefined,
    adminKey: process.env.DOCCHAT_ADMIN_KEY || undefined,
    strictCsp: args.includes('--strict-csp') || process.env.DOCCHAT_STRICT_CSP === '1',
  })
  console.log(`docs site on ${url}`)
}
