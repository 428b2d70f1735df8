'use client'

import { Dialog } from '@docchat/headless'
import type { AssistantChat, Conversations } from '@docchat/react'
import { type RefObject, useId, useRef } from 'react'
import type { DocChatEventSource } from '../analytics'
import { ariaKeyShortcuts } from '../keyboard-shortcuts'
import type { WidgetOptions } from '../widget-options'
import { AssistantView } from './assistant-view'
import { IconButton } from './icon'
import { type ShareLinkFor, ShareLinkContext } from './share-link'
import { useDockedPanel } from './use-docked-panel'
import { useWidgetSettings } from './widget-settings'

export interface AssistantDialogProps {
  open: boolean
  /** `source`: what closed it (`escape`, `outside`, `close-button`). */
  onOpenChange: (open: boolean, source: DocChatEventSource) => void
  options: WidgetOptions
  chat: AssistantChat
  recentConversations: Conversations
  memoryKey: string | undefined
  shareLinkFor: ShareLinkFor | undefined
  /** The trigger: where focus returns on close when what had it before is gone. */
  returnFocus: RefObject<HTMLElement | null>
  /** Moves focus into the dialog as it opens (`useWidgetView`'s focus policy). */
  focusOnOpen: (event: Event, input: RefObject<HTMLElement | null>) => void
  /** Shows the header's search button. */
  search?: {
    /** The search shortcut's key, for `aria-keyshortcuts`. */
    shortcut: string | false
    open: () => void
    /** A head start on search's chunk, on pointer or focus. */
    warm: () => void
  }
}

/** The assistant as `DocChatWidget` shows it: a panel, modal or sidebar dialog. */
export function AssistantDialog({
  open,
  onOpenChange,
  options,
  chat,
  recentConversations,
  memoryKey,
  shareLinkFor,
  returnFocus,
  focusOnOpen,
  search,
}: AssistantDialogProps) {
  const { labels } = useWidgetSettings()
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const titleId = useId()
  // Which dismissal the dialog's next onOpenChange(false) comes from, for analytics.
  const dismissedBy = useRef<DocChatEventSource>('escape')
  const side = options.side === 'start' ? 'start' : 'end'
  const floating = (options.variant ?? 'panel') === 'panel'
  const dock = useDockedPanel({ open, enabled: floating, side, memoryKey })
  const variant = dock.docked ? 'sidebar' : (options.variant ?? 'panel')
  const modal = variant === 'modal'
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => onOpenChange(next, dismissedBy.current)}
      modal={modal}
    >
      {modal ? <Dialog.Overlay className="docchat-backdrop" /> : null}
      <Dialog.Content
        ref={dock.panelRef}
        className="docchat-panel"
        data-variant={variant}
        data-side={side}
        aria-labelledby={titleId}
        dismissOnInteractOutside={options.dismissOnInteractOutside ?? modal}
        onEscapeKeyDown={() => {
          dismissedBy.current = 'escape'
        }}
        onInteractOutside={() => {
          dismissedBy.current = 'outside'
        }}
        onOpenAutoFocus={(event) => focusOnOpen(event, inputRef)}
        returnFocus={returnFocus}
      >
        <ShareLinkContext.Provider value={shareLinkFor}>
          <AssistantView
            chat={chat}
            inputRef={inputRef}
            titleId={titleId}
            memoryKey={memoryKey}
            conversations={options.conversations}
            recentConversations={recentConversations}
            onClose={() => onOpenChange(false, 'close-button')}
            onSearchDocs={search?.open}
            headerActions={
              <>
                {search ? (
                  <IconButton
                    icon="search"
                    label={labels.openSearch}
                    aria-keyshortcuts={ariaKeyShortcuts(search.shortcut)}
                    onPointerEnter={search.warm}
                    onFocus={search.warm}
                    onClick={search.open}
                  />
                ) : null}
                {floating ? (
                  <IconButton
                    className="docchat-dock-button"
                    icon="dock"
                    label={labels.dock}
                    aria-pressed={dock.docked}
                    flip={side === 'end'}
                    onClick={dock.toggle}
                  />
                ) : null}
              </>
            }
          />
        </ShareLinkContext.Provider>
      </Dialog.Content>
    </Dialog.Root>
  )
}
