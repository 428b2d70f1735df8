'use client'

import { type Message, useChat } from '@ai-sdk/react'
import {
  type AnswerRunner,
  type DocsMessage,
  type QuestionFields,
  toDocsApiError,
} from '@docchat/core'
import { questionRequest } from '@docchat/core/internal'
import { useEffect, useMemo } from 'react'
import type { AssistantChat, UseAssistantChatOptions } from './assistant-chat'
import { useDocChat } from './provider'
import { useAssistantChatOf, useDocsChat } from './use-docs-chat'

export type {
  AssistantChat,
  AssistantChatStatus,
  SendOptions,
  UseAssistantChatOptions,
} from './assistant-chat'

/**
 * The docs assistant: AI SDK v4 `useChat` wired to the Mintlify-compatible v1 endpoint, with
 * thread continuity, persistence, typed errors and the helpers an answer UI needs. `useChat`
 * streams the messages; all else is core's chat (`DocsChat`), the state machine the drop-in's
 * engine runs too.
 */
export function useAssistantChat(options: UseAssistantChatOptions = {}): AssistantChat {
  const scope = useDocChat()
  const [chat, snapshot] = useDocsChat(scope, options)
  const stream = useChat({
    id: chat.id,
    // Ids from the chat: nothing random during a render (useChat draws one in a useState
    // initializer, which Next.js `cacheComponents` refuses), unique across reloads after.
    generateId: chat.generateId,
    api: scope.client.assistantUrl(scope.domain),
    streamProtocol: 'data',
    // The contract's flag: messages go whole. The body itself is core's one question builder,
    // so both engines send the same request.
    sendExtraMessageFields: true,
    experimental_prepareRequestBody: ({ messages, requestBody }) =>
      questionRequest(messages as DocsMessage[], requestBody as QuestionFields),
    // Core's connection: validation, timeout, retries, the thread; the answer parsed once.
    fetch: async (input, init) => {
      const response = await chat.connection.fetch(input, init)
      chat.answered(response)
      return response
    },
    experimental_throttle: options.throttleMs,
    onFinish: (message) => chat.finished(message as DocsMessage),
    onError: (error) => chat.failed(error),
  })
  chat.setRunner(useChatRunner(stream))
  const messages = stream.messages as DocsMessage[]
  // What the view shows too, not only what the chat keeps: core's rule for useChat's early `ready`.
  const status = chat.statusOf(stream.status, messages)
  // The connection rejects with `DocsApiError`s already; this only types what useChat holds.
  const error = useMemo(
    () => (stream.error ? toDocsApiError(stream.error) : undefined),
    [stream.error],
  )
  useEffect(() => {
    chat.report({ messages, status, error })
  }, [chat, messages, status, error])
  return useAssistantChatOf(chat, { ...snapshot, messages, status, error }, scope.docsBaseUrl)
}

/** useChat as the chat's answer runner: asking is `append` (of the question, or the partial answer). */
function useChatRunner(stream: ReturnType<typeof useChat>): AnswerRunner {
  const { messages, setMessages, append, stop } = stream
  return {
    messages: () => messages as DocsMessage[],
    setMessages: (next) => setMessages(next as Message[]),
    async ask(next, fields) {
      const before = next.slice(0, -1)
      if (before.length !== messages.length || before.some((m, i) => m !== messages[i])) {
        setMessages(before as Message[])
      }
      await append(next.at(-1) as Message, { body: fields as Record<string, unknown> })
    },
    stop,
  }
}
