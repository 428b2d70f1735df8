/**
 * Keyboard shortcuts, framework-free: the drop-in loader (plain DOM, first file) and the headless
 * React parts match keystrokes with the same two functions, so ⌘K behaves the same everywhere.
 */

export interface ParsedShortcut {
  key: string
  /** ⌘ on Apple platforms, Ctrl elsewhere; either is accepted (never both). */
  mod: boolean
  ctrl: boolean
  meta: boolean
  alt: boolean
  shift: boolean
}

/** Parses `'mod+k'`, `'ctrl+shift+p'`, `'/'`. Returns `null` for `false`, `''` or junk. */
export function parseShortcut(shortcut: string | false | null | undefined): ParsedShortcut | null {
  if (!shortcut) return null
  const parts = shortcut
    .toLowerCase()
    .split('+')
    .map((part) => part.trim())
  // `mod++` means the plus key.
  if (shortcut.endsWith('++')) parts.splice(-2, 2, '+')
  const key = parts.pop()
  if (!key) return null
  const parsed: ParsedShortcut = {
    key,
    mod: false,
    ctrl: false,
    meta: false,
    alt: false,
    shift: false,
  }
  for (const part of parts) {
    if (part === 'mod') parsed.mod = true
    else if (part === 'ctrl' || part === 'control') parsed.ctrl = true
    else if (part === 'meta' || part === 'cmd' || part === 'command') parsed.meta = true
    else if (part === 'alt' || part === 'option') parsed.alt = true
    else if (part === 'shift') parsed.shift = true
    else return null
  }
  return parsed
}

export type KeyboardEventLike = Pick<
  KeyboardEvent,
  'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'
>

function keyMatches(shortcut: ParsedShortcut, event: KeyboardEventLike): boolean {
  const key = (event.key ?? '').toLowerCase()
  if (key === shortcut.key) return true
  // Non-Latin layouts (and Alt on macOS) change `key`; the physical key still identifies letters.
  if (/^[a-z]$/.test(shortcut.key)) return event.code === `Key${shortcut.key.toUpperCase()}`
  if (/^[0-9]$/.test(shortcut.key)) return event.code === `Digit${shortcut.key}`
  return false
}

/** Exact match: any modifier the shortcut does not name must be up (so ⌘⇧K is not ⌘K). */
export function matchesShortcut(shortcut: ParsedShortcut, event: KeyboardEventLike): boolean {
  if (!keyMatches(shortcut, event)) return false
  if (shortcut.mod) {
    if (event.ctrlKey === event.metaKey) return false
  } else if (event.ctrlKey !== shortcut.ctrl || event.metaKey !== shortcut.meta) {
    return false
  }
  if (event.altKey !== shortcut.alt) return false
  // Shift is implied by shifted characters like `?`; only check it for letters and named keys.
  if (shortcut.key.length > 1 || /[a-z0-9]/.test(shortcut.key)) {
    if (event.shiftKey !== shortcut.shift) return false
  }
  return true
}

/** Apple platforms show ⌘; others Ctrl. Call only after mount (never during render on the server). */
export function isApplePlatform(): boolean {
  if (typeof navigator === 'undefined') return false
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    ''
  return /mac|iphone|ipad|ipod/i.test(platform)
}
