'use client'

import { useCallback, useEffect, useRef, useState } from 'react'
import { prefersReducedMotion } from '../utils/dom'

export interface UseStickToBottomOptions {
  /** Distance in px from the bottom that still counts as "at the bottom". Defaults to `16`. */
  threshold?: number
  /** Follow new content while at the bottom. Defaults to `true`; switching it back on resumes. */
  enabled?: boolean
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
export function useStickToBottom({ threshold = 16, enabled = true }: UseStickToBottomOptions = {}) {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [atBottom, setAtBottom] = useState(true)
  const stickRef = useRef(true)
  const lastScrollTop = useRef(0)
  const ref = useCallback((node: HTMLElement | null) => setElement(node), [])

  const pin = useCallback(() => {
    if (!element) return
    const top = element.scrollHeight - element.clientHeight
    element.scrollTop = top
    lastScrollTop.current = element.scrollTop
  }, [element])

  const scrollToBottom = useCallback(
    (behavior?: ScrollBehavior) => {
      if (!element) return
      stickRef.current = true
      setAtBottom(true)
      const smooth = (behavior ?? 'smooth') === 'smooth' && !prefersReducedMotion()
      if (smooth && typeof element.scrollTo === 'function') {
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
      lastScrollTop.current = element.scrollTop
      if (bottom) stickRef.current = true
      else if (movedUp) stickRef.current = false
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
      else setAtBottom(isScrolledToBottom(element, threshold))
    }
    if (stickRef.current) pin()
    const mutations = typeof MutationObserver === 'function' ? new MutationObserver(follow) : null
    mutations?.observe(element, { childList: true, subtree: true, characterData: true })
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(follow) : null
    resizes?.observe(element)
    for (const child of Array.from(element.children)) resizes?.observe(child)
    return () => {
      mutations?.disconnect()
      resizes?.disconnect()
    }
  }, [element, enabled, pin, threshold])

  return { ref, atBottom, isFollowing: () => stickRef.current, scrollToBottom }
}
