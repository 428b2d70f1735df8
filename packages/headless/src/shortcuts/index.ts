'use client'

export type { ParsedShortcut } from './shortcut'
export {
  formatShortcut,
  getAriaKeyShortcuts,
  getEventOrigin,
  isApplePlatform,
  isTypingEvent,
  matchesShortcut,
  parseShortcut,
} from './shortcut'
export type { ShortcutLabelProps } from './shortcut-label'
export { ShortcutLabel } from './shortcut-label'
export type {
  ShortcutTarget,
  ShortcutsProps,
  UseShortcutOptions,
  UseShortcutsOptions,
} from './use-shortcuts'
export { Shortcuts, useShortcut, useShortcutLabel, useShortcuts } from './use-shortcuts'
