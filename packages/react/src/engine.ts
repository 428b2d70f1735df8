import type { ReactNode } from 'react'
import type { DocChatProviderProps, DocChatScope } from './provider'
import type { AssistantChat, UseAssistantChatOptions } from './assistant-chat'
import type { ConversationList, UseConversationsOptions } from './use-conversations'
import type { DocsSearchState, UseDocsSearchOptions } from './use-docs-search'

/**
 * What a DocChat engine gives a UI: this package's (`@docchat/react`: AI SDK v4 `useChat` and
 * TanStack Query) and the drop-in's (`@docchat/react/drop-in`: core's chat on its own connection,
 * plain fetches). Both run core's one chat state machine (`DocsChat`); a UI written against this
 * interface runs on either. `engine.test-d.ts` checks that both satisfy it.
 */
export interface DocChatEngine {
  DocChatProvider(props: DocChatProviderProps): ReactNode
  useDocChat(): DocChatScope
  useOptionalDocChat(): DocChatScope | null
  useAssistantChat(options?: UseAssistantChatOptions): AssistantChat
  useConversations(chat: AssistantChat, options: UseConversationsOptions): ConversationList
  useDocsSearch(query: string, options?: UseDocsSearchOptions): DocsSearchState
}
