'use client'

import { conversationToMarkdown } from '@docchat/core'
import type { AssistantChat, Conversations } from '@docchat/react'
import { ConversationHistory, type HistoryCloseReason } from './conversation-history'
import { useWidgetSettings } from './widget-settings'

export interface ConversationHistoryViewProps {
  chat: AssistantChat
  conversations: Conversations
  onClose: (reason: HistoryCloseReason) => void
}

/**
 * The history view as the panel loads it on demand (optional-parts.ts): the list of recent
 * conversations and the export of the current one, with core's Markdown renderer, which only
 * this chunk carries.
 */
export function ConversationHistoryView({
  chat,
  conversations,
  onClose,
}: ConversationHistoryViewProps) {
  const { labels, docsBaseUrl } = useWidgetSettings()
  const toMarkdown = () =>
    conversationToMarkdown(chat.messages, {
      answerText: (message) => chat.displayText(message),
      sources: (message) => chat.sources(message),
      contextOf: (message) => chat.contextOf(message),
      ...(docsBaseUrl ? { docsBaseUrl } : {}),
      labels: {
        question: labels.you,
        answer: labels.assistant,
        sources: labels.sources,
        context: labels.contextTitle,
        selectedText: labels.contextSelection,
        code: labels.contextCode,
      },
    })
  return (
    <ConversationHistory
      conversations={conversations}
      toMarkdown={toMarkdown}
      canExport={chat.messages.length > 0}
      onClose={onClose}
    />
  )
}
