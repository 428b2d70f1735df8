'use client'

import {
  type ComponentPropsWithoutRef,
  forwardRef,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react'
import { type ContextItem, describeContextItem } from './context-item'

export interface ContextChipsProps extends Omit<ComponentPropsWithoutRef<'ul'>, 'children'> {
  items: readonly ContextItem[]
  onRemove: (item: ContextItem, index: number) => void
  /** Visible chip content. Defaults to `describeContextItem(item)`. */
  renderLabel?: (item: ContextItem) => ReactNode
  /** Accessible name of each remove button. Defaults to `Remove <label>`. */
  getRemoveLabel?: (item: ContextItem) => string
  /** Focused after the last chip is removed (e.g. the question input). */
  fallbackFocusRef?: RefObject<HTMLElement | null>
  /** Defaults to `'Attached context'`. */
  'aria-label'?: string
}

/**
 * The attached context items as a list of chips, each with a remove button. After a removal,
 * focus moves to the next chip (or the previous one, or `fallbackFocusRef`) instead of the body.
 */
export const ContextChips = forwardRef<HTMLUListElement, ContextChipsProps>(function ContextChips(
  {
    items,
    onRemove,
    renderLabel,
    getRemoveLabel,
    fallbackFocusRef,
    'aria-label': ariaLabel = 'Attached context',
    ...props
  },
  ref,
) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([])
  const pendingFocus = useRef<number | null>(null)
  useEffect(() => {
    const index = pendingFocus.current
    if (index === null) return
    pendingFocus.current = null
    const next = items.length > 0 ? buttons.current[Math.min(index, items.length - 1)] : null
    ;(next ?? fallbackFocusRef?.current)?.focus()
  }, [items, fallbackFocusRef])
  if (items.length === 0) return null
  return (
    <ul ref={ref} aria-label={ariaLabel} data-part="context-chips" {...props}>
      {items.map((item, index) => {
        const label = describeContextItem(item)
        return (
          <li
            key={`${item.type}:${item.elementId ?? ''}:${index}`}
            data-type={item.type}
            data-part="context-chip"
          >
            <span data-part="context-chip-label">{renderLabel ? renderLabel(item) : label}</span>
            <button
              ref={(node) => {
                buttons.current[index] = node
              }}
              type="button"
              aria-label={getRemoveLabel ? getRemoveLabel(item) : `Remove ${label}`}
              data-part="context-chip-remove"
              onClick={() => {
                pendingFocus.current = index
                onRemove(item, index)
              }}
            >
              ×
            </button>
          </li>
        )
      })}
    </ul>
  )
})
