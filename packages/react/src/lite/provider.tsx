'use client'

import {
  apiStorageOrigin,
  createThreadStore,
  type SearchResult,
  type ThreadStore,
} from '@docchat/core'
import { createContext, useContext, useMemo, useRef, useState } from 'react'
import type { DocChatContextValue, DocChatProviderProps } from '../provider'

/** Search results by request, with when they arrived: per provider, like a QueryClient's cache. */
export type SearchCache = Map<string, { data: SearchResult[]; at: number }>

/** The provider's value without TanStack's QueryClient: the drop-in's hooks don't use one. */
export type LiteDocChatContextValue = Omit<DocChatContextValue, 'queryClient'> & {
  searchCache: SearchCache
}

const LiteDocChatContext = createContext<LiteDocChatContextValue | null>(null)

let providerCount = 0

/**
 * `DocChatProvider` for the drop-in's engine: the same props and context fields, minus the
 * QueryClient (`queryClient` is ignored), so the panel chunk carries no TanStack Query.
 */
export function DocChatProvider(props: DocChatProviderProps) {
  const { client, domain, projectId, docsBaseUrl, threadStore, fp = 'anonymous', children } = props
  const [instanceId] = useState(() => `p${++providerCount}`)
  const defaultStore = useRef<ThreadStore | undefined>(undefined)
  const [searchCache] = useState<SearchCache>(() => new Map())
  const value = useMemo<LiteDocChatContextValue>(
    () => ({
      client,
      domain,
      projectId,
      docsBaseUrl,
      fp,
      instanceId,
      searchCache,
      // Lazy, like the full provider: nothing touches `window` during render.
      getThreadStore: () => {
        if (threadStore) return threadStore
        // Kept per API origin: a client pointed at another host never reads this one's threads.
        const apiOrigin = apiStorageOrigin(client.baseUrl)
        if (defaultStore.current?.apiOrigin !== apiOrigin) {
          defaultStore.current = createThreadStore({ apiBaseUrl: client.baseUrl })
        }
        return defaultStore.current
      },
    }),
    [client, domain, projectId, docsBaseUrl, fp, instanceId, threadStore, searchCache],
  )
  return <LiteDocChatContext.Provider value={value}>{children}</LiteDocChatContext.Provider>
}

export function useDocChat(): LiteDocChatContextValue {
  const value = useContext(LiteDocChatContext)
  if (!value) throw new Error('useDocChat: wrap your component in <DocChatProvider>.')
  return value
}
