'use client'

import type { ContextItem } from '@docchat/core'
import { type RefObject, useCallback, useEffect, useMemo, useState } from 'react'
import { scheduleFrame } from '@docchat/core'

export interface TextSelection {
  /** The selected text, trimmed; `''` when nothing inside the container is selected. */
  text: string
  /** Where the selection is on screen (viewport coordinates), for placing an "Ask" button. */
  rect: DOMRect | null
  range: Range | null
  /** The selection as an assistant context item, or `null` when empty. */
  contextItem: ContextItem | null
  /** Removes the page selection and resets this state. */
  clear: () => void
}

export interface UseTextSelectionOptions {
  /** Docs path recorded on the context item. */
  path?: string
  /** Longest text kept; longer selections are cut. Defaults to `4000`. */
  maxLength?: number
}

interface SelectionState {
  text: string
  rect: DOMRect | null
  range: Range | null
}

const empty: SelectionState = { text: '', rect: null, range: null }

/**
 * The current text selection inside `containerRef`. Selection changes are batched to one read per
 * animation frame and geometry is measured only for selections inside the container, so dragging a
 * selection across the page forces no extra layouts.
 */
export function useTextSelection(
  containerRef: RefObject<HTMLElement | null>,
  options: UseTextSelectionOptions = {},
): TextSelection {
  const { path, maxLength = 4000 } = options
  const [selection, setSelection] = useState<SelectionState>(empty)

  useEffect(() => {
    let cancelFrame: (() => void) | undefined
    const read = () => {
      cancelFrame = undefined
      const container = containerRef.current
      const current = document.getSelection()
      if (!container || !current || current.isCollapsed || current.rangeCount === 0) {
        setSelection((previous) => (previous === empty ? previous : empty))
        return
      }
      const range = current.getRangeAt(0)
      const text = current.toString().trim().slice(0, maxLength)
      if (!text || !container.contains(range.commonAncestorContainer)) {
        setSelection((previous) => (previous === empty ? previous : empty))
        return
      }
      const rect =
        typeof range.getBoundingClientRect === 'function' ? range.getBoundingClientRect() : null
      setSelection({ text, rect, range })
    }
    const onSelectionChange = () => {
      cancelFrame ??= scheduleFrame(read)
    }
    document.addEventListener('selectionchange', onSelectionChange)
    // The reader may have selected before this mounted (its code can load after the page).
    onSelectionChange()
    return () => {
      document.removeEventListener('selectionchange', onSelectionChange)
      cancelFrame?.()
    }
  }, [containerRef, maxLength])

  const clear = useCallback(() => {
    document.getSelection()?.removeAllRanges()
    setSelection(empty)
  }, [])

  const contextItem = useMemo<ContextItem | null>(
    () =>
      selection.text
        ? { type: 'textSelection', value: selection.text, ...(path ? { path } : {}) }
        : null,
    [selection.text, path],
  )

  return { ...selection, contextItem, clear }
}
