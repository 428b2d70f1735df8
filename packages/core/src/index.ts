export type {
  AskOptions,
  AssistantConnection,
  AssistantConnectionOptions,
  AssistantEndpoint,
} from './assistant-connection'
export { createAssistantConnection } from './use-chat-connection'
export type {
  AssistantMessageResult,
  AssistantMessageStream,
  AssistantToolInvocation,
} from './assistant-message'
export { cutAnswerError, isCutAnswer, streamFailure } from './stream-failure'
export {
  type AssistantMessageOptions,
  type CreatedAgentJob,
  createDocsClient,
  type DocsClient,
  type DocsClientOptions,
  type DocsClientValidation,
  type DocsReaderValidation,
  type RequestOptions,
  type ResponseParseContext,
  type ResponseParser,
} from './client'
export {
  coalesceTextParts,
  type EncodeDataStreamOptions,
  encodeDataStream,
  formatDataStreamLine,
} from './coalesce-text-parts'
export {
  DocsApiError,
  type DocsApiErrorKind,
  type DocsApiErrorOptions,
  errorFromResponse,
  toDocsApiError,
} from './errors'
export { createDocsClientLite } from './lite-client'
export { createDocsReaderClient } from './reader-client'
export {
  type AnswerRunner,
  type ChatRun,
  type ChatRunStatus,
  type ChatView,
  chatView,
  createDocsChat,
  type DocsChat,
  type DocsChatOptions,
  type DocsChatSettings,
  type DocsChatState,
  type SendOptions,
} from './docs-chat'
export { connectionRunner } from './connection-runner'
export type { QuestionFields } from './question'
export { DATA_LIMITS, type DataLimits, DOCS_LIMITS, type DocsLimits } from './docs-limits'
export { type FingerprintOptions, getFingerprint } from './fingerprint'
export { getMessageContext } from './message-context'
export { isDocsMessage } from './message-shape'
export { endsPolling, type PollBackoffOptions, pollDelay, type WaitOptions } from './poll'
export {
  backoffDelay,
  defaultRetryOptions,
  type ResolvedRetryOptions,
  type RetryOptions,
  resolveRetryOptions,
} from './retry'
export {
  isApplePlatform,
  type KeyboardEventLike,
  matchesShortcut,
  type ParsedShortcut,
  parseShortcut,
} from './shortcut'
export { isAgentJobFinished, isUpdateFinished } from './terminal-states'
export {
  createSafeStorage,
  isSafeStorage,
  type SafeStorage,
  type SafeStorageOptions,
  type StorageLike,
  type StorageOption,
} from './safe-storage'
export {
  type AgentJob,
  type AgentJobHaultReason,
  type AgentJobList,
  type AgentJobSummary,
  type AgentJobTodo,
  agentJobListSchema,
  agentJobSchema,
  agentJobSummarySchema,
  agentJobTodoSchema,
  type PageContent,
  pageContentSchema,
  type SearchResult,
  type SearchResultMetadata,
  searchResultSchema,
  searchResultsSchema,
  type TriggerUpdateResponse,
  triggerUpdateResponseSchema,
  type UpdateAuthor,
  type UpdateCommit,
  type UpdateSource,
  type UpdateStatus,
  type UpdateStatusState,
  updateStatusSchema,
} from './response-schemas'
export {
  type AssistantRequest,
  type AssistantRequestInput,
  type Attachment,
  assistantRequestSchema,
  attachmentSchema,
  type ContextItem,
  type CreateAgentJobRequest,
  contextItemSchema,
  createAgentJobRequestSchema,
  type DocsMessage,
  type DocsMessagePart,
  type ListAgentJobsRequest,
  listAgentJobsRequestSchema,
  messagePartSchema,
  messageSchema,
  type PageRequest,
  pageRequestSchema,
  type ReasoningDetail,
  type SearchFilter,
  type SearchRequest,
  type SearchRequestInput,
  searchFilterSchema,
  searchRequestSchema,
  type ToolInvocation,
  toolInvocationSchema,
  type AssistantV2Request,
  type AssistantV2RequestInput,
  assistantV2RequestSchema,
  type DocsUIMessage,
  uiMessageSchema,
} from './request-schemas'
export { type OpenEnum, parseResponse, validateRequest } from './schema-validation'
export {
  resolveDocsUrl,
  type SafeUrl,
  toSafeAttachmentUrl,
  toSafeUrl,
  type UrlPolicyOptions,
} from './url-policy'
export {
  ATTACHMENT_TYPES,
  type AttachmentLimits,
  type AttachmentProblem,
  type AttachmentProblemReason,
  type AttachmentView,
  attachmentLimits,
  attachmentRequestProblem,
  checkAttachmentFiles,
  DEFAULT_ATTACHMENT_LIMITS,
  type FileLike,
  isAttachmentType,
  readAttachments,
  readDataUrl,
  readFileAsDataUrl,
  toAttachment,
  type UploadAttachment,
} from './attachments'
export {
  createThreadStore,
  type ThreadStore,
  type ThreadStoreOptions,
} from './thread-store'
export {
  type ConversationStore,
  type ConversationStoreOptions,
  conversationTitle,
  createConversationStore,
  type SaveConversationInput,
  type StoredConversation,
} from './conversation-store'
export {
  type ConversationMarkdownLabels,
  type ConversationMarkdownOptions,
  conversationFileName,
  conversationToMarkdown,
  defaultConversationMarkdownLabels,
  escapeMarkdownInline,
  type MarkdownSource,
  sanitizeMarkdownLinks,
} from './conversation-markdown'
// One numbering of citations: answer chips, Sources, Copy and the export.
export { type CitedSource, citationNumber, citedPages, numberCitations } from './citations'
export type { DocsWarning, DocsWarningHandler } from './warnings'

// Stream half (data stream reader, thread identity, v5 chunks, ChatTransport).
export {
  type DataStreamEvent,
  type DataStreamEventType,
  type DataStreamFinishReason,
  type DataStreamSource,
  type DataStreamUsage,
  parseDataStreamLine,
  type ReadDataStreamOptions,
  readDataStream,
  readDataStreamBatches,
} from './data-stream'
export { type ThreadIdentity, threadFromEvent, threadFromHeaders } from './thread-identity'
export {
  type DocsFinishReason,
  type DocsMessageMetadata,
  type DocsProviderMetadata,
  type DocsUIMessageChunk,
  type ToUIMessageChunksOptions,
  toUIMessageChunks,
} from './ui-message-chunks'
export {
  checkUIMessageChunk,
  type ReadUIMessageStreamOptions,
  readUIMessageStreamBatches,
  readUIMessageStreamChunks,
  type UIMessageStreamChunk,
} from './ui-message-stream'
export {
  createUIMessageConnection,
  type UIMessageAnswer,
  type UIMessageConnection,
  type UIMessageConnectionOptions,
  type UIMessageEndpoint,
} from './ui-message-connection'
export {
  createDocsChatTransport,
  type DocsChatRequestOptions,
  type DocsChatTransport,
  type DocsChatTransportClient,
  type DocsChatTransportOptions,
  type DocsReconnectOptions,
  type DocsSendMessagesOptions,
  type Resolvable,
  type ThreadStoreLike,
} from './chat-transport'
export {
  getUIMessageDisplayText,
  getUIMessageSources,
  getUIMessageSuggestions,
  getUIMessageText,
  type UIMessageLike,
  type UIMessageLinkOptions,
  type UIMessageSource,
  type UIMessageSuggestion,
} from './ui-message'
export type { MessageSuggestion } from './suggestions'
