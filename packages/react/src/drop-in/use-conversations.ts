'use client'

import type { AssistantChat } from '../assistant-chat'
import {
  type ConversationList,
  type UseConversationsOptions,
  useConversationList,
} from '../use-conversations'

/**
 * `useConversations` on the drop-in's engine: the same store, list and switching, without core's
 * Markdown export (about 7 KB gzip), which the widget's history chunk brings along and renders
 * itself when a reader opens History.
 */
export function useConversations(
  chat: AssistantChat,
  options: UseConversationsOptions,
): ConversationList {
  return useConversationList(chat, options)[0]
}
