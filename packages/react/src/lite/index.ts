/**
 * The drop-in's engine: `@docchat/react` as the widget uses it, on core directly. The drop-in's
 * panel build (packages/widget/vite.embed.config.ts) aliases `@docchat/react` to this module, so
 * the panel chunk carries neither TanStack Query nor the AI SDK's `useChat` stack. Same names and
 * return types as the package's own hooks (search: the fields the widget reads); the widget's
 * component tests run on both (the `drop-in-engine` Vitest project).
 *
 * Not here: the polling hooks (agent jobs, update status), which the drop-in does not render.
 */
export { DocChatProvider, type LiteDocChatContextValue, useDocChat } from './provider'
export { useAssistantChat } from './use-assistant-chat'
export type {
  ConversationMarkdownExportOptions,
  Conversations,
  ThreadStoreAccess,
  UseConversationsOptions,
} from '../use-conversations'
export { useConversations } from './use-conversations'
export { type LiteDocsSearch, useDocsSearch } from './use-docs-search'
export type {
  AssistantChat,
  AssistantChatStatus,
  SendOptions,
  UseAssistantChatOptions,
} from '../use-assistant-chat'
export type { DocChatContextValue, DocChatProviderProps } from '../provider'
export type { DocsSearch, UseDocsSearchOptions } from '../use-docs-search'
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
