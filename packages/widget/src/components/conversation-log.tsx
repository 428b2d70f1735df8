'use client'

import { Conversation } from '@docchat/headless'
import type { ReactNode } from 'react'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

export interface ConversationLogProps {
  busy: boolean
  children: ReactNode
}

/**
 * The scrolling conversation: `role="log"` with `aria-busy` while streaming and one announcement
 * when an answer completes; it follows the stream only while the reader is at the bottom.
 */
export function ConversationLog({ busy, children }: ConversationLogProps) {
  const { labels } = useWidgetSettings()
  return (
    <Conversation.Root busy={busy} className="docchat-conversation">
      <Conversation.Log className="docchat-log" aria-label={labels.title}>
        {children}
      </Conversation.Log>
      <Conversation.ScrollToBottom
        className="docchat-scroll-bottom"
        aria-label={labels.scrollToBottom}
      >
        <Icon name="arrowDown" />
      </Conversation.ScrollToBottom>
      <Conversation.Announcer message={labels.answerReady} />
    </Conversation.Root>
  )
}
