/**
 * The one test server: DocChat's real dev server (real search over real docs, real AI SDK
 * streams, threads, keys, rate limits) with its fault injection, reached in process through its
 * fetch handler or, with `http: true`, over real HTTP on a free port.
 */
import { createDocsClient, type DocsClient, type DocsClientOptions } from '@docchat/core'
import {
  createDevServer,
  type DevServer,
  type DevServerOptions,
  type DocsCorpus,
  faultHeader,
} from '@docchat/dev-server'
import { listen, loadDocs } from '@docchat/dev-server/node'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const testBaseUrl = 'http://docchat.test'
export const domain = 'docchat'
export const projectId = 'docchat-project'
/**
 * The kit's own docs (`apps/docs`), the dev server's default corpus. Built from a path, not
 * `new URL(…, import.meta.url)`: under jsdom that URL is jsdom's, which `fileURLToPath` rejects.
 */
export const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../apps/docs')

let corpus: Promise<DocsCorpus> | undefined

/**
 * The corpus, loaded once per test file and passed parsed: under jsdom the server's own Node-only
 * default (a computed dynamic import) cannot run.
 */
export function docsCorpus(): Promise<DocsCorpus> {
  corpus ??= loadDocs(docsDir, { name: domain })
  return corpus
}

/** The dev server's own options, plus how the test reaches it. */
export interface TestBackendOptions extends DevServerOptions {
  /** Overrides for the client; its defaults: both keys from the server, `retry: false`. */
  client?: Partial<DocsClientOptions>
  /** Give the client the admin key too (and allow it under jsdom). Defaults to `false`. */
  adminClient?: boolean
  /** `x-docchat-fault` on every request from the start (see `setFault`). */
  fault?: string
  /** Wraps the fetch that reaches the server, e.g. to delay or fail requests. */
  wrapFetch?: (next: typeof fetch) => typeof fetch
  /** Serve over real HTTP on 127.0.0.1 and a free port, instead of in process. */
  http?: boolean
}

export interface TestBackend {
  server: DevServer
  client: DocsClient
  /** Where the client points: `http://docchat.test`, or the real URL with `http: true`. */
  baseUrl: string
  /** The fetch that reaches the server (fault header added); for clients built elsewhere. */
  fetch: typeof fetch
  /** `x-docchat-fault` for the following requests (e.g. `status=503`); `undefined` for none. */
  setFault(spec: string | undefined): void
  /** Requests the server received whose path contains `pathPart`, e.g. `/search/`. */
  requestsTo(pathPart: string): DevServer['requests']
  /** Stops the HTTP server (in process: nothing to stop). */
  close(): Promise<void>
}

export async function createTestBackend(options: TestBackendOptions = {}): Promise<TestBackend> {
  const {
    client: clientOptions,
    adminClient,
    fault: initialFault,
    wrapFetch,
    http,
    ...serverOptions
  } = options
  const server = await createDevServer({ docs: { [domain]: await docsCorpus() }, ...serverOptions })
  const running = http ? await listen(server, { port: 0 }) : undefined
  const baseUrl = running?.url ?? testBaseUrl
  let fault = initialFault
  const reach: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (fault) request.headers.set(faultHeader, fault)
    return running ? fetch(request) : server.fetch(request)
  }
  const fetchImpl = wrapFetch ? wrapFetch(reach) : reach
  const client = createDocsClient({
    baseUrl,
    assistantKey: server.keys.assistant,
    // jsdom has `window`; this admin key belongs to a throwaway test server.
    ...(adminClient ? { adminKey: server.keys.admin, dangerouslyAllowBrowser: true } : {}),
    fetch: fetchImpl,
    retry: false,
    onWarning: () => {},
    ...clientOptions,
  })
  return {
    server,
    client,
    baseUrl,
    fetch: fetchImpl,
    setFault(spec) {
      fault = spec
    },
    requestsTo: (pathPart) => server.requests.filter((request) => request.path.includes(pathPart)),
    close: async () => {
      await running?.close()
    },
  }
}
