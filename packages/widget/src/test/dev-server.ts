import { createDocsClient, type DocsClient } from '@docchat/core'
import {
  createDevServer,
  type DocsCorpus,
  type DevServer,
  type DevServerOptions,
} from '@docchat/dev-server'
import { loadDocs } from '@docchat/dev-server/node'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const testBaseUrl = 'http://docchat.test'
export const domain = 'docchat'
export const projectId = 'docchat-project'
/** The kit's own docs, loaded here and passed as a corpus: under jsdom the server's own Node-only
 * default (a computed dynamic import and `new URL(…, import.meta.url)`) cannot run. */
export const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../apps/docs')
let corpus: Promise<DocsCorpus> | undefined

export interface TestBackend {
  server: DevServer
  client: DocsClient
  /** `x-docchat-fault` for the following requests (e.g. `status=503`), or `undefined` for none. */
  setFault(spec: string | undefined): void
  /** The fetch that talks to the server in-process; for clients built elsewhere (the drop-in). */
  fetch: typeof fetch
}

/**
 * The real dev server, called in-process through its fetch handler (no sockets), with a client
 * pointed at it. Faults go through the server's own `x-docchat-fault` header.
 */
export async function createTestBackend(
  options: DevServerOptions & { adminClient?: boolean } = {},
): Promise<TestBackend> {
  const { adminClient, ...serverOptions } = options
  corpus ??= loadDocs(docsDir, { name: domain })
  const server = await createDevServer({ docs: { [domain]: await corpus }, ...serverOptions })
  let fault: string | undefined
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (fault) request.headers.set('x-docchat-fault', fault)
    return server.fetch(request)
  }
  const client = createDocsClient({
    baseUrl: testBaseUrl,
    assistantKey: server.keys.assistant,
    ...(adminClient ? { adminKey: server.keys.admin, dangerouslyAllowBrowser: true } : {}),
    fetch: fetchImpl,
    retry: false,
    onWarning: () => {},
  })
  return {
    server,
    client,
    fetch: fetchImpl,
    setFault(spec) {
      fault = spec
    },
  }
}
