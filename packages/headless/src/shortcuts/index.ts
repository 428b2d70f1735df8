'use client'

// Everything the parser module has is public: the parser, labels and the typing check.
export * from './shortcut'
export type { ShortcutLabelProps } from './shortcut-label'
export { ShortcutLabel } from './shortcut-label'
export type {
  ShortcutTarget,
  ShortcutsProps,
  UseShortcutOptions,
  UseShortcutsOptions,
} from './use-shortcuts'
export { Shortcuts, useShortcut, useShortcutLabel, useShortcuts } from './use-shortcuts'
