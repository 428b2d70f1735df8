'use client'

import {
  apiStorageOrigin,
  createThreadStore,
  type DocsChat,
  type DocsClient,
  type ThreadStore,
} from '@docchat/core'
import { useCallback, useRef, useState } from 'react'

/**
 * The chats of one provider, by id: a chat lives as long as its provider (no module-level
 * cache outliving it), and the hooks that name the same id share it. A chat is made again when
 * what it was made with changes (client, domain, store, persistence).
 */
export interface ChatRegistry {
  get(key: ChatKey, create: () => DocsChat): DocsChat
}

export interface ChatKey {
  id: string
  client: DocsClient
  domain: string
  persist: boolean
  getThreadStore: () => ThreadStore
}

function createChatRegistry(): ChatRegistry {
  const chats = new Map<string, { key: ChatKey; chat: DocsChat }>()
  return {
    get(key, create) {
      const entry = chats.get(key.id)
      const same =
        entry &&
        entry.key.client === key.client &&
        entry.key.domain === key.domain &&
        entry.key.persist === key.persist &&
        entry.key.getThreadStore === key.getThreadStore
      if (entry && same) return entry.chat
      const chat = create()
      chats.set(key.id, { key, chat })
      return chat
    },
  }
}

let providerCount = 0

/** What both providers (the full one and the drop-in's) keep per instance. */
export function useChatScope(client: DocsClient, threadStore: ThreadStore | undefined) {
  const [instanceId] = useState(() => `p${++providerCount}`)
  const [chats] = useState(createChatRegistry)
  const defaultStore = useRef<ThreadStore | undefined>(undefined)
  // Lazy: nothing touches `window` or storage during a render (SSR included).
  const getThreadStore = useCallback(() => {
    if (threadStore) return threadStore
    // Kept per API origin: a client pointed at another host never reads this one's threads.
    const apiOrigin = apiStorageOrigin(client.baseUrl)
    if (defaultStore.current?.apiOrigin !== apiOrigin) {
      defaultStore.current = createThreadStore({ apiBaseUrl: client.baseUrl })
    }
    return defaultStore.current
  }, [client, threadStore])
  return { instanceId, chats, getThreadStore }
}
