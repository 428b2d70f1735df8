'use client'

import type { ContextItem } from '@docchat/core'
import { Dialog, useShortcut, useShortcutLabel } from '@docchat/headless'
import {
  type UseAssistantChatOptions,
  useAssistantChat,
  useConversations,
  useDocChat,
} from '@docchat/react'
import {
  forwardRef,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { DocChatEventSource, DocChatView } from '../analytics'
import { ariaKeyShortcuts, resolveShortcuts } from '../keyboard-shortcuts'
import { formatLabel } from '../labels'
import { resolveDeepLinks, takeDeepLink } from '../embed/deep-links'
import type { WidgetOptions } from '../widget-options'
import { AssistantView } from './assistant-view'
import { Icon } from './icon'
import { useLastInputWasKeyboard } from './input-modality'
import { useOptionalPart, useOptionalParts } from './optional-parts'
import { panelMemoryKey, readPanelMemory, writePanelMemory } from './panel-memory'
import { createShareLinkFor, ShareLinkContext } from './share-link'
import { type ConnectionProps, MaybeProvider, useWidgetSettings, WidgetScope } from './widget-scope'

export interface DocChatWidgetHandle {
  /**
   * Opens the assistant (default) or search. `source` is reported to `onEvent`; `query` prefills
   * search.
   */
  open(view?: DocChatView, source?: DocChatEventSource, query?: string): void
  close(source?: DocChatEventSource): void
  /**
   * Opens the assistant and asks. `newConversation: true` asks in a new conversation (the current
   * one stays in Recent conversations): what deep links and the other hand-offs do.
   */
  ask(question: string, source?: DocChatEventSource, options?: AskOptions): void
  /** Starts a new conversation. */
  reset(): void
}

export interface AskOptions {
  /**
   * Start a new conversation for this question. For questions the reader did not type in the
   * panel (a `?assistant=` link, search's "Ask AI about …"): the earlier conversation's history,
   * thread and key never go with them, and the asker sees the answer the link's author saw.
   */
  newConversation?: boolean
}

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
}

/**
 * The complete widget: a floating trigger, the assistant as a panel, modal or sidebar, and search
 * (⌘K) with a one-click hand-off to the assistant. Controlled or uncontrolled; imperative handle
 * through `ref`.
 */
export const DocChatWidget = forwardRef<DocChatWidgetHandle, DocChatWidgetProps>(
  function DocChatWidget(
    {
      client,
      domain,
      projectId,
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
      embedded,
      ...options
    },
    ref,
  ) {
    return (
      <MaybeProvider
        client={client}
        domain={domain}
        projectId={projectId}
        docsBaseUrl={options.docsBaseUrl}
      >
        <WidgetScope {...options} embedded={embedded}>
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
            // In the drop-in the loader acts on deep links, before this code has even loaded.
            followDeepLinks={!embedded}
            // The drop-in fetches search when a reader reaches for it; a React app's bundle has
            // it split off too (optional-parts.ts), fetched here right after mounting.
            preloadSearch={!embedded}
          />
          {children}
        </WidgetScope>
      </MaybeProvider>
    )
  },
)

export const defaultThrottleMs = 50

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
  followDeepLinks: boolean
  preloadSearch: boolean
}

