import { isApplePlatform, matchesShortcut } from '@docchat/core'
import type { ShortcutOptions } from './widget-options'

export type ShortcutAction = 'search' | 'assistant'

/** Apple platforms show ⌘: core's `isApplePlatform`, under the loader's name. */
export const isMacPlatform: () => boolean = isApplePlatform

function isEditable(node: EventTarget): boolean {
  if (!(node instanceof HTMLElement)) return false
  if (node.isContentEditable) return true
  const tag = node.tagName
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true
  if (tag !== 'INPUT') return false
  const type = (node as HTMLInputElement).type
  return !/^(button|checkbox|radio|range|color|file|image|reset|submit)$/.test(type)
}

/**
 * Whether a keystroke happened while the user was typing somewhere on the host page. Uses
 * composedPath() so inputs inside other shadow roots count too; `own` is the widget's shadow root,
 * whose inputs don't count (⌘K from the assistant's input switches to search).
 */
export function isTypingOutside(event: KeyboardEvent, own?: Node | null): boolean {
  const path = event.composedPath()
  if (own && path.includes(own)) return false
  return path.some(isEditable)
}

export function resolveShortcuts(
  shortcuts: ShortcutOptions | false | null | undefined,
  searchEnabled: boolean,
): Record<ShortcutAction, string | false> {
  if (shortcuts === false) return { search: false, assistant: false }
  return {
    search: searchEnabled ? (shortcuts?.search ?? 'k') : false,
    assistant: shortcuts?.assistant ?? 'i',
  }
}

/**
 * ⌘/Ctrl + key with no Alt or Shift, so browser shortcuts like ⌘⇧I stay the browser's. Matched by
 * core's matcher, as in headless: `event.code` stands in on non-Latin layouts (⌘K typed as ⌘Л).
 */
export function matchShortcut(
  event: KeyboardEvent,
  keys: Record<ShortcutAction, string | false>,
): ShortcutAction | undefined {
  if (event.isComposing) return undefined
  // Built as parseShortcut(`mod+${key}`) would build it: the option is one key (its parser stays
  // out of the drop-in's first file, the only caller).
  const matches = (key: string | false) =>
    !!key &&
    matchesShortcut(
      {
        key: key.trim().toLowerCase(),
        mod: true,
        ctrl: false,
        meta: false,
        alt: false,
        shift: false,
      },
      event,
    )
  if (matches(keys.search)) return 'search'
  if (matches(keys.assistant)) return 'assistant'
  return undefined
}

/** Value for aria-keyshortcuts, e.g. "Meta+I Control+I". */
export function ariaKeyShortcuts(key: string | false): string | undefined {
  if (!key) return undefined
  const upper = key.toUpperCase()
  return `Meta+${upper} Control+${upper}`
}

export function shortcutHint(key: string | false, mac: boolean): string {
  if (!key) return ''
  return `${mac ? '⌘' : 'Ctrl '}${key.toUpperCase()}`
}
