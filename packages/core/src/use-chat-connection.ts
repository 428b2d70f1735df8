import {
  type AssistantConnection,
  type AssistantConnectionOptions,
  type AssistantEndpoint,
  openAssistantConnection,
} from './assistant-connection'
import { useChatFetch } from './use-chat-fetch'

/** Creates a connection to one assistant endpoint (see `client.connectAssistant`). */
export function createAssistantConnection(
  endpoint: AssistantEndpoint,
  options: AssistantConnectionOptions = {},
): AssistantConnection {
  return openAssistantConnection(endpoint, options, useChatFetch)
}
