'use client'

import { type RefObject, useEffect, useRef } from 'react'

/**
 * Whether the reader's last input was a key rather than a pointer: a panel opened from the
 * keyboard (a shortcut, Enter on the trigger) wants its input focused even on a touch screen,
 * where a tap would rather keep the on-screen keyboard closed. A tablet with a keyboard types
 * straight after ⌘I, and those keys must reach the question box, not a header button.
 */
export function useLastInputWasKeyboard(): RefObject<boolean> {
  const keyboard = useRef(false)
  useEffect(() => {
    const onKey = () => {
      keyboard.current = true
    }
    const onPointer = () => {
      keyboard.current = false
    }
    // Capture phase: nothing on the page can hide the input from us by stopping propagation.
    document.addEventListener('keydown', onKey, true)
    document.addEventListener('pointerdown', onPointer, true)
    return () => {
      document.removeEventListener('keydown', onKey, true)
      document.removeEventListener('pointerdown', onPointer, true)
    }
  }, [])
  return keyboard
}
