'use client'

import type { Attachment, SearchFilter } from '@docchat/core'
import {
  type AssistantChat,
  type UseAssistantChatOptions,
  useAssistantChat,
  useConversations,
  useDocChat,
} from '@docchat/react'
import type { DocChatEventSource, Emit } from '../analytics'
import type { WidgetOptions } from '../widget-options'

const defaultThrottleMs = 50

/** The chat a widget surface creates for itself (`DocChatWidget`, `AssistantPanel`). */
export function useWidgetChat(
  filter: SearchFilter | null | undefined,
  chatOptions: UseAssistantChatOptions | undefined,
): AssistantChat {
  return useAssistantChat({
    // One render per frame-ish, not per token: fast streams otherwise re-render dozens of times
    // a second for text nobody can read that fast.
    throttleMs: defaultThrottleMs,
    ...(filter ? { filter } : {}),
    ...chatOptions,
  })
}

/** The recent conversations of `chat`, within the store's bounds from the `conversations` option. */
export function useRecentConversations(
  chat: AssistantChat,
  option: WidgetOptions['conversations'],
  enabled = true,
) {
  const { client, domain, getThreadStore } = useDocChat()
  const bounds = typeof option === 'object' && option ? option : {}
  return useConversations(chat, {
    domain,
    getThreadStore,
    apiBaseUrl: client.baseUrl,
    enabled: enabled && option !== false,
    maxCount: bounds.maxCount,
    maxBytes: bounds.maxBytes,
  })
}

/** Sends a question the reader asked (typed, a starter, a hand-off…) and reports it as `ask`. */
export function sendQuestion(
  send: AssistantChat['send'],
  emit: Emit,
  question: {
    text: string
    source: DocChatEventSource
    /** How much page context goes with it. */
    contextCount: number
    attachments?: Attachment[] | undefined
  },
): void {
  const { text, source, contextCount, attachments } = question
  emit({ type: 'ask', source, questionLength: text.length, contextCount, question: text })
  void (attachments?.length ? send(text, { attachments }) : send(text))
}
