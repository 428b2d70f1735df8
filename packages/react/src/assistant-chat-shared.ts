'use client'

import type { Message } from '@ai-sdk/react'
import {
  type ContextItem,
  contextAnnotation,
  getMessageContext,
  questionFields,
  type SearchFilter,
  type ThreadIdentity,
  type ThreadStore,
  withoutPastAttachmentData,
} from '@docchat/core'
import { useCallback, useMemo, useRef, useState } from 'react'
import { getMessageSources } from './message-sources'
import { getMessageDisplayText, getMessageSuggestions } from './message-suggestions'
import { isMessageNotFound } from './message-not-found'
import type { MessageLike } from './message-parts'

/*
 * What both engines of `useAssistantChat` share: the useChat-based hook of this package and the
 * drop-in's lite one built on core's connection (lite/use-assistant-chat.ts). Only how the answer
 * is requested and parsed differs between them.
 */

/** Pending context items: sent with the next question, then cleared. */
export function useContextItems() {
  const [context, setContext] = useState<ContextItem[]>([])
  const contextRef = useRef<ContextItem[]>([])

  const replace = useCallback((next: ContextItem[]) => {
    contextRef.current = next
    setContext(next)
  }, [])

  const addContext = useCallback(
    (item: ContextItem | ContextItem[]) => {
      const items = Array.isArray(item) ? item : [item]
      const next = [...contextRef.current]
      for (const candidate of items) {
        if (!next.some((existing) => sameContextItem(existing, candidate))) next.push(candidate)
      }
      replace(next)
    },
    [replace],
  )

  const removeContext = useCallback(
    (item: ContextItem | number) => {
      replace(
        contextRef.current.filter((existing, index) =>
          typeof item === 'number' ? index !== item : !sameContextItem(existing, item),
        ),
      )
    },
    [replace],
  )

  const clearContext = useCallback(() => replace([]), [replace])

  return { context, contextRef, addContext, removeContext, clearContext }
}

export interface RequestBodyOptions {
  fp: string
  retrievalPageSize: number
  filter: SearchFilter | undefined
  currentPath: string | (() => string | undefined) | undefined
  pending: { current: ContextItem[] }
}

/**
 * The per-question body fields. The thread is not in here: the connection adds the one it holds
 * when the request leaves.
 */
export function useRequestBody({
  fp,
  retrievalPageSize,
  filter,
  currentPath,
  pending,
}: RequestBodyOptions) {
  return useCallback(
    (extraContext: ContextItem[]) => {
      const path = typeof currentPath === 'function' ? currentPath() : currentPath
      return questionFields(
        {
          fp,
          retrievalPageSize,
          filter,
          currentPath: path ?? (typeof location === 'undefined' ? undefined : location.pathname),
        },
        [...pending.current, ...extraContext],
      )
    },
    [fp, retrievalPageSize, filter, currentPath, pending],
  )
}

/** The question's annotations: the context it is sent with, kept on it (see `contextOf`). */
export function questionAnnotations(body: { context?: ContextItem[] }): {
  annotations?: Message['annotations']
} {
  return body.context
    ? { annotations: [contextAnnotation(body.context)] as unknown as Message['annotations'] }
    : {}
}

export function useMessageHelpers(docsBaseUrl: string | undefined) {
  return useMemo(
    () => ({
      sources: (message: MessageLike) => getMessageSources(message, { docsBaseUrl }),
      suggestions: (message: MessageLike) => getMessageSuggestions(message, { docsBaseUrl }),
      displayText: (message: MessageLike) => getMessageDisplayText(message),
      notFound: (message: MessageLike) => isMessageNotFound(message),
      contextOf: (message: MessageLike) => getMessageContext(message),
    }),
    [docsBaseUrl],
  )
}

/** The store, read at send time, so it is never created during a server render. */
export function lazyThreadStore(getThreadStore: () => ThreadStore) {
  return {
    get: (domain: string) => getThreadStore().get(domain),
    set: (domain: string, thread: ThreadIdentity) => getThreadStore().set(domain, thread),
    clear: (domain: string) => getThreadStore().clear(domain),
  }
}

export function sameContextItem(a: ContextItem, b: ContextItem): boolean {
  return (
    a.type === b.type && a.value === b.value && a.elementId === b.elementId && a.path === b.path
  )
}

/** Stored messages come back from JSON: `createdAt` as a string. */
export function reviveMessage(message: Message): Message {
  const createdAt = message.createdAt
  return typeof createdAt === 'string' ? { ...message, createdAt: new Date(createdAt) } : message
}

/**
 * useChat's request with the data of earlier questions' files left out (names and types stay):
 * the server reads the newest question's files, and resending every image on every question
 * would soon pass any body limit.
 */
export function requestWithoutPastAttachmentData(init: RequestInit | undefined) {
  const body = init?.body
  if (typeof body !== 'string' || !body.includes('"experimental_attachments"')) return init
  try {
    const parsed = JSON.parse(body) as { messages?: unknown }
    if (!Array.isArray(parsed.messages)) return init
    return {
      ...init,
      body: JSON.stringify({ ...parsed, messages: withoutPastAttachmentData(parsed.messages) }),
    }
  } catch {
    return init
  }
}
