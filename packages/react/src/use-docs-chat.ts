'use client'

import type { Message } from '@ai-sdk/react'
import {
  type AnswerRunner,
  chatView,
  createDocsChat,
  type DocsChat,
  type DocsChatState,
  getMessageContext,
} from '@docchat/core'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { getMessageSources } from './message-sources'
import { getMessageDisplayText, getMessageSuggestions } from './message-suggestions'
import { isMessageNotFound } from './message-not-found'
import type { MessageLike } from './message-parts'
import type { DocChatScope } from './provider'
import type { AssistantChat, UseAssistantChatOptions } from './assistant-chat'

/*
 * What both engines of `useAssistantChat` share: the chat (core's `DocsChat`, the one state
 * machine) taken from the provider, its settings, its snapshot, and the `AssistantChat` a UI gets
 * from it. The engines differ only in the answer runner: AI SDK v4's `useChat`, or the chat's own
 * connection (the drop-in).
 */

/**
 * The provider's chat of this hook's id (made on first use, with `runnerFor`'s runner when
 * given), its settings set from `options`, and its snapshot; the stored conversation is read
 * back after mounting.
 */
export function useDocsChat(
  scope: DocChatScope,
  options: UseAssistantChatOptions,
  runnerFor?: (chat: DocsChat) => AnswerRunner,
): [DocsChat, DocsChatState] {
  const { client, domain, fp, getThreadStore, instanceId, chats } = scope
  const id = options.id ?? `docchat:${instanceId}:${domain}`
  const persist = options.persist ?? true
  const chat = chats.get({ id, client, domain, persist, getThreadStore }, () => {
    const created = createDocsChat({
      id,
      client,
      domain,
      threadStore: persist ? getThreadStore : undefined,
    })
    if (runnerFor) created.setRunner(runnerFor(created))
    return created
  })
  // The latest options, callbacks included, like a ref set during render.
  chat.configure({
    fp,
    retrievalPageSize: options.retrievalPageSize,
    filter: options.filter,
    currentPath: options.currentPath,
    throttleMs: options.throttleMs,
    onFinish: options.onFinish as ((message: unknown) => void) | undefined,
    onError: options.onError,
    onThreadExpired: options.onThreadExpired,
  })
  const state = useSyncExternalStore(chat.subscribe, chat.getSnapshot, chat.getSnapshot)
  useEffect(() => chat.hydrate(), [chat])
  return [chat, state]
}

/** The `AssistantChat` a UI gets: the chat's actions, what `chatView` shows, the message helpers. */
export function useAssistantChatOf(
  chat: DocsChat,
  state: DocsChatState,
  docsBaseUrl: string | undefined,
): AssistantChat {
  const helpers = useMemo(
    () => ({
      sources: (message: MessageLike) => getMessageSources(message, { docsBaseUrl }),
      suggestions: (message: MessageLike) => getMessageSuggestions(message, { docsBaseUrl }),
      displayText: (message: MessageLike) => getMessageDisplayText(message),
      notFound: (message: MessageLike) => isMessageNotFound(message),
      contextOf: (message: MessageLike) => getMessageContext(message),
    }),
    [docsBaseUrl],
  )
  return {
    id: chat.id,
    messages: state.messages as Message[],
    ...chatView(state),
    thread: state.thread,
    send: chat.send,
    stop: chat.stop,
    regenerate: chat.regenerate,
    continue: chat.continue,
    newThread: chat.newThread,
    setMessages: chat.setMessages as (messages: Message[]) => void,
    ...helpers,
    answerMode: state.answerMode,
    context: state.context,
    addContext: chat.addContext,
    removeContext: chat.removeContext,
    clearContext: chat.clearContext,
  }
}
