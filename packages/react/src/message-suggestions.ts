import { type MessageLike, textOf } from './message-parts'
import { resolveDocsUrl } from './resolve-docs-url'

export interface MessageSuggestion {
  text: string
  /**
   * Through core's URL policy, resolved under `docsBaseUrl` when given. `null` when the policy
   * refuses the link (suggestions are model output, so a prompt injection can write anything):
   * render the text without a link.
   */
  url: string | null
  /** The link as written in the answer. */
  path: string
}

// The opening fence of a ```suggestions block, through the closing fence or the end of a still
// streaming message, so a half-received block never flashes in the answer.
const suggestionsBlock =
  /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*suggestions[ \t]*\n([\s\S]*?)(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/

// Mintlify's reversed form `(Text)[/path]`, and ordinary Markdown `[Text](/path)` for tolerance.
const reversedLink = /^\s*(?:[-*]\s+)?\((.+)\)\[(.+)\]\s*$/
const markdownLink = /^\s*(?:[-*]\s+)?\[(.+)\]\((.+)\)\s*$/

/** Links of the answer's ```suggestions block (`(Text)[/path]` lines). */
export function getMessageSuggestions(
  message: MessageLike,
  options: { docsBaseUrl?: string } = {},
): MessageSuggestion[] {
  const match = suggestionsBlock.exec(textOf(message))
  if (!match) return []
  const suggestions: MessageSuggestion[] = []
  for (const line of (match[3] ?? '').split('\n')) {
    const link = reversedLink.exec(line) ?? markdownLink.exec(line)
    if (!link?.[1] || !link[2]) continue
    const path = link[2].trim()
    suggestions.push({ text: link[1].trim(), path, url: resolveDocsUrl(path, options.docsBaseUrl) })
  }
  return suggestions
}

/** The answer's text without the ```suggestions block, for display. */
export function getMessageDisplayText(message: MessageLike): string {
  const text = textOf(message)
  const match = suggestionsBlock.exec(text)
  if (!match) return text
  const before = text.slice(0, match.index).trimEnd()
  const after = text.slice(match.index + match[0].length).trim()
  return [before, after].filter(Boolean).join('\n\n')
}
