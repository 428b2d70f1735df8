'use client'

import { Dialog } from '@docchat/headless'
import { type ComponentType, useEffect, useRef } from 'react'
import type { DocChatEventSource } from '../analytics'
import type { SearchViewProps } from './search-view'
import { useWidgetSettings } from './widget-settings'

export interface SearchDialogProps extends Omit<SearchViewProps, 'onClose' | 'inputRef'> {
  open: boolean
  /** `source`: what closed it (`escape`, `outside`, `close-button`). */
  onOpenChange: (open: boolean, source: DocChatEventSource) => void
  /**
   * The search view. `DocChatWidget` passes it once its chunk has loaded (optional-parts.ts) and
   * `undefined` before; `SearchModal` imports it.
   */
  View: ComponentType<SearchViewProps> | undefined
  /** A new key remounts the view (a new prefilled query). */
  viewKey?: number
  /** The view's chunk could not be fetched: plain words and Retry instead. */
  failed?: boolean
  onRetry?: () => void
}

/** Search in a modal dialog (⌘K-style): `SearchModal`'s and `DocChatWidget`'s. */
export function SearchDialog({
  open,
  onOpenChange,
  View,
  viewKey,
  failed,
  onRetry,
  ...viewProps
}: SearchDialogProps) {
  const { labels } = useWidgetSettings()
  const inputRef = useRef<HTMLInputElement>(null)
  // Which dismissal the dialog's next onOpenChange(false) comes from, for analytics.
  const dismissedBy = useRef<DocChatEventSource>('escape')
  const openRef = useRef(open)
  openRef.current = open
  const close = () => onOpenChange(false, 'close-button')
  // Arrived after a Retry, with the dialog open: its input takes focus from the gone button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the view arrives
  useEffect(() => {
    if (openRef.current) inputRef.current?.focus()
  }, [View])
  return (
    <Dialog.Root open={open} onOpenChange={(next) => onOpenChange(next, dismissedBy.current)} modal>
      <Dialog.Overlay className="docchat-backdrop" />
      <Dialog.Content
        className="docchat-search"
        aria-label={labels.searchTitle}
        onEscapeKeyDown={() => {
          dismissedBy.current = 'escape'
        }}
        onInteractOutside={() => {
          dismissedBy.current = 'outside'
        }}
        onOpenAutoFocus={(event) => {
          // Without its input (search could not load) focus goes to Retry.
          if (!inputRef.current) return
          event.preventDefault()
          inputRef.current.focus()
        }}
      >
        {View ? (
          <View key={viewKey} {...viewProps} inputRef={inputRef} onClose={close} />
        ) : failed ? (
          <SearchUnavailable onRetry={() => onRetry?.()} onClose={close} />
        ) : null}
      </Dialog.Content>
    </Dialog.Root>
  )
}

/**
 * Search's chunk could not be fetched (offline): plain words, a way to try again and one to close
 * (on a phone the dialog fills the screen).
 */
function SearchUnavailable({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  const { labels } = useWidgetSettings()
  return (
    <div className="docchat-search-unavailable">
      <p role="alert">{labels.searchFailed}</p>
      <div className="docchat-search-unavailable-actions">
        <button type="button" className="docchat-button" onClick={onRetry}>
          {labels.retry}
        </button>
        <button type="button" className="docchat-button" onClick={onClose}>
          {labels.close}
        </button>
      </div>
    </div>
  )
}
