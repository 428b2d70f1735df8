'use client'

import type { ContextItem } from '@docchat/core'
import { ContextChips as ContextChipList } from '@docchat/headless'
import type { RefObject } from 'react'
import { type DocChatLabels, formatLabel } from '../labels'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-settings'

function contextLabel(
  item: ContextItem,
  labels: Pick<DocChatLabels, 'contextSelection' | 'contextCode'>,
): string {
  const kind = item.type === 'code' ? labels.contextCode : labels.contextSelection
  const text = item.value.replace(/\s+/g, ' ').trim()
  return `${kind}: ${text.length > 48 ? `${text.slice(0, 47)}…` : text}`
}

/**
 * Attached selections and code blocks, sent with the next question. Removing one moves focus to
 * the next chip, or back to the question input.
 */
export function ContextChips({
  items,
  onRemove,
  inputRef,
}: {
  items: ContextItem[]
  onRemove: (index: number) => void
  inputRef?: RefObject<HTMLElement | null>
}) {
  const { labels } = useWidgetSettings()
  return (
    <ContextChipList
      className="docchat-chips"
      aria-label={labels.contextTitle}
      items={items}
      onRemove={(_item, index) => onRemove(index)}
      fallbackFocusRef={inputRef}
      renderLabel={(item) => (
        <>
          <Icon name={item.type === 'code' ? 'code' : 'text'} />
          <span className="docchat-chip-label" title={item.value}>
            {contextLabel(item, labels)}
          </span>
        </>
      )}
      getRemoveLabel={(item) =>
        formatLabel(labels.removeContext, { label: contextLabel(item, labels) })
      }
    />
  )
}

/**
 * What was attached to a question, shown read-only in the question itself (as Mintlify does), so
 * the conversation keeps a record of the selection or code the answer is about.
 */
export function AttachedContext({ items }: { items: readonly ContextItem[] | undefined }) {
  const { labels } = useWidgetSettings()
  if (!items || items.length === 0) return null
  return (
    <ul className="docchat-chips docchat-attached" aria-label={labels.sentContext}>
      {items.map((item, index) => (
        <li key={index}>
          <span data-part="context-chip-label">
            <Icon name={item.type === 'code' ? 'code' : 'text'} />
            <span className="docchat-chip-label" title={item.value}>
              {contextLabel(item, labels)}
            </span>
          </span>
        </li>
      ))}
    </ul>
  )
}
