import {
  createTestBackend,
  domain,
  projectId,
  type TestBackend,
  type TestBackendOptions,
  testBaseUrl,
} from '@docchat/test-utils/backend'
import type { DevServerOptions } from '@docchat/dev-server'
import type { ReactNode } from 'react'
import { DocChatProvider, type DocChatProviderProps } from '../provider'

export { docsCorpus } from '@docchat/test-utils/backend'
export { domain, projectId }
export const baseUrl = testBaseUrl

export interface TestSetupOptions
  extends Pick<TestBackendOptions, 'client' | 'fault' | 'wrapFetch' | 'http'> {
  /** The dev server's options. */
  server?: DevServerOptions
  provider?: Partial<Omit<DocChatProviderProps, 'client' | 'children'>>
}

export interface TestSetup extends TestBackend {
  wrapper: (props: { children: ReactNode }) => ReactNode
}

/**
 * The shared test server (`@docchat/test-utils`: the real dev server with its faults) and a
 * `DocChatProvider` around it for `renderHook`/`render`. The client has the admin key too, for
 * the admin hooks.
 */
export async function createTestSetup(options: TestSetupOptions = {}): Promise<TestSetup> {
  const { provider, server, ...backendOptions } = options
  const backend = await createTestBackend({ ...server, ...backendOptions, adminClient: true })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <DocChatProvider client={backend.client} domain={domain} projectId={projectId} {...provider}>
      {children}
    </DocChatProvider>
  )
  return { ...backend, wrapper }
}
