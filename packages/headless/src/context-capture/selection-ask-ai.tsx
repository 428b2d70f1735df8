'use client'

import { useTextSelection } from '@docchat/react'
import {
  type ComponentPropsWithoutRef,
  type CSSProperties,
  forwardRef,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
} from 'react'
import { getAriaKeyShortcuts, matchesShortcut, parseShortcut } from '../shortcuts/shortcut'
import { composeEventHandlers } from '../utils/compose-event-handlers'
import { useCallbackRef } from '../utils/use-callback-ref'
import type { ContextItem } from './context-item'

export interface SelectionAskAIProps
  extends Omit<ComponentPropsWithoutRef<'button'>, 'onClick' | 'children'> {
  /** The docs content the selection must be inside. */
  containerRef: RefObject<HTMLElement | null>
  /** Receives a `textSelection` context item. */
  onAdd: (item: ContextItem) => void
  /** Page path stored on the item (e.g. `location.pathname`). */
  path?: string
  /** Longest text kept. Defaults to `4000`. */
  maxLength?: number
  /** Defaults to `'Ask AI'`. */
  label?: string
  /** Optional keyboard shortcut that adds the selection (e.g. `'mod+shift+a'`); off by default. */
  shortcut?: string | false
  /** Gap in px between the selection and the button. Defaults to `8`. */
  offset?: number
  /**
   * Where the button goes. Defaults to `'above'`: under the selection it would cover the next
   * line, the one the reader is about to read. Falls back to `'below'` when there is no room
   * (less than `minSpaceAbove` px above the selection).
   */
  placement?: 'above' | 'below'
  /** Room needed above the selection for `placement: 'above'`. Defaults to `48`. */
  minSpaceAbove?: number
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void
  children?: ReactNode
}

/**
 * An "Ask AI" button shown for a text selection inside `containerRef`, placed above it (or under
 * it when there is no room; `data-placement` says which) with `position: fixed` and `top`/`left`
 * from the selection rect, also as `data-top`/`data-left`. Placed above, `top` is the button's
 * bottom edge and `translate: 0 -100%` lifts it. It is a real button, so Tab reaches it; Escape
 * dismisses it; an optional shortcut adds without it.
 */
export const SelectionAskAI = forwardRef<HTMLButtonElement, SelectionAskAIProps>(
  function SelectionAskAI(
    {
      containerRef,
      onAdd,
      path,
      maxLength,
      label = 'Ask AI',
      shortcut = false,
      offset = 8,
      placement = 'above',
      minSpaceAbove = 48,
      style,
      onClick,
      onPointerDown,
      onKeyDown,
      children,
      ...props
    },
    ref,
  ) {
    const selection = useTextSelection(containerRef, {
      ...(path ? { path } : {}),
      ...(maxLength ? { maxLength } : {}),
    })
    const { contextItem, clear } = selection
    const add = useCallbackRef(() => {
      if (!contextItem) return
      onAdd(contextItem)
      clear()
    })

    const parsed = useMemo(() => parseShortcut(shortcut), [shortcut])
    useEffect(() => {
      if (!parsed || !contextItem || typeof document === 'undefined') return
      const onShortcut = (event: globalThis.KeyboardEvent) => {
        if (!matchesShortcut(parsed, event)) return
        event.preventDefault()
        add()
      }
      document.addEventListener('keydown', onShortcut)
      return () => document.removeEventListener('keydown', onShortcut)
    }, [parsed, contextItem, add])

    if (!contextItem) return null
    const rect = selection.rect
    const side = rect && placement === 'above' && rect.top >= minSpaceAbove ? 'above' : 'below'
    const top = rect ? (side === 'above' ? rect.top - offset : rect.bottom + offset) : 0
    const position: CSSProperties | undefined = rect
      ? {
          position: 'fixed',
          top,
          left: rect.left,
          ...(side === 'above' ? { translate: '0 -100%' } : {}),
        }
      : undefined
    return (
      <button
        ref={ref}
        type="button"
        data-state="open"
        data-placement={rect ? side : undefined}
        data-top={rect ? Math.round(top) : undefined}
        data-left={rect ? Math.round(rect.left) : undefined}
        aria-keyshortcuts={getAriaKeyShortcuts(shortcut) || undefined}
        style={{ ...position, ...style }}
        {...props}
        onPointerDown={composeEventHandlers(
          onPointerDown,
          (event: PointerEvent<HTMLButtonElement>) => {
            // Keep the selection alive while pressing the button.
            event.preventDefault()
          },
        )}
        onKeyDown={composeEventHandlers(onKeyDown, (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key === 'Escape') clear()
        })}
        onClick={composeEventHandlers(onClick, () => add())}
      >
        {children ?? label}
      </button>
    )
  },
)
