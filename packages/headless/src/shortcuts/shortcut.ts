import { isEditableTarget } from '../utils/dom'

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

type KeyboardEventLike = Pick<
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

/** The element the keystroke really came from, even inside a shadow root. */
export function getEventOrigin(event: Event): EventTarget | null {
  const path = typeof event.composedPath === 'function' ? event.composedPath() : []
  return path[0] ?? event.target
}

/** Whether the keystroke comes from a text field, select or contenteditable (incl. shadow DOM). */
export function isTypingEvent(event: Event): boolean {
  return isEditableTarget(getEventOrigin(event))
}

const KEY_NAMES: Record<string, string> = {
  escape: 'Escape',
  esc: 'Escape',
  enter: 'Enter',
  space: 'Space',
  ' ': 'Space',
  arrowup: 'ArrowUp',
  arrowdown: 'ArrowDown',
  arrowleft: 'ArrowLeft',
  arrowright: 'ArrowRight',
  tab: 'Tab',
}

function ariaKey(key: string): string {
  return (
    KEY_NAMES[key] ?? (key.length === 1 ? key.toUpperCase() : key[0]!.toUpperCase() + key.slice(1))
  )
}

/**
 * The `aria-keyshortcuts` value: `'mod+k'` → `'Meta+K Control+K'`. Empty string when disabled.
 */
export function getAriaKeyShortcuts(shortcut: string | false | null | undefined): string {
  const parsed = parseShortcut(shortcut)
  if (!parsed) return ''
  const build = (primary: string | null) =>
    [primary, parsed.ctrl ? 'Control' : null, parsed.meta ? 'Meta' : null]
      .concat(parsed.alt ? 'Alt' : null, parsed.shift ? 'Shift' : null, ariaKey(parsed.key))
      .filter(Boolean)
      .join('+')
  return parsed.mod ? `${build('Meta')} ${build('Control')}` : build(null)
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

/** A short visible label: `'mod+k'` → `'⌘K'` on Apple platforms, `'Ctrl K'` elsewhere. */
export function formatShortcut(
  shortcut: string | false | null | undefined,
  apple: boolean,
): string {
  const parsed = parseShortcut(shortcut)
  if (!parsed) return ''
  const key = parsed.key.length === 1 ? parsed.key.toUpperCase() : ariaKey(parsed.key)
  if (apple) {
    return [
      parsed.ctrl ? '⌃' : '',
      parsed.alt ? '⌥' : '',
      parsed.shift ? '⇧' : '',
      parsed.mod || parsed.meta ? '⌘' : '',
      key,
    ].join('')
  }
  return [
    parsed.mod || parsed.ctrl ? 'Ctrl' : null,
    parsed.meta ? 'Win' : null,
    parsed.alt ? 'Alt' : null,
    parsed.shift ? 'Shift' : null,
    key,
  ]
    .filter(Boolean)
    .join(' ')
}
