import { createDocsClient, type DocsClient } from '@docchat/core'
import { createDevServer, type DevServer, type DevServerOptions } from '@docchat/dev-server'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const testBaseUrl = 'http://docchat.test'
export const domain = 'docchat'
export const projectId = 'docchat-project'
/** The kit's own docs. Passed explicitly: under jsdom the global `URL` is jsdom's, which the dev
 * server's `new URL(…, import.meta.url)` default cannot turn into a file path. */
export const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../apps/docs')

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
  const server = await createDevServer({ docs: { [domain]: docsDir }, ...serverOptions })
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
