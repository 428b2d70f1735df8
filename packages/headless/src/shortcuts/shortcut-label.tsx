'use client'

import { type ComponentPropsWithoutRef, forwardRef } from 'react'
import { useShortcutLabel } from './use-shortcuts'

export interface ShortcutLabelProps extends Omit<ComponentPropsWithoutRef<'kbd'>, 'children'> {
  shortcut: string | false
}

/**
 * `<kbd>` with `⌘K` / `Ctrl K`, filled in after mount. Hidden from assistive tech: put the
 * shortcut on the trigger with `aria-keyshortcuts` (see `getAriaKeyShortcuts`) instead.
 */
export const ShortcutLabel = forwardRef<HTMLElement, ShortcutLabelProps>(function ShortcutLabel(
  { shortcut, ...props },
  ref,
) {
  const label = useShortcutLabel(shortcut)
  if (!shortcut) return null
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: <kbd> is not focusable; triggers carry aria-keyshortcuts
    <kbd ref={ref} aria-hidden="true" data-state={label ? 'ready' : 'pending'} {...props}>
      {label}
    </kbd>
  )
})
