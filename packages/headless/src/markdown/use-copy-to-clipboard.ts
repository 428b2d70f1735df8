'use client'

import { useCallback, useEffect, useRef, useState } from 'react'

/** Copies with the async Clipboard API, falling back to a hidden textarea and `execCommand`. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission denied or insecure context: try the legacy path below.
  }
  if (typeof document === 'undefined') return false
  const textarea = document.createElement('textarea')
  textarea.value = text
  textarea.setAttribute('readonly', '')
  textarea.style.position = 'fixed'
  textarea.style.opacity = '0'
  textarea.style.pointerEvents = 'none'
  const previous = document.activeElement as HTMLElement | null
  document.body.appendChild(textarea)
  textarea.select()
  let copied = false
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy')
  } catch {
    copied = false
  }
  textarea.remove()
  previous?.focus?.({ preventScroll: true })
  return copied
}

export interface UseCopyToClipboardOptions {
  /** How long `copied` stays true. Defaults to `2000` ms. */
  resetAfterMs?: number
}

export function useCopyToClipboard({ resetAfterMs = 2000 }: UseCopyToClipboardOptions = {}) {
  const [state, setState] = useState<'idle' | 'copied' | 'error'>('idle')
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text)
      setState(ok ? 'copied' : 'error')
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setState('idle'), resetAfterMs)
      return ok
    },
    [resetAfterMs],
  )
  return { copy, state, copied: state === 'copied' }
}
