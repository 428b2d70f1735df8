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
  /**
   * Calls `listener` when the module arrives, whichever load brought it (a retry the composer
   * started renders the answers that waited); returns the unsubscribe.
   */
  subscribe(listener: () => void): () => void
}

export function optionalPart<M>(importer: () => Promise<M>): OptionalPart<M> {
  let loading: Promise<M> | undefined
  let loaded: M | undefined
  const listeners = new Set<() => void>()
  return {
    load() {
      loading ??= importer().then(
        (module) => {
          loaded = module
          for (const listener of [...listeners]) listener()
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
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
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

/** Failed attempts already reported: every message that waits for a part shares its attempt. */
const reported = new WeakSet<Promise<unknown>>()

/**
 * Starts loading `part` (a head start); a failed attempt is reported once in the console, however
 * many parts of the panel wanted it, and the next `load()` tries again. Resolves with whether the
 * module arrived.
 */
export function preloadPart(part: OptionalPart<unknown>): Promise<boolean> {
  const attempt = part.load()
  return attempt.then(
    () => true,
    (error: unknown) => {
      if (!reported.has(attempt)) {
        reported.add(attempt)
        console.error('DocChat: could not load part of the widget', error)
      }
      return false
    },
  )
}

/**
 * A part's module once it is loaded, `undefined` before: `wanted` starts the load, and the
 * component renders again when it arrives (by this load or a later one).
 */
export function useOptionalPart<M>(part: OptionalPart<M>, wanted: boolean): M | undefined {
  return useOptionalPartState(part, wanted).module
}

/**
 * `useOptionalPart`, and whether this load failed (`failed`): what waits for the part (the scroll
 * position put back once answers are rendered) goes on without it. A later load that brings it
 * still renders it.
 */
export function useOptionalPartState<M>(
  part: OptionalPart<M>,
  wanted: boolean,
): { module: M | undefined; failed: boolean } {
  const [, arrived] = useState(0)
  const [failed, setFailed] = useState(false)
  const loaded = part.current()
  useEffect(() => {
    if (!wanted || loaded) return
    let live = true
    const unsubscribe = part.subscribe(() => arrived((n) => n + 1))
    // Arrived between this render and the effect: its listeners have already run.
    if (part.current()) arrived((n) => n + 1)
    else preloadPart(part).then((ok) => live && !ok && setFailed(true))
    return () => {
      live = false
      unsubscribe()
    }
  }, [part, wanted, loaded])
  return { module: wanted ? loaded : undefined, failed: wanted && !loaded && failed }
}
