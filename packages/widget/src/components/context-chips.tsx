'use client'

import type { ContextItem } from '@docchat/core'
import { formatLabel } from '../labels'
import { Icon } from './icon'
import { useWidgetSettings } from './widget-scope'

export function contextLabel(item: ContextItem, labels: { contextSelection: string; contextCode: string }) {
  const kind = item.type === 'code' ? labels.contextCode : labels.contextSelection
  const preview = item.value.replace(/\s+/g, ' ').trim().slice(0, 48)
  return `${kind}: ${preview}${item.value.length > 48 ? '…' : ''}`
}

/** Attached selections and code blocks, sent with the next question; each can be removed. */
export function ContextChips({
  items,
  onRemove,
}: {
  items: ContextItem[]
  onRemove?: (index: number) => void
}) {
  const { labels } = useWidgetSettings()
  if (items.length === 0) return null
  return (
    <ul className="docchat-chips" aria-label={labels.contextTitle}>
      {items.map((item, index) => {
        const label = contextLabel(item, labels)
        return (
          <li key={`${item.type}:${item.elementId ?? ''}:${item.value}`} className="docchat-chip" data-type={item.type}>
            <Icon name={item.type === 'code' ? 'code' : 'text'} />
            <span className="docchat-chip-label" title={item.value}>
              {label}
            </span>
            {onRemove ? (
              <button
                type="button"
                className="docchat-icon-button"
                aria-label={formatLabel(labels.removeContext, { label })}
                onClick={() => onRemove(index)}
              >
                <Icon name="close" />
              </button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
