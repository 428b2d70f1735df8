import type { MessageSuggestion } from '@docchat/core'
import { readSuggestions, withoutSuggestions } from '@docchat/core/internal'
import { type MessageLike, textOf } from './message-parts'

export type { MessageSuggestion }

/** Links of the answer's ```suggestions block (`(Text)[/path]` lines), read by core. */
export function getMessageSuggestions(
  message: MessageLike,
  options: { docsBaseUrl?: string } = {},
): MessageSuggestion[] {
  return readSuggestions(textOf(message), options.docsBaseUrl)
}

/** The answer's text without the ```suggestions block, for display. */
export function getMessageDisplayText(message: MessageLike): string {
  return withoutSuggestions(textOf(message))
}
