import type { Message } from '@ai-sdk/react'
import type { DocsApiError } from '@docchat/core'

export type ChatRunStatus = 'ready' | 'submitted' | 'streaming' | 'error'

export interface ChatState {
  messages: Message[]
  status: ChatRunStatus
  error: DocsApiError | undefined
}

/**
 * One conversation's state, shared by every hook with the same chat id (what SWR's cache is to
 * `useChat`), plus the request in flight so any of them can stop it.
 */
export interface ChatStore {
  get(): ChatState
  set(patch: Partial<ChatState>): void
  subscribe(listener: () => void): () => void
  controller: AbortController | undefined
}

const stores = new Map<string, ChatStore>()

export function chatStore(id: string): ChatStore {
  let store = stores.get(id)
  if (store) return store
  let state: ChatState = { messages: [], status: 'ready', error: undefined }
  const listeners = new Set<() => void>()
  store = {
    get: () => state,
    set(patch) {
      state = { ...state, ...patch }
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    controller: undefined,
  }
  stores.set(id, store)
  return store
}
