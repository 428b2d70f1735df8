import { DATA_LIMITS } from './docs-limits'
import { resolveDocsUrl } from './url-policy'

/**
 * The ```suggestions block an answer may end with: follow-up pages, one `(Text)[/path]` line
 * each (Mintlify's reversed form; `[Text](/path)` too, for tolerance). One reader for every
 * message shape (AI SDK v4 messages in @docchat/react, v5+ UI messages in `ui-message.ts`).
 *
 * It is model output: the text is cut to `DATA_LIMITS.answerChars` before the expression runs,
 * labels to `DATA_LIMITS.labelChars`, and each link goes through the URL policy.
 */
export interface MessageSuggestion {
  text: string
  /**
   * Through core's URL policy, resolved under `docsBaseUrl` when given. `null` when the policy
   * refuses the link (a prompt injection can write anything): render the text without a link.
   */
  url: string | null
  /** The link as written in the answer. */
  path: string
}

// The opening fence of a ```suggestions block, through its closing fence or the end of a message
// still streaming, so a half-received block never flashes in the answer. Linear: one lazy scan
// from the first opening fence.
const suggestionsBlock =
  /(^|\n)[ \t]*(`{3,}|~{3,})[ \t]*suggestions[ \t]*\n([\s\S]*?)(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/

const MAX_LINE = DATA_LIMITS.urlChars + DATA_LIMITS.labelChars

const capped = (text: string) =>
  text.length > DATA_LIMITS.answerChars ? text.slice(0, DATA_LIMITS.answerChars) : text

/**
 * One suggestion line, read by position (the last `)[` or `](`), not by a backtracking
 * expression, so a title may hold brackets and a long line costs one pass.
 */
function suggestionLink(line: string): { text: string; path: string } | undefined {
  if (line.length > MAX_LINE) return undefined
  const item = line.trim().replace(/^[-*]\s+/, '')
  const [open, middle, close] = item.startsWith('(') ? ['(', ')[', ']'] : ['[', '](', ')']
  if (!item.startsWith(open) || !item.endsWith(close)) return undefined
  const split = item.lastIndexOf(middle)
  if (split < 1) return undefined
  return { text: item.slice(1, split), path: item.slice(split + 2, -1).trim() }
}

/** The links of the answer's ```suggestions block, in order. */
export function readSuggestions(text: string, docsBaseUrl?: string): MessageSuggestion[] {
  const match = suggestionsBlock.exec(capped(text))
  if (!match) return []
  const suggestions: MessageSuggestion[] = []
  for (const line of (match[3] ?? '').split('\n')) {
    const link = suggestionLink(line)
    const label = link?.text.trim().slice(0, DATA_LIMITS.labelChars)
    if (!label || !link?.path) continue
    suggestions.push({ text: label, path: link.path, url: resolveDocsUrl(link.path, docsBaseUrl) })
  }
  return suggestions
}

/** The answer's text without its ```suggestions block, for display (also while it streams). */
export function withoutSuggestions(text: string): string {
  const shown = capped(text)
  const match = suggestionsBlock.exec(shown)
  if (!match) return shown
  const before = shown.slice(0, match.index).trimEnd()
  const after = shown.slice(match.index + match[0].length).trim()
  return [before, after].filter(Boolean).join('\n\n')
}
