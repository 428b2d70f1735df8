'use client'

import type { UseAssistantChatOptions } from '@docchat/react'
import { forwardRef, type ReactNode, type RefObject, useRef } from 'react'
import type { DocChatView } from '../analytics'
import { ariaKeyShortcuts } from '../keyboard-shortcuts'
import { formatLabel } from '../labels'
import type { WidgetOptions } from '../widget-options'
import { AssistantDialog } from './assistant-dialog'
import { Icon } from './icon'
import { useOptionalPart, useOptionalParts } from './optional-parts'
import { SearchDialog } from './search-dialog'
import { type DocChatWidgetHandle, useWidgetView } from './use-widget-view'
import { useRecentConversations, useWidgetChat } from './widget-chat'
import { type ConnectionProps, WidgetScope } from './widget-scope'
import { useWidgetSettings } from './widget-settings'

export type { AskOptions, DocChatWidgetHandle } from './use-widget-view'

export interface DocChatWidgetProps extends WidgetOptions, ConnectionProps {
  open?: boolean
  defaultOpen?: boolean
  view?: DocChatView
  defaultView?: DocChatView
  onOpenChange?: (open: boolean, view: DocChatView) => void
  /** Draw the floating "Ask AI" button. Defaults to `true`. */
  showTrigger?: boolean
  /** Options for the underlying `useAssistantChat`. */
  chatOptions?: UseAssistantChatOptions
  /** Follow a search result. Defaults to `window.location.assign`. */
  navigate?: (href: string) => void
  /**
   * The docs content: selecting text in it shows "Ask AI", which attaches the selection as
   * context; with `captureCodeBlocks`, every code block in it gets an "Ask AI" button too.
   */
  contextContainer?: RefObject<HTMLElement | null>
  /** Add "Ask AI" buttons to the code blocks of `contextContainer`. Defaults to `true`. */
  captureCodeBlocks?: boolean
  /** Rendered inside the widget's root. */
  children?: ReactNode
  /** @internal The drop-in: tokens come from the Shadow DOM host. */
  embedded?: boolean
  /**
   * @internal The drop-in's own trigger (`showTrigger={false}`): focus returns to it when the
   * assistant closes.
   */
  triggerRef?: RefObject<HTMLElement | null>
}

/**
 * The complete widget: a floating trigger, the assistant as a panel, modal or sidebar, and search
 * (⌘K) with a one-click hand-off to the assistant. Controlled or uncontrolled; imperative handle
 * through `ref`.
 */
export const DocChatWidget = forwardRef<DocChatWidgetHandle, DocChatWidgetProps>(
  function DocChatWidget(
    {
      open,
      defaultOpen,
      view,
      defaultView,
      onOpenChange,
      showTrigger,
      chatOptions,
      navigate,
      contextContainer,
      captureCodeBlocks,
      children,
      triggerRef,
      ...scope
    },
    ref,
  ) {
    // The surfaces take the widget options: the scope's props without the connection.
    const { client, domain, projectId, proxyUrl, apiBaseUrl, assistantKey, embedded, ...options } =
      scope
    return (
      <WidgetScope {...scope}>
        <WidgetSurfaces
          ref={ref}
          options={options}
          open={open}
          defaultOpen={defaultOpen}
          view={view}
          defaultView={defaultView}
          onOpenChange={onOpenChange}
          showTrigger={showTrigger ?? true}
          chatOptions={chatOptions}
          navigate={navigate}
          contextContainer={contextContainer}
          captureCodeBlocks={captureCodeBlocks ?? true}
          triggerRef={triggerRef}
          // In the drop-in the loader acts on deep links, before this code has even loaded.
          followDeepLinks={!embedded}
          // The drop-in fetches search when a reader reaches for it; a React app's bundle has
          // it split off too (optional-parts.ts), fetched here right after mounting.
          preloadSearch={!embedded}
        />
        {children}
      </WidgetScope>
    )
  },
)

