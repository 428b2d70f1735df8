/** The stock ai@4 client (`callChatApi` from @ai-sdk/ui-utils), exactly as `useChat` drives it. */
import { callChatApi, type UIMessage } from '@ai-sdk/ui-utils'
import type { DevServer } from '../server'

export interface StockTurn {
  /** The HTTP response the client read (its headers carry `X-Thread-Id`). */
  response?: Response
  /** The message as of the last update. */
  last?: UIMessage
  /** Set once the stream finished. */
  finished?: { message: UIMessage; finishReason?: string }
}

/**
 * One turn against `api` with the server's assistant key. The request goes to the server's fetch
 * handler, or with `overNetwork` through the global fetch (where msw answers it).
 */
export async function stockTurn(
  server: DevServer,
  api: string,
  body: Record<string, unknown>,
  {
    generateId = () => 'generated',
    overNetwork = false,
  }: { generateId?: () => string; overNetwork?: boolean } = {},
): Promise<StockTurn> {
  const turn: StockTurn = {}
  await callChatApi({
    api,
    body,
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${server.keys.assistant}` },
    abortController: () => new AbortController(),
    restoreMessagesOnFailure: () => {},
    onResponse: (response) => {
      turn.response = response
    },
    onUpdate: ({ message }) => {
      turn.last = message as UIMessage
    },
    onFinish: (message, { finishReason }) => {
      turn.finished = { message: message as UIMessage, finishReason }
    },
    onToolCall: undefined,
    generateId,
    fetch: overNetwork
      ? undefined
      : (input, init) => server.fetch(new Request(input as string, init)),
    lastMessage: undefined,
  })
  return turn
}
