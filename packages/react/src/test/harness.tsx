/**
 * React's one test harness: the backend (`@docchat/test-utils`: the real dev server with its
 * faults), the provider to render under, and the engine under test. The hooks' contract tests run
 * on both engines: this package's (AI SDK v4 `useChat`, TanStack Query) and, in the
 * `drop-in-engine` Vitest project (`DOCCHAT_ENGINE=drop-in`), `@docchat/react/drop-in`.
 */
import {
  createTestBackend,
  domain,
  projectId,
  type TestBackend,
  type TestBackendOptions,
  testBaseUrl,
} from '@docchat/test-utils/backend'
import { type Message, useChat } from '@ai-sdk/react'
import { missingShared } from '@docchat/test-utils/shared-dir'
import { CAPTURED_SAMPLE, readCapturedSampleText } from '@docchat/test-utils/streams'
import type { DevServerOptions } from '@docchat/dev-server'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import * as dropIn from '../drop-in'
import type { DocChatEngine } from '../engine'
import * as full from '../index'
import type { DocChatProviderProps } from '../provider'

export { docsCorpus } from '@docchat/test-utils/backend'
export { domain, projectId }
export const baseUrl = testBaseUrl

/** Which engine the hooks' contract tests run on. */
const engineName = process.env.DOCCHAT_ENGINE === 'drop-in' ? 'drop-in' : 'use-chat'
const engine: DocChatEngine = engineName === 'drop-in' ? dropIn : full
export const { DocChatProvider, useDocChat, useAssistantChat, useDocsSearch } = engine

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
 * The shared test server and the engine's `DocChatProvider` around it for `renderHook`/`render`.
 * The client has the admin key too, for the admin hooks.
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

// ---------------------------------------------------------------------------------------------
// The production capture, and the message AI SDK v4 makes of a stream

/**
 * The production v1 capture (`../shared/spec/samples/`, api-contract §5.1). Empty when the shared
 * folder is missing: the describes that use it are `describeWithShared([CAPTURED_SAMPLE])`, which
 * then fail naming it (or skip under DOCCHAT_ALLOW_SKIP=1).
 */
export const capturedStream = missingShared(CAPTURED_SAMPLE).length ? '' : readCapturedSampleText()
export { CAPTURED_SAMPLE }

let chatCount = 0

/**
 * The assistant message AI SDK v4's own `useChat` builds from `stream`: the same parser and
 * message assembly the app gets, fed from a fetch that answers with these bytes.
 */
export async function messageFromStream(stream: string): Promise<Message> {
  const id = `captured-${++chatCount}`
  const { result, unmount } = renderHook(() =>
    useChat({
      id,
      api: 'http://docchat.test/captured',
      streamProtocol: 'data',
      fetch: async () => new Response(stream, { headers: { 'content-type': 'text/plain' } }),
    }),
  )
  await act(() => result.current.append({ role: 'user', content: 'How do I get started?' }))
  await waitFor(() => expect(result.current.status).toBe('ready'))
  const message = result.current.messages.at(-1)
  unmount()
  if (message?.role !== 'assistant') {
    throw new Error(`no assistant message: ${String(result.current.error)}`)
  }
  return message
}

/** The capture with its last text replaced: lets tests add a suggestions block or search results. */
export function withSearchResults(stream: string, results: unknown): string {
  return stream.replace(
    /a:\{"toolCallId":"toolu_vrtx_01Qgptop4ABmAvJnZF95463R","result":\[\]\}/,
    `a:${JSON.stringify({ toolCallId: 'toolu_vrtx_01Qgptop4ABmAvJnZF95463R', result: results })}`,
  )
}

export function withTrailingText(stream: string, text: string): string {
  const lines = stream.trimEnd().split('\n')
  const finishStep =
    lines.length - 1 - [...lines].reverse().findIndex((line) => line.startsWith('e:'))
  lines.splice(finishStep, 0, `0:${JSON.stringify(text)}`)
  return `${lines.join('\n')}\n`
}
