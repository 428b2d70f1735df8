'use client'

import { type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { readPanelMemory, writePanelMemory } from './panel-memory'

/** Narrower than this beside the sidebar, the page isn't squeezed: the sidebar covers it instead. */
const minPageWidth = 480

export interface DockedPanel {
  docked: boolean
  toggle: () => void
  /** The dialog's element: its width is the room the page gives up while docked. */
  panelRef: RefObject<HTMLDivElement | null>
}

/**
 * The floating panel docked as a sidebar at the reader's request (issue 23: the panel covered the
 * section a citation scrolled to). While docked and open, the page makes room beside it (a margin
 * on the root element as wide as the panel, taken back on undock or close), so a cited section
 * scrolls into view beside the panel, not under it. Remembered for the tab in the panel memory.
 */
export function useDockedPanel({
  open,
  enabled,
  side,
  memoryKey,
}: {
  open: boolean
  /** Only the floating panel docks. */
  enabled: boolean
  side: 'start' | 'end'
  memoryKey: string | undefined
}): DockedPanel {
  const [docked, setDocked] = useState(false)
  const panelRef = useRef<HTMLDivElement>(null)
  // Read after mount, not during render: the server has no sessionStorage.
  useEffect(() => {
    if (enabled && memoryKey && readPanelMemory(memoryKey)?.docked) setDocked(true)
  }, [enabled, memoryKey])

  // The memory is written here, not in a state updater (React may run those twice).
  const toggle = useCallback(() => {
    setDocked(!docked)
    if (memoryKey) writePanelMemory(memoryKey, { docked: !docked })
  }, [docked, memoryKey])

  const active = enabled && docked && open
  useEffect(() => {
    const panel = panelRef.current
    if (!active || !panel) return
    const style = document.documentElement.style
    const property = side === 'start' ? 'margin-inline-start' : 'margin-inline-end'
    const before = [style.getPropertyValue(property), style.getPropertyPriority(property)] as const
    const restore = () =>
      before[0] ? style.setProperty(property, ...before) : style.removeProperty(property)
    const apply = () => {
      const width = panel.offsetWidth
      if (innerWidth - width >= minPageWidth) style.setProperty(property, `${width}px`)
      else restore()
    }
    apply()
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(apply) : null
    resizes?.observe(panel)
    addEventListener('resize', apply)
    return () => {
      resizes?.disconnect()
      removeEventListener('resize', apply)
      restore()
    }
  }, [active, side])

  return { docked: enabled && docked, toggle, panelRef }
}
