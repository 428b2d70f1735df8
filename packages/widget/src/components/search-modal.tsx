'use client'

import { Dialog } from '@docchat/headless'
import { useEffect, useRef, useState } from 'react'
import type { WidgetOptions } from '../widget-options'
import { SearchView } from './search-view'
import { type ConnectionProps, MaybeProvider, useWidgetSettings, WidgetScope } from './widget-scope'

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
  client,
  domain,
  projectId,
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
  ...options
}: SearchModalProps) {
  const [ownOpen, setOwnOpen] = useState(defaultOpen ?? false)
  const isOpen = open ?? ownOpen
  const setOpen = (next: boolean) => {
    setOwnOpen(next)
    onOpenChange?.(next)
  }
  return (
    <MaybeProvider
      client={client}
      domain={domain}
      projectId={projectId}
      docsBaseUrl={options.docsBaseUrl}
    >
      <WidgetScope {...options}>
        <SearchDialog
          open={isOpen}
          setOpen={setOpen}
          onAskAI={onAskAI}
          navigate={navigate}
          defaultQuery={defaultQuery}
          pageSize={pageSize}
          recentSearches={recentSearches}
          suggestedPages={suggestedPages}
          suggestedQuestions={suggestedQuestions}
          filter={options.filter}
        />
      </WidgetScope>
    </MaybeProvider>
  )
}

function SearchDialog({
  open,
  setOpen,
  ...viewProps
}: {
  open: boolean
  setOpen: (open: boolean) => void
} & Omit<Parameters<typeof SearchView>[0], 'onClose' | 'inputRef'>) {
  const { labels, emit } = useWidgetSettings()
  const inputRef = useRef<HTMLInputElement>(null)
  const wasOpen = useRef(false)
  useEffect(() => {
    if (open === wasOpen.current) return
    wasOpen.current = open
    emit({ type: open ? 'open' : 'close', view: 'search', source: 'api' })
  }, [open, emit])
  return (
    <Dialog.Root open={open} onOpenChange={setOpen} modal>
      <Dialog.Overlay className="docchat-backdrop" />
      <Dialog.Content
        className="docchat-search"
        aria-label={labels.searchTitle}
        onOpenAutoFocus={(event) => {
          event.preventDefault()
          inputRef.current?.focus()
        }}
      >
        <SearchView {...viewProps} inputRef={inputRef} onClose={() => setOpen(false)} />
      </Dialog.Content>
    </Dialog.Root>
  )
}
