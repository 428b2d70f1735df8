'use client'

import { type RefObject, useEffect, useRef } from 'react'
import { getActiveElement } from '../utils/dom'

const TABBABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  'summary',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',')

/** Tabbable elements inside `container`, in DOM order (descends into open shadow roots). */
export function getTabbableElements(container: Element | ShadowRoot): HTMLElement[] {
  const result: HTMLElement[] = []
  const visit = (root: Element | ShadowRoot) => {
    for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
      if (element.shadowRoot) {
        if (element.matches(TABBABLE) && isTabbable(element)) result.push(element)
        visit(element.shadowRoot)
        continue
      }
      if (element.matches(TABBABLE) && isTabbable(element)) result.push(element)
    }
  }
  visit(container)
  return result
}

function isTabbable(element: HTMLElement): boolean {
  if (element.tabIndex < 0) return false
  if (element.closest('[hidden],[inert]')) return false
  if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) {
    const form = element.form ?? element.getRootNode()
    const checked = (form as ParentNode).querySelector?.(
      `input[type="radio"][name="${element.name.replace(/["\\]/g, '\\$&')}"]:checked`,
    )
    if (checked && checked !== element) return false
  }
  return true
}

function focus(element: HTMLElement | null | undefined): boolean {
  if (!element || typeof element.focus !== 'function') return false
  element.focus({ preventScroll: true })
  return true
}

export interface UseFocusTrapOptions {
  /** Trap Tab inside and pull focus back if it escapes. */
  trapped: boolean
  /** Element to focus on mount; defaults to `[autofocus]`/`[data-autofocus]`, the first tabbable, or the container. */
  initialFocus?: RefObject<HTMLElement | null> | undefined
  /**
   * Where focus goes on unmount when the element focused before mount is gone or was the body
   * (Safari does not focus buttons on click, so the trigger is the usual fallback).
   */
  returnFocus?: RefObject<HTMLElement | null> | undefined
  /** Called before focusing on mount; `preventDefault()` skips it. */
  onMountAutoFocus?: ((event: Event) => void) | undefined
  /** Called before restoring focus on unmount; `preventDefault()` skips it. */
  onUnmountAutoFocus?: ((event: Event) => void) | undefined
}

/**
 * Moves focus into `containerRef` on mount, cycles Tab/Shift+Tab within it when `trapped`, and
 * returns focus on unmount. Works in shadow roots: the active element is read from the
 * container's root node, and escape detection uses `composedPath()`.
 */
export function useFocusTrap(
  containerRef: RefObject<HTMLElement | null>,
  options: UseFocusTrapOptions,
): void {
  const optionsRef = useRef(options)
  optionsRef.current = options
  const { trapped } = options

  useEffect(() => {
    const container = containerRef.current
    if (!container) return
    const previouslyFocused = getActiveElement(container) as HTMLElement | null
    const { initialFocus, onMountAutoFocus } = optionsRef.current

    const mountEvent = new Event('docchat.focusScope.autoFocusOnMount', { cancelable: true })
    onMountAutoFocus?.(mountEvent)
    if (!mountEvent.defaultPrevented && !container.contains(getActiveElement(container))) {
      const target =
        initialFocus?.current ??
        container.querySelector<HTMLElement>('[autofocus],[data-autofocus]') ??
        getTabbableElements(container)[0] ??
        container
      focus(target)
    }

    return () => {
      const { returnFocus, onUnmountAutoFocus } = optionsRef.current
      const unmountEvent = new Event('docchat.focusScope.autoFocusOnUnmount', { cancelable: true })
      onUnmountAutoFocus?.(unmountEvent)
      if (unmountEvent.defaultPrevented) return
      const body = container.ownerDocument.body
      const target =
        previouslyFocused && previouslyFocused !== body && previouslyFocused.isConnected
          ? previouslyFocused
          : (returnFocus?.current ?? previouslyFocused)
      // Defer: the element being removed may still hold focus during this commit.
      const restore = () => {
        // Still connected means this was not a real unmount (StrictMode's effect replay): stay.
        if (container.isConnected) return
        if (target?.isConnected) focus(target)
      }
      if (typeof queueMicrotask === 'function') queueMicrotask(restore)
      else restore()
    }
  }, [containerRef])

  useEffect(() => {
    const container = containerRef.current
    if (!container || !trapped) return
    const document = container.ownerDocument
    let lastFocused: HTMLElement | null = null

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return
      const tabbables = getTabbableElements(container)
      const active = getActiveElement(container)
      if (tabbables.length === 0) {
        event.preventDefault()
        focus(container)
        return
      }
      const first = tabbables[0]!
      const last = tabbables[tabbables.length - 1]!
      if (event.shiftKey && (active === first || active === container)) {
        event.preventDefault()
        focus(last)
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        focus(first)
      }
    }

    const onFocusIn = (event: FocusEvent) => {
      const path = event.composedPath()
      if (path.includes(container)) {
        lastFocused = path[0] as HTMLElement
        return
      }
      // Focus escaped (click on the page behind, programmatic focus): bring it back.
      focus(
        lastFocused?.isConnected ? lastFocused : (getTabbableElements(container)[0] ?? container),
      )
    }

    container.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn, true)
    return () => {
      container.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn, true)
    }
  }, [containerRef, trapped])
}
