'use client'

import type { DocsClient, ThreadStore } from '@docchat/core'
import { QueryClient, QueryClientContext } from '@tanstack/react-query'
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react'
import { type ChatRegistry, useChatScope } from './chat-scope'
import { clientOwnsRetries } from './query-retry'

export interface DocChatProviderProps {
  /** The API client, from `createDocsClient(...)` of `@docchat/core`. */
  client: DocsClient
  /** The documentation deployment (the `{domain}` of the discovery API). */
  domain: string
  /** Project id for agent jobs and updates (admin API). */
  projectId?: string
  /**
   * The TanStack QueryClient the hooks use. Defaults to the one of the nearest
   * `QueryClientProvider`, else a private client created on first render.
   */
  queryClient?: QueryClient
  /** Base URL of the docs site; relative links in answers, sources and suggestions resolve against it. */
  docsBaseUrl?: string
  /**
   * Where threads and messages persist. Defaults to `createThreadStore({ apiBaseUrl:
   * client.baseUrl })` (localStorage with a memory fallback, kept per API origin and domain),
   * created lazily on the client. Your own store should be per API origin too.
   */
  threadStore?: ThreadStore
  /** Fingerprint sent as `fp`. Defaults to `'anonymous'`. */
  fp?: string
  children?: ReactNode
}

/** What every engine's provider gives its hooks (the drop-in's has no QueryClient). */
export interface DocChatScope {
  client: DocsClient
  domain: string
  projectId: string | undefined
  docsBaseUrl: string | undefined
  fp: string
  /** Lazily creates the default store so nothing touches `window` during render. */
  getThreadStore: () => ThreadStore
  /** Distinguishes chats of two providers (and of a remounted provider) in the AI SDK's cache. */
  instanceId: string
  /** This provider's chats (`useAssistantChat`), shared by id, gone with the provider. */
  chats: ChatRegistry
}

export interface DocChatContextValue extends DocChatScope {
  queryClient: QueryClient
}

const DocChatContext = createContext<DocChatContextValue | null>(null)

export function DocChatProvider(props: DocChatProviderProps) {
  const { client, domain, projectId, docsBaseUrl, threadStore, fp = 'anonymous', children } = props
  const contextQueryClient = useContext(QueryClientContext)
  const ownQueryClient = useRef<QueryClient | undefined>(undefined)
  const { instanceId, chats, getThreadStore } = useChatScope(client, threadStore)
  let queryClient = props.queryClient ?? contextQueryClient
  if (!queryClient) {
    // Lazy init during render: queries must work in the very first render, SSR included.
    // Retries belong to the client (core); TanStack's default of 3 more would multiply them.
    ownQueryClient.current ??= new QueryClient({
      defaultOptions: { queries: clientOwnsRetries, mutations: clientOwnsRetries },
    })
    queryClient = ownQueryClient.current
  }
  const ownClient = queryClient === ownQueryClient.current ? queryClient : undefined
  useEffect(() => {
    // What QueryClientProvider would do: focus and online tracking for refetches.
    if (!ownClient) return
    ownClient.mount()
    return () => ownClient.unmount()
  }, [ownClient])

  const value = useMemo<DocChatContextValue>(
    () => ({
      client,
      domain,
      projectId,
      queryClient,
      docsBaseUrl,
      fp,
      instanceId,
      chats,
      getThreadStore,
    }),
    [client, domain, projectId, queryClient, docsBaseUrl, fp, instanceId, chats, getThreadStore],
  )
  return <DocChatContext.Provider value={value}>{children}</DocChatContext.Provider>
}

/** The nearest `DocChatProvider`'s client, domain and settings. */
export function useDocChat(): DocChatContextValue {
  const value = useOptionalDocChat()
  if (!value) throw new Error('useDocChat: wrap your component in <DocChatProvider>.')
  return value
}

/** Like `useDocChat`, with `null` outside a provider (for parts that also work without one). */
export function useOptionalDocChat(): DocChatContextValue | null {
  return useContext(DocChatContext)
}
