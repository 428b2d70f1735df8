'use client'

import type { AssistantChat } from '@docchat/react'
import { createContext, useContext } from 'react'
import { type DeepLinkConfig, shareLink } from '../embed/deep-links'

type ChatMessage = AssistantChat['messages'][number]

/**
 * Given an answer's id, the link that asks its question again (`?assistant=…`), or `undefined`
 * when deep links are off or there is no question. Provided by `DocChatWidget`, which owns the
 * deep-link option; an `AssistantPanel` on its own shows no share action.
 */
export type ShareLinkFor = (messageId: string) => string | undefined

export const ShareLinkContext = createContext<ShareLinkFor | undefined>(undefined)

export function useShareLink(messageId: string | undefined): string | undefined {
  const linkFor = useContext(ShareLinkContext)
  return messageId && linkFor ? linkFor(messageId) : undefined
}

/** The question an answer replies to: the nearest user message before it. */
function questionBefore(messages: readonly ChatMessage[], messageId: string): string {
  const index = messages.findIndex((message) => message.id === messageId)
  for (let i = index - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role === 'user') return message.content
  }
  return ''
}

export function createShareLinkFor(
  config: DeepLinkConfig | undefined,
  messages: readonly ChatMessage[],
): ShareLinkFor | undefined {
  if (!config) return undefined
  return (messageId) => {
    const question = questionBefore(messages, messageId).trim()
    if (!question || typeof location === 'undefined') return undefined
    return shareLink(config, question, location.href)
  }
}
