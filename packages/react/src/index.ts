export {
  DocChatProvider,
  type DocChatContextValue,
  type DocChatProviderProps,
  type DocChatScope,
  useDocChat,
  useOptionalDocChat,
} from './provider'
export type { ChatKey, ChatRegistry } from './chat-scope'
export type { DocChatEngine } from './engine'
export {
  type AssistantChat,
  type AssistantChatStatus,
  type SendOptions,
  type UseAssistantChatOptions,
  useAssistantChat,
} from './use-assistant-chat'
export {
  type ConversationList,
  type ConversationMarkdownExportOptions,
  type Conversations,
  type ThreadStoreAccess,
  type UseConversationsOptions,
  useConversations,
} from './use-conversations'
export {
  getMessageSources,
  type MessageSource,
  type MessageSourcesOptions,
} from './message-sources'
export {
  getMessageDisplayText,
  getMessageSuggestions,
  type MessageSuggestion,
} from './message-suggestions'
export { isMessageNotFound } from './message-not-found'
export type { MessageLike } from './message-parts'
export { resolveDocsUrl } from './resolve-docs-url'
export {
  type DocsSearch,
  type DocsSearchState,
  type UseDocsSearchOptions,
  useDocsSearch,
} from './use-docs-search'
export { useDocsPage } from './use-docs-page'
export { type AgentJobs, type UseAgentJobsOptions, useAgentJobs } from './use-agent-jobs'
export {
  type AgentJobProgress,
  type AgentJobQuery,
  agentJobProgress,
  isAgentJobTerminal,
  type UseAgentJobOptions,
  useAgentJob,
} from './use-agent-job'
export {
  isUpdateTerminal,
  type UpdateStatusQuery,
  type UseUpdateStatusOptions,
  useUpdateStatus,
} from './use-update-status'
export { type TriggerUpdate, useTriggerUpdate } from './use-trigger-update'
export type { PollingOptions } from './polling'
export { docChatQueryKeys } from './query-keys'
export { docsQueryRetryDelay, shouldRetryDocsQuery } from './query-retry'
export {
  type TextSelection,
  type UseTextSelectionOptions,
  useTextSelection,
} from './use-text-selection'
export {
  type CodeBlock,
  codeBlockAttribute,
  type UseCodeBlocksOptions,
  useCodeBlocks,
} from './use-code-blocks'
export { useDebouncedValue } from './use-debounced-value'
