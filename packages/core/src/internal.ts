/**
 * `@docchat/core/internal`: what DocChat's own packages (react, headless, widget, the dev server)
 * share and integrators have no use for. No semver promise: names here change with the packages
 * that use them. The public surface is `@docchat/core`.
 */
export {
  type AnswerBuilder,
  type AnswerBuilderOptions,
  type AnswerFacts,
  createAnswerBuilder,
} from './answer-builder'
export { kindFromStatus, parseRetryAfter } from './errors'
export { checkAssistantV2Request } from './structural-validation'
export { reviveMessage } from './docs-chat'
export { scheduleFrame } from './schedule-frame'
export {
  type QuestionInit,
  type QuestionSettings,
  questionFields,
  questionMessage,
  questionRequest,
} from './question'
export { longestWordLength } from './docs-limits'
export { readSuggestions, withoutSuggestions } from './suggestions'
export { isBrowserLike } from './key-safety'
export { type ContextAnnotation, contextAnnotation } from './message-context'
export { decodeEntities } from './html-entities'
export {
  boundAttachmentData,
  isAttachmentPlaceholder,
  withoutPastAttachmentData,
} from './attachment-data'
export { apiStorageOrigin, defaultApiOrigin } from './thread-store'
export { conversationIdOf } from './conversation-store'
export {
  type ChatMessageLike,
  type ChatMessagePartLike,
  toV4Message,
  toV4Messages,
  type V4Attachment,
  type V4Message,
  type V4MessagePart,
  type V4ToolInvocation,
} from './v4-messages'
