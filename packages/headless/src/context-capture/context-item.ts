import type { ContextItem } from '@docchat/core'

export type { ContextItem }

/** A short human label for a chip: the quoted start of a selection, or "Code: <start>". */
export function describeContextItem(item: ContextItem, maxLength = 40): string {
  const text = item.value.replace(/\s+/g, ' ').trim()
  const short = text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text
  if (item.type === 'code') return `Code: ${short}`
  return `“${short}”`
}
