'use client'

import { createContext, useContext, useEffect, useState } from 'react'
import type * as AnswerMarkdownModule from './answer-markdown'
import type * as AttachmentsModule from './attachments-part'
import type * as ContextCaptureModule from './context-capture-part'
import type * as HistoryModule from './conversation-history-view'
import type * as SearchModule from './search-view'

/**
 * Code the panel loads only when a reader reaches for it: a dynamic `import()`, which bundlers
 * (and the drop-in's build) split into its own chunk, fetched once.
 */
export interface OptionalPart<M> {
  /** Starts loading (a head start on hover or focus) and resolves with the module. */
  load(): Promise<M>
  /** The module once loaded, so it renders in the same commit as the click that wanted it. */
  current(): M | undefined
}

export function optionalPart<M>(importer: () => Promise<M>): OptionalPart<M> {
  let loading: Promise<M> | undefined
  let loaded: M | undefined
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module
          return module
        },
        (error: unknown) => {
          // A failed fetch (offline) is tried again on the next attempt.
          loading = undefined
          throw error
        },
      )
      return loading
    },
    current: () => loaded,
  }
}

export interface OptionalParts {
  /** The recent conversations view and the Markdown export. */
  history: OptionalPart<typeof HistoryModule>
  /** The composer's file picker and the files shown in sent questions. */
  attachments: OptionalPart<typeof AttachmentsModule>
  /** "Ask AI" on the page's selections and code blocks (`contextContainer`). */
  contextCapture: OptionalPart<typeof ContextCaptureModule>
  /** Search (⌘K): readers who only ask never need it. */
  search: OptionalPart<typeof SearchModule>
  /**
   * The answers' Markdown renderer: wanted from the first keystroke of a question (or a restored
   * answer); until it arrives an answer shows as plain text.
   */
  markdown: OptionalPart<typeof AnswerMarkdownModule>
}

const defaultParts: OptionalParts = {
  history: optionalPart(() => import('./conversation-history-view')),
  attachments: optionalPart(() => import('./attachments-part')),
  contextCapture: optionalPart(() => import('./context-capture-part')),
  search: optionalPart(() => import('./search-view')),
  markdown: optionalPart(() => import('./answer-markdown')),
}

/** Whether these are the parts React apps get (the drop-in provides its own). */
export function isDefaultParts(parts: OptionalParts): boolean {
  return parts === defaultParts
}

/** The drop-in provides its own parts: each one adopts its stylesheet into the shadow root. */
export const OptionalPartsContext = createContext<OptionalParts>(defaultParts)

export const useOptionalParts = () => useContext(OptionalPartsContext)

/**
 * A part's module once it is loaded, `undefined` before: `wanted` starts the load, and the
 * component renders again when it arrives.
 */
export function useOptionalPart<M>(part: OptionalPart<M>, wanted: boolean): M | undefined {
  const [, arrived] = useState(0)
  const loaded = part.current()
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    part.load().then(
      () => live && arrived((n) => n + 1),
      (error: unknown) => console.error('DocChat: could not load part of the widget', error),
    )
    return () => {
      live = false
    }
  }, [part, wanted, loaded])
  return wanted ? loaded : undefined
}