const WidgetSurfaces = forwardRef<DocChatWidgetHandle, WidgetSurfacesProps>(function WidgetSurfaces(
  {
    options,
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
    followDeepLinks,
    preloadSearch,
  },
  ref,
) {
  const { labels, emit } = useWidgetSettings()
  const chat = useAssistantChat({
    // One render per frame-ish, not per token: fast streams otherwise re-render dozens of times
    // a second for text nobody can read that fast.
    throttleMs: defaultThrottleMs,
    ...(options.filter ? { filter: options.filter } : {}),
    ...chatOptions,
  })
  const [ownState, setOwnState] = useState<{ open: boolean; view: DocChatView }>({
    open: defaultOpen ?? false,
    view: defaultView ?? 'assistant',
  })
  const state = { open: open ?? ownState.open, view: view ?? ownState.view }
  const stateRef = useRef(state)
  stateRef.current = state
  // What search opens with (a `#docchat-search=` link); `n` remounts it for a new one.
  const [searchPrefill, setSearchPrefill] = useState({ query: '', n: 0 })
  const { client, domain, getThreadStore } = useDocChat()
  const conversationsOption = options.conversations
  const bounds =
    typeof conversationsOption === 'object' && conversationsOption ? conversationsOption : {}
  // Kept here, not in the panel (which unmounts when closed): the conversation is saved whenever
  // an answer settles, and a hand-off keeps it in Recent conversations before starting anew.
  const conversations = useConversations(chat, {
    domain,
    getThreadStore,
    apiBaseUrl: client.baseUrl,
    enabled: conversationsOption !== false,
    maxCount: bounds.maxCount,
    maxBytes: bounds.maxBytes,
  })
  const startNew = conversations.startNew
  // Also when `open` is controlled (the drop-in): every change made in the widget passes here.
  const memoryKey = options.rememberOpenState !== false ? panelMemoryKey(domain) : undefined
  // Set while the panel reopens by itself on a new page: focus stays where the page put it.
  const restoring = useRef(false)
  const keyboardUser = useLastInputWasKeyboard()

  const applyState = useCallback(
    (nextOpen: boolean, nextView: DocChatView, source: DocChatEventSource) => {
      const current = stateRef.current
      if (current.open === nextOpen && (current.view === nextView || !nextOpen)) return
      if (current.open && (!nextOpen || current.view !== nextView)) {
        emit({ type: 'close', view: current.view, source })
      }
      // A reopening on a new page is not the reader opening anything: no event, no focus move.
      if (source === 'restore') restoring.current = true
      else if (nextOpen) emit({ type: 'open', view: nextView, source })
      if (current.view === 'search' && current.open) {
        setSearchPrefill((prefill) => (prefill.query ? { ...prefill, query: '' } : prefill))
      }
      const next = { open: nextOpen, view: nextOpen ? nextView : current.view }
      stateRef.current = next
      setOwnState(next)
      onOpenChange?.(next.open, next.view)
      if (memoryKey) writePanelMemory(memoryKey, { open: next.open && next.view === 'assistant' })
    },
    [emit, onOpenChange, memoryKey],
  )

  // Search is a chunk of its own (optional-parts.ts): the view switches once it is there, so the
  // assistant stays on screen meanwhile and the first ⌘K paints search whole (keys typed
  // meanwhile are kept by the drop-in's loader). Only the latest request counts.
  const searchPart = useOptionalParts().search
  const [searchFailed, setSearchFailed] = useState(false)
  const latestRequest = useRef(0)
  const loadSearch = useCallback(
    () =>
      searchPart.load().then(
        () => setSearchFailed(false),
        (error: unknown) => {
          console.error('DocChat: could not load search', error)
          emit({
            type: 'error',
            kind: 'network',
            retryable: true,
            message: `DocChat: could not load search: ${String(error)}`,
          })
          setSearchFailed(true)
        },
      ),
    [searchPart, emit],
  )
  const setState = useCallback(
    (nextOpen: boolean, nextView: DocChatView, source: DocChatEventSource) => {
      const request = ++latestRequest.current
      if (!nextOpen || nextView !== 'search' || searchPart.current()) {
        applyState(nextOpen, nextView, source)
        return
      }
      // Failed, it opens with a message and Retry.
      void loadSearch().then(() => {
        if (latestRequest.current === request) applyState(true, 'search', source)
      })
    },
    [applyState, searchPart, loadSearch],
  )

  // The assistant was open when the reader left the previous page of the site (often through a
  // source link): reopen it. Read after mounting, so server and client render the same markup.
  // A controlled host (the drop-in's loader) restores through `open('assistant', 'restore')`.
  const controlled = open !== undefined
  useEffect(() => {
    if (!memoryKey || controlled || defaultOpen !== undefined) return
    if (readPanelMemory(memoryKey)?.open) setState(true, 'assistant', 'restore')
  }, [memoryKey, controlled, defaultOpen, setState])

  // Which dismissal the dialog's next onOpenChange(false) comes from, for analytics.
  const dismissedBy = useRef<DocChatEventSource>('escape')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const searchInputRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const assistantTitleId = useId()
  const searchEnabled = options.search !== false
  const keys = resolveShortcuts(options.shortcuts, searchEnabled)

  const ask = useCallback(
    (question: string, source: DocChatEventSource, askOptions?: AskOptions) => {
      const text = question.trim()
      if (!text) return
      // A hand-off: the current conversation stays in History, none of it goes along.
      if (askOptions?.newConversation) startNew()
      setState(true, 'assistant', source)
      emit({
        type: 'ask',
        source,
        questionLength: text.length,
        contextCount: chat.context.length,
        question: text,
      })
      void chat.send(text)
    },
    [chat.send, chat.context.length, emit, setState, startNew],
  )

  const openWith = useCallback(
    (target: DocChatView, source: DocChatEventSource, query?: string) => {
      if (target === 'search' && query) {
        setSearchPrefill((prefill) => ({ query, n: prefill.n + 1 }))
      }
      setState(true, target, source)
    },
    [setState],
  )

  // Once, after mounting (the server renders no deep link): taking the link out of the URL also
  // keeps StrictMode's second run and a reload from asking again.
  const deepLinks = resolveDeepLinks(options.deepLinks)
  const deepLinksKey = JSON.stringify(deepLinks ?? null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: acts on the page's link once per config
  useEffect(() => {
    if (!followDeepLinks) return
    const link = takeDeepLink(deepLinks)
    if (link?.view === 'assistant') ask(link.question, 'api', { newConversation: true })
    else if (link?.view === 'search') openWith('search', 'api', link.query)
  }, [followDeepLinks, deepLinksKey])
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the serialised config
  const shareLinkFor = useMemo(
    () => createShareLinkFor(deepLinks, chat.messages),
    [deepLinksKey, chat.messages],
  )

  useImperativeHandle(
    ref,
    () => ({
      open: (target = 'assistant', source = 'api', query) => openWith(target, source, query),
      close: (source = 'api') => setState(false, stateRef.current.view, source),
      ask: (question, source = 'api', askOptions) => ask(question, source, askOptions),
      reset: () => chat.newThread(),
    }),
    [setState, openWith, ask, chat.newThread],
  )

  const ownInput = (origin: Element) => Boolean(rootRef.current?.contains(origin))
  const toggle = (target: DocChatView) => {
    const current = stateRef.current
    if (current.open && current.view === target) setState(false, target, 'shortcut')
    else setState(true, target, 'shortcut')
  }
  useShortcut(keys.assistant ? `mod+${keys.assistant}` : false, () => toggle('assistant'), {
    allowInEditable: ownInput,
  })
  useShortcut(keys.search ? `mod+${keys.search}` : false, () => toggle('search'), {
    allowInEditable: ownInput,
  })
  const hint = useShortcutLabel(keys.assistant ? `mod+${keys.assistant}` : false)

  const variant = options.variant ?? 'panel'
  const side = options.side === 'start' ? 'start' : 'end'
  const modal = variant === 'modal'
  const assistantOpen = state.open && state.view === 'assistant'
  const searchOpen = state.open && state.view === 'search' && searchEnabled
  // Autofocus the input with a fine pointer or when opened from the keyboard. After a tap on a
  // phone it would pop the on-screen keyboard over the answer (and iOS scrolls to the input).
  const focusInput = (event: Event, target: HTMLElement | null) => {
    if (restoring.current) {
      restoring.current = false
      event.preventDefault()
      return
    }
    const finePointer = typeof matchMedia !== 'function' || matchMedia('(pointer: fine)').matches
    if (!finePointer && !keyboardUser.current) return
    event.preventDefault()
    target?.focus()
  }

  const warmSearch = useCallback(() => {
    searchPart.load().catch(() => {})
  }, [searchPart])
  useEffect(() => {
    if (preloadSearch && searchEnabled) warmSearch()
  }, [preloadSearch, searchEnabled, warmSearch])
  const search = searchPart.current()
  // Arrived after a Retry, with the dialog open: its input takes focus from the gone button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the module arrives
  useEffect(() => {
    if (stateRef.current.open && stateRef.current.view === 'search') searchInputRef.current?.focus()
  }, [search])

  // A chunk of its own, loaded only for a widget given a context container.
  const capture = useOptionalPart(useOptionalParts().contextCapture, Boolean(contextContainer))
  // The page's selection or code block is a hand-off too: it starts a new conversation (unless
  // this one has no question yet, so several selections can go with one question).
  const attach = (item: ContextItem) => {
    if (chat.messages.length > 0) startNew()
    chat.addContext(item)
    setState(true, 'assistant', 'trigger')
  }

  return (
    <div ref={rootRef} className="docchat-surfaces">
      {capture && contextContainer ? (
        <>
          <capture.SelectionAskAI
            containerRef={contextContainer}
            onAdd={attach}
            className="docchat-button docchat-selection-ask-ai"
            label={labels.askAboutSelection}
          />
          {captureCodeBlocks ? (
            <capture.CodeBlockAskAI
              containerRef={contextContainer}
              onAdd={attach}
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
          type="button"
          className="docchat-trigger"
          data-side={side}
          aria-haspopup="dialog"
          aria-expanded={assistantOpen}
          aria-keyshortcuts={ariaKeyShortcuts(keys.assistant)}
          onClick={() => setState(!assistantOpen, 'assistant', 'trigger')}
        >
          <Icon name="sparkles" />
          <span className="docchat-trigger-label">{labels.trigger}</span>
          {hint ? <kbd className="docchat-kbd">{hint}</kbd> : null}
        </button>
      ) : null}
      <Dialog.Root
        open={assistantOpen}
        onOpenChange={(next) => setState(next, 'assistant', dismissedBy.current)}
        modal={modal}
      >
        {modal ? <Dialog.Overlay className="docchat-backdrop" /> : null}
        <Dialog.Content
          className="docchat-panel"
          data-variant={variant}
          data-side={side}
          aria-labelledby={assistantTitleId}
          dismissOnInteractOutside={options.dismissOnInteractOutside ?? modal}
          onEscapeKeyDown={() => {
            dismissedBy.current = 'escape'
          }}
          onInteractOutside={() => {
            dismissedBy.current = 'outside'
          }}
          onOpenAutoFocus={(event) => focusInput(event, inputRef.current)}
        >
          <ShareLinkContext.Provider value={shareLinkFor}>
            <AssistantView
              chat={chat}
              inputRef={inputRef}
              titleId={assistantTitleId}
              memoryKey={memoryKey}
              conversations={options.conversations}
              recentConversations={conversations}
              onClose={() => setState(false, 'assistant', 'close-button')}
              headerActions={
                searchEnabled ? (
                  <button
                    type="button"
                    className="docchat-icon-button"
                    aria-label={labels.openSearch}
                    title={labels.openSearch}
                    aria-keyshortcuts={ariaKeyShortcuts(keys.search)}
                    onPointerEnter={warmSearch}
                    onFocus={warmSearch}
                    onClick={() => setState(true, 'search', 'trigger')}
                  >
                    <Icon name="search" />
                  </button>
                ) : null
              }
            />
          </ShareLinkContext.Provider>
        </Dialog.Content>
      </Dialog.Root>
      {searchEnabled ? (
        <Dialog.Root
          open={searchOpen}
          onOpenChange={(next) => setState(next, 'search', dismissedBy.current)}
          modal
        >
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
              if (!searchInputRef.current) return
              event.preventDefault()
              searchInputRef.current.focus()
            }}
          >
            {search ? (
              <search.SearchView
                key={searchPrefill.n}
                defaultQuery={searchPrefill.query}
                inputRef={searchInputRef}
                filter={options.filter}
                suggestedPages={options.suggestedPages}
                navigate={navigate}
                onClose={() => setState(false, 'search', 'close-button')}
                onAskAI={(query) => ask(query, 'search', { newConversation: true })}
              />
            ) : searchFailed ? (
              <SearchUnavailable
                onRetry={() => void loadSearch()}
                onClose={() => setState(false, 'search', 'close-button')}
              />
            ) : null}
          </Dialog.Content>
        </Dialog.Root>
      ) : null}
    </div>
  )
})

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
