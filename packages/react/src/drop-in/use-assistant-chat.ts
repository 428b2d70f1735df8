'use client'

import { connectionRunner } from '@docchat/core'
import type { AssistantChat, UseAssistantChatOptions } from '../assistant-chat'
import { useAssistantChatOf, useDocsChat } from '../use-docs-chat'
import { useDocChat } from './provider'

/**
 * `useAssistantChat` for the drop-in: core's chat with its own runner (`connection.ask` → batches
 * of parsed events → the answer builder), bound with `useSyncExternalStore`, without the AI SDK's
 * `useChat`, its parser or SWR. The same `AssistantChat` as the package's hook, from the same
 * state machine.
 */
export function useAssistantChat(options: UseAssistantChatOptions = {}): AssistantChat {
  const scope = useDocChat()
  const [chat, state] = useDocsChat(scope, options, connectionRunner)
  return useAssistantChatOf(chat, state, scope.docsBaseUrl)
}
