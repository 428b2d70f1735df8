import { createDocsClient, type DocsClient, type DocsClientOptions } from '@docchat/core'
import {
  createDevServer,
  type DevServer,
  type DevServerOptions,
  type DocsCorpus,
} from '@docchat/dev-server'
import { loadDocs } from '@docchat/dev-server/node'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ReactNode } from 'react'
import { DocChatProvider, type DocChatProviderProps } from '../provider'

export const baseUrl = 'http://docchat.test'
export const domain = 'docchat'
export const projectId = 'docchat-project'
const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../apps/docs')
let corpus: Promise<DocsCorpus> | undefined

/**
 * The kit's own docs (`apps/docs`, the dev server's default corpus), loaded once per test file and
 * passed as a parsed corpus: the server's folder loading is a Node-only dynamic import that Vite's
 * jsdom transform does not follow.
 */
export function docsCorpus(): Promise<DocsCorpus> {
  corpus ??= loadDocs(docsDir)
  return corpus
}

export interface TestSetupOptions {
  server?: DevServerOptions
  client?: Partial<DocsClientOptions>
  /** Fault spec sent as `x-docchat-fault` on every request (dev-server fault injection). */
  fault?: string
  /** Wraps the in-process fetch, e.g. to delay or fail requests. */
  wrapFetch?: (next: typeof fetch) => typeof fetch
  provider?: Partial<Omit<DocChatProviderProps, 'client' | 'children'>>
}

export interface TestSetup {
  server: DevServer
  client: DocsClient
  wrapper: (props: { children: ReactNode }) => ReactNode
  /** Requests the server received for a path fragment, e.g. `/assistant/`. */
  requestsTo: (pathPart: string) => DevServer['requests']
}

/**
 * The real dev server's fetch handler, in process: real routing, auth, streams and faults,
 * without a port.
 */
export async function createTestSetup(options: TestSetupOptions = {}): Promise<TestSetup> {
  const server = await createDevServer({
    docs: { [domain]: await docsCorpus() },
    ...options.server,
  })
  const inProcess: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    if (options.fault) request.headers.set('x-docchat-fault', options.fault)
    return server.fetch(request)
  }
  const client = createDocsClient({
    baseUrl,
    assistantKey: server.keys.assistant,
    adminKey: server.keys.admin,
    retry: false,
    // jsdom has `window`; the admin key here belongs to an in-process test server.
    dangerouslyAllowBrowser: true,
    fetch: options.wrapFetch ? options.wrapFetch(inProcess) : inProcess,
    ...options.client,
  })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DocChatProvider client={client} domain={domain} projectId={projectId} {...options.provider}>
      {children}
    </DocChatProvider>
  )
  return {
    server,
    client,
    wrapper,
    requestsTo: (pathPart) => server.requests.filter((request) => request.path.includes(pathPart)),
  }
}
