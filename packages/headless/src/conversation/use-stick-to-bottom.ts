'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '../utils/dom'

export interface UseStickToBottomOptions {
  /** Distance in px from the bottom that still counts as "at the bottom". Defaults to `16`. */
  threshold?: number
  /** Follow new content while at the bottom. Defaults to `true`; switching it back on resumes. */
  enabled?: boolean
  /**
   * New elements matching it (a just-sent question) become the anchor: following stops once the
   * anchor reaches the top of the view, so a long answer is read from its start. Reaching the
   * bottom by hand follows again. Without it the view always follows to the bottom.
   */
  anchorSelector?: string
}

/** Whether a scroll container is at its bottom, tolerant of fractional scroll positions (HiDPI). */
export function isScrolledToBottom(
  element: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold: number,
): boolean {
  const distance = element.scrollHeight - element.clientHeight - element.scrollTop
  // scrollTop is fractional on zoomed/retina screens while scrollHeight is rounded: allow 1px.
  return distance <= threshold + 1
}

/**
 * Keeps a scroll container pinned to the bottom while content streams in, but only while the user
 * is at the bottom: scrolling up releases it, scrolling back down resumes following.
 */
export function useStickToBottom({
  threshold = 16,
  enabled = true,
  anchorSelector,
}: UseStickToBottomOptions = {}) {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [atBottom, setAtBottom] = useState(true)
  const stickRef = useRef(true)
  const lastScrollTop = useRef(0)
  const anchorRef = useRef<Element | null>(null)
  // Where the last programmatic scroll landed: its scroll event is not the reader's.
  const pinnedTop = useRef<number | null>(null)
  // A smooth scroll to the bottom is under way: its steps are not the reader leaving the bottom.
  const seeking = useRef(false)
  const ref = useCallback((node: HTMLElement | null) => setElement(node), [])

  const pin = useCallback(() => {
    if (!element) return
    let top = element.scrollHeight - element.clientHeight
    const anchor = anchorRef.current
    if (anchor?.isConnected) {
      const offset =
        anchor.getBoundingClientRect().top - element.getBoundingClientRect().top + element.scrollTop
      const padding = Number.parseFloat(getComputedStyle(element).paddingTop) || 0
      top = Math.min(top, Math.max(0, offset - padding))
    }
    if (Math.abs(element.scrollTop - top) < 1) return
    element.scrollTop = top
    lastScrollTop.current = element.scrollTop
    pinnedTop.current = element.scrollTop
  }, [element])

  const scrollToBottom = useCallback(
    (behavior?: ScrollBehavior) => {
      if (!element) return
      stickRef.current = true
      anchorRef.current = null
      setAtBottom(true)
      const smooth = (behavior ?? 'smooth') === 'smooth' && !prefersReducedMotion()
      if (smooth && typeof element.scrollTo === 'function') {
        seeking.current = true
        element.scrollTo({ top: element.scrollHeight, behavior: 'smooth' })
      } else {
        pin()
      }
    },
    [element, pin],
  )

  useEffect(() => {
    if (!element) return
    lastScrollTop.current = element.scrollTop
    const onScroll = () => {
      const bottom = isScrolledToBottom(element, threshold)
      const movedUp = element.scrollTop < lastScrollTop.current - 1
      const ours = pinnedTop.current !== null && Math.abs(element.scrollTop - pinnedTop.current) < 1
      pinnedTop.current = null
      lastScrollTop.current = element.scrollTop
      if (bottom) {
        stickRef.current = true
        seeking.current = false
        // The reader came down to the end: follow the stream from here on.
        if (!ours) anchorRef.current = null
      } else if (movedUp || (!ours && !seeking.current)) {
        // Up, or a jump somewhere above the bottom (a dragged scrollbar, a restored position).
        stickRef.current = false
      }
      setAtBottom(bottom)
    }
    // A wheel/touch gesture upwards releases at once, even before the next scroll event lands
    // (content may grow in between and would otherwise pull the user back down).
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) stickRef.current = false
    }
    const onKeyDown = (event: KeyboardEvent) => {
      if (['ArrowUp', 'PageUp', 'Home'].includes(event.key)) stickRef.current = false
    }
    element.addEventListener('scroll', onScroll, { passive: true })
    element.addEventListener('wheel', onWheel, { passive: true })
    element.addEventListener('keydown', onKeyDown)
    return () => {
      element.removeEventListener('scroll', onScroll)
      element.removeEventListener('wheel', onWheel)
      element.removeEventListener('keydown', onKeyDown)
    }
  }, [element, threshold])

  useEffect(() => {
    if (!element || !enabled) return
    const follow = () => {
      if (stickRef.current) pin()
      setAtBottom(isScrolledToBottom(element, threshold))
    }
    const onMutations = (records: MutationRecord[]) => {
      const anchor = anchorSelector ? lastAdded(records, anchorSelector) : null
      if (anchor) {
        // A new question: show it (and its answer as it grows) even if the reader had scrolled up.
        anchorRef.current = anchor
        stickRef.current = true
      }
      follow()
    }
    if (stickRef.current) pin()
    const mutations =
      typeof MutationObserver === 'function' ? new MutationObserver(onMutations) : null
    mutations?.observe(element, { childList: true, subtree: true, characterData: true })
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : null
    resizes?.observe(element)
    for (const child of Array.from(element.children)) resizes?.observe(child)
    return () => {
      mutations?.disconnect()
      resizes?.disconnect()
    }
  }, [element, enabled, pin, threshold, anchorSelector])

  /**
   * Shows `top` and stays there (a remembered position): following stops until the bottom.
   * `false` when the container isn't attached yet.
   */
  const holdAt = useCallback(
    (top: number): boolean => {
      if (!element) return false
      stickRef.current = false
      anchorRef.current = null
      element.scrollTop = top
      lastScrollTop.current = element.scrollTop
      setAtBottom(isScrolledToBottom(element, threshold))
      return true
    },
    [element, threshold],
  )

  return { ref, atBottom, isFollowing: () => stickRef.current, scrollToBottom, holdAt }
}

/** The last element matching `selector` among the added nodes (or inside them). */
function lastAdded(records: MutationRecord[], selector: string): Element | null {
  let found: Element | null = null
  for (const record of records) {
    for (const node of Array.from(record.addedNodes)) {
      if (!(node instanceof Element)) continue
      if (node.matches(selector)) found = node
      else {
        const inside = node.querySelectorAll(selector)
        if (inside.length > 0) found = inside[inside.length - 1]!
      }
    }
  }
  return found
}
