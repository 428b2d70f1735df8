'use client'

import { type AssistantChat, type UseAssistantChatOptions, useAssistantChat } from '@docchat/react'
import { useId } from 'react'
import type { WidgetOptions } from '../widget-options'
import { AssistantView } from './assistant-view'
import { defaultThrottleMs } from './doc-chat-widget'
import { type ConnectionProps, MaybeProvider, WidgetScope } from './widget-scope'

export interface AssistantPanelProps extends WidgetOptions, ConnectionProps {
  /** Options for the underlying `useAssistantChat`. */
  chatOptions?: UseAssistantChatOptions
  /** Use a chat you already hold (from `useAssistantChat`) instead of creating one. */
  chat?: AssistantChat
  /** Shows a close button. */
  onClose?: () => void
  className?: string
}

/**
 * The assistant inline in your page (a docs "Ask AI" page, a sidebar you own): the full
 * conversation UI without the floating trigger or dialog.
 */
export function AssistantPanel({
  client,
  domain,
  projectId,
  chatOptions,
  chat,
  onClose,
  className,
  ...options
}: AssistantPanelProps) {
  return (
    <MaybeProvider
      client={client}
      domain={domain}
      projectId={projectId}
      docsBaseUrl={options.docsBaseUrl}
    >
      <WidgetScope {...options} className={className}>
        {chat ? (
          <InlinePanel chat={chat} onClose={onClose} />
        ) : (
          <OwnChatPanel
            chatOptions={{
              throttleMs: defaultThrottleMs,
              ...(options.filter ? { filter: options.filter } : {}),
              ...chatOptions,
            }}
            onClose={onClose}
          />
        )}
      </WidgetScope>
    </MaybeProvider>
  )
}

function OwnChatPanel({
  chatOptions,
  onClose,
}: {
  chatOptions: UseAssistantChatOptions
  onClose?: () => void
}) {
  const chat = useAssistantChat(chatOptions)
  return <InlinePanel chat={chat} onClose={onClose} />
}

function InlinePanel({ chat, onClose }: { chat: AssistantChat; onClose?: () => void }) {
  const titleId = useId()
  return (
    <section className="docchat-panel" data-inline="" aria-labelledby={titleId}>
      <AssistantView chat={chat} onClose={onClose} titleId={titleId} />
    </section>
  )
}
