'use client'

import { useEffect, useMemo, useState } from 'react'
import { useCallbackRef } from '../utils/use-callback-ref'
import {
  formatShortcut,
  getEventOrigin,
  isApplePlatform,
  isTypingEvent,
  matchesShortcut,
  parseShortcut,
} from './shortcut'

export type ShortcutTarget = Document | HTMLElement | ShadowRoot | Window

export interface UseShortcutOptions {
  /** Where to listen. Defaults to the document. */
  target?: ShortcutTarget | null
  /** Turn the listener off without unmounting. Defaults to `true`. */
  enabled?: boolean
  /**
   * Allow the shortcut from an editable element, e.g. your own search input. Host-page inputs are
   * always ignored otherwise.
   */
  allowInEditable?: (origin: Element) => boolean
}

/**
 * Calls `handler` on `shortcut` (`'mod+k'`, or `false` to disable). Never fires while the user
 * types in an input, textarea, select or contenteditable, including ones inside shadow roots.
 */
export function useShortcut(
  shortcut: string | false | null | undefined,
  handler: (event: KeyboardEvent) => void,
  { target, enabled = true, allowInEditable }: UseShortcutOptions = {},
): void {
  const parsed = useMemo(() => parseShortcut(shortcut), [shortcut])
  const onShortcut = useCallbackRef(handler)
  const allow = useCallbackRef(allowInEditable)
  const hasAllow = Boolean(allowInEditable)

  useEffect(() => {
    if (!parsed || !enabled) return
    const node: ShortcutTarget | null =
      target ?? (typeof document !== 'undefined' ? document : null)
    if (!node) return
    const listener = (event: Event) => {
      const keyboardEvent = event as KeyboardEvent
      if (keyboardEvent.defaultPrevented || keyboardEvent.isComposing) return
      if (!matchesShortcut(parsed, keyboardEvent)) return
      if (isTypingEvent(keyboardEvent)) {
        const origin = getEventOrigin(keyboardEvent) as Element
        if (!hasAllow || !allow(origin)) return
      }
      keyboardEvent.preventDefault()
      onShortcut(keyboardEvent)
    }
    node.addEventListener('keydown', listener)
    return () => node.removeEventListener('keydown', listener)
  }, [parsed, enabled, target, onShortcut, allow, hasAllow])
}

export interface UseShortcutsOptions extends Omit<UseShortcutOptions, 'allowInEditable'> {
  /** Opens search. Defaults to `'mod+k'`; `false` disables it. */
  search?: string | false
  /** Opens the assistant. Defaults to `'mod+i'`; `false` disables it. */
  assistant?: string | false
  onSearch?: (event: KeyboardEvent) => void
  onAssistant?: (event: KeyboardEvent) => void
  allowInEditable?: (origin: Element) => boolean
}

/** ⌘/Ctrl+K for search and ⌘/Ctrl+I for the assistant, each rebindable or disabled. */
export function useShortcuts({
  search = 'mod+k',
  assistant = 'mod+i',
  onSearch,
  onAssistant,
  ...options
}: UseShortcutsOptions): void {
  useShortcut(onSearch ? search : false, (event) => onSearch?.(event), options)
  useShortcut(onAssistant ? assistant : false, (event) => onAssistant?.(event), options)
}

export type ShortcutsProps = UseShortcutsOptions

/** Component form of `useShortcuts`; renders nothing. */
export function Shortcuts(props: ShortcutsProps): null {
  useShortcuts(props)
  return null
}

/**
 * A visible label for a shortcut. Empty during the server render and the first client render,
 * then `⌘K` or `Ctrl K`: the platform is only read after mount, so hydration never mismatches.
 */
export function useShortcutLabel(shortcut: string | false | null | undefined): string {
  const [apple, setApple] = useState<boolean | null>(null)
  useEffect(() => setApple(isApplePlatform()), [])
  return apple === null ? '' : formatShortcut(shortcut, apple)
}
