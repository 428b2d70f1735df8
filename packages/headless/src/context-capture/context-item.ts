import { type ContextItem, DATA_LIMITS } from '@docchat/core'

export type { ContextItem }

/** A short human label for a chip: the quoted start of a selection, or "Code: <start>". */
export function describeContextItem(item: ContextItem, maxLength = 40): string {
  // A chip shows a few words: the value is cut to its cap (storage may hold more) before reading.
  const text = item.value.slice(0, DATA_LIMITS.contextItemChars).replace(/\s+/g, ' ').trim()
  const short = text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text
  if (item.type === 'code') return `Code: ${short}`
  return `“${short}”`
}
