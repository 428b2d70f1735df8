/**
 * `@docchat/react/drop-in`: the drop-in's engine. The same hooks and types as `@docchat/react`
 * (the `DocChatEngine` interface), on core's chat with its own connection runner and plain
 * fetches, so a bundle carries neither TanStack Query nor the AI SDK's `useChat` stack. The
 * widget's drop-in panel is built on it (packages/widget/vite.embed.config.ts).
 *
 * Not here: the polling hooks (agent jobs, update status), which the drop-in does not render, and
 * the conversations' Markdown export (the widget's history chunk renders it).
 */
export {
  DocChatProvider,
  type DropInContextValue,
  type SearchCache,
  useDocChat,
  useOptionalDocChat,
} from './provider'
export { useAssistantChat } from './use-assistant-chat'
export { useConversations } from './use-conversations'
export { useDocsSearch } from './use-docs-search'
export type { DocChatEngine } from '../engine'
export type {
  AssistantChat,
  AssistantChatStatus,
  SendOptions,
  UseAssistantChatOptions,
} from '../assistant-chat'
export type {
  ConversationList,
  ConversationMarkdownExportOptions,
  Conversations,
  ThreadStoreAccess,
  UseConversationsOptions,
} from '../use-conversations'
export type { DocChatProviderProps, DocChatScope } from '../provider'
export type { DocsSearchState, UseDocsSearchOptions } from '../use-docs-search'
export {
  getMessageSources,
  type MessageSource,
  type MessageSourcesOptions,
} from '../message-sources'
export {
  getMessageDisplayText,
  getMessageSuggestions,
  type MessageSuggestion,
} from '../message-suggestions'
export { isMessageNotFound } from '../message-not-found'
export type { MessageLike } from '../message-parts'
export { resolveDocsUrl } from '../resolve-docs-url'
export { useDebouncedValue } from '../use-debounced-value'
export {
  type TextSelection,
  type UseTextSelectionOptions,
  useTextSelection,
} from '../use-text-selection'
export {
  type CodeBlock,
  codeBlockAttribute,
  type UseCodeBlocksOptions,
  useCodeBlocks,
} from '../use-code-blocks'