interface WidgetSurfacesProps {
  options: WidgetOptions
  open: boolean | undefined
  defaultOpen: boolean | undefined
  view: DocChatView | undefined
  defaultView: DocChatView | undefined
  onOpenChange: DocChatWidgetProps['onOpenChange']
  showTrigger: boolean
  chatOptions: UseAssistantChatOptions | undefined
  navigate: DocChatWidgetProps['navigate']
  contextContainer: RefObject<HTMLElement | null> | undefined
  captureCodeBlocks: boolean
  triggerRef: RefObject<HTMLElement | null> | undefined
  followDeepLinks: boolean
  preloadSearch: boolean
}

/** The trigger, the page's "Ask AI" buttons and the two dialogs, around one chat. */
const WidgetSurfaces = forwardRef<DocChatWidgetHandle, WidgetSurfacesProps>(function WidgetSurfaces(
  { options, showTrigger, navigate, contextContainer, captureCodeBlocks, triggerRef, ...params },
  ref,
) {
  const { labels } = useWidgetSettings()
  const chat = useWidgetChat(options.filter, params.chatOptions)
  // Kept here, not in the panel (which unmounts when closed): the conversation is saved whenever
  // an answer settles, and a hand-off keeps it in Recent conversations before starting anew.
  const conversations = useRecentConversations(chat, options.conversations)
  const widget = useWidgetView(ref, {
    ...params,
    options,
    chat,
    startNew: conversations.startNew,
  })
  const { setState } = widget
  // The trigger hides while the assistant is open, so it may lose focus before the dialog takes
  // it: the dialog is told where to return it rather than relying on what had focus.
  const ownTrigger = useRef<HTMLButtonElement>(null)
  // A chunk of its own, loaded only for a widget given a context container.
  const capture = useOptionalPart(useOptionalParts().contextCapture, Boolean(contextContainer))

  return (
    <div ref={widget.rootRef} className="docchat-surfaces">
      {capture && contextContainer ? (
        <>
          <capture.SelectionAskAI
            containerRef={contextContainer}
            onAdd={widget.attach}
            className="docchat-button docchat-selection-ask-ai"
            label={labels.askAboutSelection}
          />
          {captureCodeBlocks ? (
            <capture.CodeBlockAskAI
              containerRef={contextContainer}
              onAdd={widget.attach}
              className="docchat-code-ask-ai"
              label={labels.askAboutCode}
              getAccessibleName={(block) =>
                formatLabel(labels.askAboutCodeLabel, { language: block.language ?? '' })
                  .replace(/\s+/g, ' ')
                  .trim()
              }
            />
          ) : null}
        </>
      ) : null}
      {showTrigger ? (
        <button
          ref={ownTrigger}
          type="button"
          className="docchat-trigger"
          data-side={options.side === 'start' ? 'start' : 'end'}
          aria-haspopup="dialog"
          aria-expanded={widget.assistantOpen}
          aria-keyshortcuts={ariaKeyShortcuts(widget.keys.assistant)}
          onClick={() => setState(!widget.assistantOpen, 'assistant', 'trigger')}
        >
          <Icon name="sparkles" />
          <span className="docchat-trigger-label">{labels.trigger}</span>
          {widget.hint ? <kbd className="docchat-kbd">{widget.hint}</kbd> : null}
        </button>
      ) : null}
      <AssistantDialog
        open={widget.assistantOpen}
        onOpenChange={(next, source) => setState(next, 'assistant', source)}
        options={options}
        chat={chat}
        recentConversations={conversations}
        memoryKey={widget.memoryKey}
        shareLinkFor={widget.shareLinkFor}
        returnFocus={triggerRef ?? ownTrigger}
        focusOnOpen={widget.focusOnOpen}
        search={
          widget.searchEnabled
            ? {
                shortcut: widget.keys.search,
                open: () => setState(true, 'search', 'trigger'),
                warm: widget.warmSearch,
              }
            : undefined
        }
      />
      {widget.searchEnabled ? (
        <SearchDialog
          open={widget.searchOpen}
          onOpenChange={(next, source) => setState(next, 'search', source)}
          View={widget.search?.SearchView}
          viewKey={widget.searchPrefill.n}
          failed={widget.searchFailed}
          onRetry={widget.retrySearch}
          defaultQuery={widget.searchPrefill.query}
          filter={options.filter}
          suggestedPages={options.suggestedPages}
          navigate={navigate}
          onAskAI={(query) => widget.ask(query, 'search', { newConversation: true })}
        />
      ) : null}
    </div>
  )
})
