'use client'

import { type RefObject, useEffect } from 'react'

interface LockState {
  count: number
  restore: () => void
}

// One lock per document, counted, so nested dialogs restore only when the last one closes.
const locks = new WeakMap<Document, LockState>()

function lockDocument(document: Document): () => void {
  const existing = locks.get(document)
  if (existing) {
    existing.count++
    return () => release(document)
  }
  const window = document.defaultView
  const html = document.documentElement
  const body = document.body
  const scrollX = window?.scrollX ?? 0
  const scrollY = window?.scrollY ?? 0
  const previous = {
    htmlOverflow: html.style.overflow,
    bodyPaddingRight: body.style.paddingRight,
    overscroll: html.style.overscrollBehavior,
  }
  const scrollbarWidth = window ? window.innerWidth - html.clientWidth : 0
  if (scrollbarWidth > 0) {
    const current = Number.parseFloat(window!.getComputedStyle(body).paddingRight) || 0
    body.style.paddingRight = `${current + scrollbarWidth}px`
  }
  // overflow: hidden (not position: fixed on body) keeps the page where it is, so iOS Safari does
  // not jump to the top on open or to the bottom on close (algolia/docsearch#1260, #2243). On the
  // root only: the root's overflow goes to the viewport, whereas `body { overflow: hidden }` next
  // to it makes the body a scroll container of its own (scrolled to 0), and the site's
  // position: sticky header and sidebar would stick to that instead, off-screen (issue 23).
  html.style.overflow = 'hidden'
  html.style.overscrollBehavior = 'none'
  locks.set(document, {
    count: 1,
    restore: () => {
      html.style.overflow = previous.htmlOverflow
      body.style.paddingRight = previous.bodyPaddingRight
      html.style.overscrollBehavior = previous.overscroll
      if (window && (window.scrollX !== scrollX || window.scrollY !== scrollY)) {
        window.scrollTo(scrollX, scrollY)
      }
    },
  })
  return () => release(document)
}

function release(document: Document): void {
  const state = locks.get(document)
  if (!state) return
  state.count--
  if (state.count === 0) {
    locks.delete(document)
    state.restore()
  }
}

/**
 * Locks page scroll while `enabled`, restoring the exact previous styles and scroll position.
 * Touch scrolling is blocked outside `allowRef` (iOS ignores `overflow: hidden` on touch).
 */
export function useScrollLock(enabled: boolean, allowRef?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (!enabled || typeof document === 'undefined') return
    const document_ = allowRef?.current?.ownerDocument ?? document
    const unlock = lockDocument(document_)
    const onTouchMove = (event: TouchEvent) => {
      const allowed = allowRef?.current
      if (allowed && event.composedPath().includes(allowed)) return
      if (event.cancelable) event.preventDefault()
    }
    document_.addEventListener('touchmove', onTouchMove, { passive: false })
    return () => {
      document_.removeEventListener('touchmove', onTouchMove)
      unlock()
    }
  }, [enabled, allowRef])
}
