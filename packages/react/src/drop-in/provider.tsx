'use client'

import type { SearchResult } from '@docchat/core'
import { createContext, useContext, useMemo, useState } from 'react'
import { useChatScope } from '../chat-scope'
import type { DocChatProviderProps, DocChatScope } from '../provider'

/** Search results by request, with when they arrived: per provider, like a QueryClient's cache. */
export type SearchCache = Map<string, { data: SearchResult[]; at: number }>

/** The provider's value without TanStack's QueryClient: the drop-in's hooks don't use one. */
export interface DropInContextValue extends DocChatScope {
  searchCache: SearchCache
}

const DropInContext = createContext<DropInContextValue | null>(null)

/**
 * `DocChatProvider` for the drop-in's engine: the same props and context fields, minus the
 * QueryClient (`queryClient` is ignored), so the panel chunk carries no TanStack Query.
 */
export function DocChatProvider(props: DocChatProviderProps) {
  const { client, domain, projectId, docsBaseUrl, threadStore, fp = 'anonymous', children } = props
  const { instanceId, chats, getThreadStore } = useChatScope(client, threadStore)
  const [searchCache] = useState<SearchCache>(() => new Map())
  const value = useMemo<DropInContextValue>(
    () => ({
      client,
      domain,
      projectId,
      docsBaseUrl,
      fp,
      instanceId,
      chats,
      getThreadStore,
      searchCache,
    }),
    [client, domain, projectId, docsBaseUrl, fp, instanceId, chats, getThreadStore, searchCache],
  )
  return <DropInContext.Provider value={value}>{children}</DropInContext.Provider>
}

export function useDocChat(): DropInContextValue {
  const value = useOptionalDocChat()
  if (!value) throw new Error('useDocChat: wrap your component in <DocChatProvider>.')
  return value
}

export function useOptionalDocChat(): DropInContextValue | null {
  return useContext(DropInContext)
}
