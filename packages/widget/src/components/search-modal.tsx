'use client'

import { useEffect, useRef, useState } from 'react'
import type { WidgetOptions } from '../widget-options'
import { SearchDialog } from './search-dialog'
import { SearchView } from './search-view'
import { type ConnectionProps, WidgetScope } from './widget-scope'
import { useWidgetSettings } from './widget-settings'

export interface SearchModalProps extends WidgetOptions, ConnectionProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /**
   * Hand the query to your assistant ("Ask AI about <query>"). Inside `<DocChatWidget>` this is
   * wired for you; without it the option is hidden.
   */
  onAskAI?: (query: string) => void
  /** Follow a result. Defaults to `window.location.assign`. */
  navigate?: (href: string) => void
  defaultQuery?: string
  pageSize?: number
  /** Keep recent searches in localStorage. Defaults to `true`. */
  recentSearches?: boolean
  /** Questions offered before the reader types (needs `onAskAI`). Defaults to `starterQuestions`. */
  suggestedQuestions?: readonly string[] | null
}

/** Docs search in a modal dialog (⌘K-style), usable on its own. */
export function SearchModal({
  open,
  defaultOpen,
  onOpenChange,
  onAskAI,
  navigate,
  defaultQuery,
  pageSize,
  recentSearches,
  suggestedPages,
  suggestedQuestions,
  ...scope
}: SearchModalProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false)
  const isOpen = open ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    onOpenChange?.(next)
  }
  return (
    <WidgetScope {...scope}>
      <SearchDialog
        open={isOpen}
        onOpenChange={setOpen}
        View={SearchView}
        onAskAI={onAskAI}
        navigate={navigate}
        defaultQuery={defaultQuery}
        pageSize={pageSize}
        recentSearches={recentSearches}
        suggestedPages={suggestedPages}
        suggestedQuestions={suggestedQuestions}
        filter={scope.filter}
      />
      <OpenEvents open={isOpen} />
    </WidgetScope>
  )
}

/** `open` and `close` events as the host opens and closes it. */
function OpenEvents({ open }: { open: boolean }) {
  const { emit } = useWidgetSettings()
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open === wasOpen.current) return
    wasOpen.current = open
    emit({ type: open ? 'open' : 'close', view: 'search', source: 'api' })
  }, [open, emit])
  return null
}
