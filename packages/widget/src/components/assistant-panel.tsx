'use client'

import type { AssistantChat, UseAssistantChatOptions } from '@docchat/react'
import { useId } from 'react'
import type { WidgetOptions } from '../widget-options'
import { AssistantView } from './assistant-view'
import { useWidgetChat } from './widget-chat'
import { type ConnectionProps, WidgetScope } from './widget-scope'

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
export function AssistantPanel({ chatOptions, chat, onClose, ...scope }: AssistantPanelProps) {
  return (
    <WidgetScope {...scope}>
      {chat ? (
        <InlinePanel chat={chat} onClose={onClose} />
      ) : (
        <OwnChatPanel filter={scope.filter} chatOptions={chatOptions} onClose={onClose} />
      )}
    </WidgetScope>
  )
}

function OwnChatPanel({
  filter,
  chatOptions,
  onClose,
}: {
  filter: WidgetOptions['filter']
  chatOptions: UseAssistantChatOptions | undefined
  onClose?: () => void
}) {
  const chat = useWidgetChat(filter, chatOptions)
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
