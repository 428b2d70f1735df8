'use client'

import type { ContextItem } from '@docchat/core'
import { useShortcut, useShortcutLabel } from '@docchat/headless'
import { type AssistantChat, useDocChat } from '@docchat/react'
import {
  type Ref,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react'
import type { DocChatEventSource, DocChatView } from '../analytics'
import { resolveDeepLinks, takeDeepLink } from '../embed/deep-links'
import { resolveShortcuts } from '../keyboard-shortcuts'
import type { WidgetOptions } from '../widget-options'
import { useLastInputWasKeyboard } from './input-modality'
import { useOptionalParts } from './optional-parts'
import { panelMemoryKey, readPanelMemory, writePanelMemory } from './panel-memory'
import { createShareLinkFor } from './share-link'
import { sendQuestion } from './widget-chat'
import { useWidgetSettings } from './widget-settings'

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

export interface WidgetViewParams {
  options: WidgetOptions
  open: boolean | undefined
  defaultOpen: boolean | undefined
  view: DocChatView | undefined
  defaultView: DocChatView | undefined
  onOpenChange: ((open: boolean, view: DocChatView) => void) | undefined
  chat: AssistantChat
  /** Starts a new conversation, keeping the current one in Recent conversations. */
  startNew: () => void
  /** Act on the page's `?assistant=` / `#docchat-search=` link once mounted. */
  followDeepLinks: boolean
  /** Fetch search's chunk right after mounting. */
  preloadSearch: boolean
}

/**
 * The widget's state, none of its markup: which view is open (controlled or not) and the events,
 * callbacks and remembered panel state that go with each change; search's chunk (loading, Retry);
 * the hand-offs (ask, deep links, the page's context); the shortcuts and the focus policy.
 */
export function useWidgetView(ref: Ref<DocChatWidgetHandle>, params: WidgetViewParams) {
  const { options, open, defaultOpen, view, defaultView, onOpenChange, chat, startNew } = params
  const { emit } = useWidgetSettings()
  const [ownState, setOwnState] = useState<{ open: boolean; view: DocChatView }>({
    open: defaultOpen ?? false,
    view: defaultView ?? 'assistant',
  })
  const state = { open: open ?? ownState.open, view: view ?? ownState.view }
  const stateRef = useRef(state)
  stateRef.current = state
  // What search opens with (a `#docchat-search=` link); `n` remounts it for a new one.
  const [searchPrefill, setSearchPrefill] = useState({ query: '', n: 0 })
  const { domain } = useDocChat()
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

  const rootRef = useRef<HTMLDivElement>(null)
  const searchEnabled = options.search !== false
  const keys = resolveShortcuts(options.shortcuts, searchEnabled)

  const ask = useCallback(
    (question: string, source: DocChatEventSource, askOptions?: AskOptions) => {
      const text = question.trim()
      if (!text) return
      // A hand-off: the current conversation stays in History, none of it goes along.
      if (askOptions?.newConversation) startNew()
      setState(true, 'assistant', source)
      sendQuestion(chat.send, emit, { text, source, contextCount: chat.context.length })
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
    if (!params.followDeepLinks) return
    const link = takeDeepLink(deepLinks)
    if (link?.view === 'assistant') ask(link.question, 'api', { newConversation: true })
    else if (link?.view === 'search') openWith('search', 'api', link.query)
  }, [params.followDeepLinks, deepLinksKey])
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

  // Autofocus the input with a fine pointer or when opened from the keyboard. After a tap on a
  // phone it would pop the on-screen keyboard over the answer (and iOS scrolls to the input).
  const focusOnOpen = (event: Event, target: RefObject<HTMLElement | null>) => {
    if (restoring.current) {
      restoring.current = false
      event.preventDefault()
      return
    }
    const finePointer = typeof matchMedia !== 'function' || matchMedia('(pointer: fine)').matches
    if (!finePointer && !keyboardUser.current) return
    event.preventDefault()
    target.current?.focus()
  }

  const warmSearch = useCallback(() => {
    searchPart.load().catch(() => {})
  }, [searchPart])
  useEffect(() => {
    if (params.preloadSearch && searchEnabled) warmSearch()
  }, [params.preloadSearch, searchEnabled, warmSearch])

  // The page's selection or code block is a hand-off too: it starts a new conversation (unless
  // this one has no question yet, so several selections can go with one question).
  const attach = (item: ContextItem) => {
    if (chat.messages.length > 0) startNew()
    chat.addContext(item)
    setState(true, 'assistant', 'trigger')
  }

  return {
    rootRef,
    assistantOpen: state.open && state.view === 'assistant',
    searchOpen: state.open && state.view === 'search' && searchEnabled,
    searchEnabled,
    keys,
    /** The trigger's shortcut as this platform writes it (after mounting). */
    hint,
    setState,
    ask,
    attach,
    memoryKey,
    shareLinkFor,
    searchPrefill,
    /** Search's module once loaded. */
    search: searchPart.current(),
    searchFailed,
    retrySearch: () => void loadSearch(),
    warmSearch,
    focusOnOpen,
  }
}
