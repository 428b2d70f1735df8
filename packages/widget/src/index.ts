'use client'

export {
  AgentJobStatus,
  type AgentJobStatusProps,
  type AgentJobState,
  agentJobState,
} from './components/agent-job-status'
export { AssistantPanel, type AssistantPanelProps } from './components/assistant-panel'
export {
  DocChatWidget,
  type AskOptions,
  type DocChatWidgetHandle,
  type DocChatWidgetProps,
} from './components/doc-chat-widget'
export { SearchModal, type SearchModalProps } from './components/search-modal'
export { UpdateStatusBadge, type UpdateStatusBadgeProps } from './components/update-status-badge'
export type { ConnectionProps } from './components/widget-scope'
export type { DocChatGlobal } from './embed/docchat-global'
export type { DocChatInitOptions, DocChatInstance } from './embed/embed-options'
export type {
  DocChatEvent,
  DocChatEventHandler,
  DocChatEventSource,
  DocChatView,
} from './analytics'
export { defaultLabels } from './default-labels'
export { type DocChatLabels, formatLabel } from './labels'
export type { DocChatTheme, ThemeOptions } from './theme'
export type {
  DocChatVariant,
  FeedbackDetails,
  FeedbackReason,
  FeedbackValue,
  ShortcutOptions,
  WidgetOptions,
} from './widget-options'
export { feedbackReasons } from './widget-options'
