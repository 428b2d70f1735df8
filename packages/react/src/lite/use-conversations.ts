'use client'

import type { AssistantChat } from '../use-assistant-chat'
import {
  type Conversations,
  type UseConversationsOptions,
  useConversationsWith,
} from '../use-conversations'

/**
 * `useConversations` on the drop-in's engine: the same store, list and switching, without core's
 * Markdown export (about 2 KB gzip), which the widget's history chunk brings along when a reader
 * opens History. `toMarkdown` throws here; render with `conversationToMarkdown`.
 */
export function useConversations(
  chat: AssistantChat,
  options: UseConversationsOptions,
): Conversations {
  return useConversationsWith(chat, options, undefined)
}
