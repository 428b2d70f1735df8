import { parseShortcut } from '@docchat/core'
import { isEditableTarget } from '../utils/dom'

// The matcher lives in core, shared with the widget's drop-in loader; re-exported under the
// names headless has always had.
export { isApplePlatform, type ParsedShortcut, matchesShortcut, parseShortcut } from '@docchat/core'

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
