import type { DocsApiErrorKind } from '@docchat/core'

export type DocChatView = 'assistant' | 'search'

/** Where an action came from, so analytics can tell a shortcut from a click or an API call. */
export type DocChatEventSource =
  | 'trigger'
  | 'shortcut'
  | 'api'
  | 'input'
  | 'starter'
  | 'suggestion'
  | 'search'
  | 'regenerate'
  | 'continue'
  /** The panel reopened by itself on a new page of the site (never reported as an event). */
  | 'restore'
  | 'outside'
  | 'escape'
  | 'close-button'

/**
 * Analytics events. Question and query text appear only when `includeQuestionText: true`; lengths
 * are always there so funnels work without collecting what people typed.
 */
export type DocChatEvent =
  | { type: 'open'; view: DocChatView; source: DocChatEventSource }
  | { type: 'close'; view: DocChatView; source: DocChatEventSource }
  | { type: 'search'; queryLength: number; resultCount: number; query?: string }
  | {
      type: 'ask'
      source: DocChatEventSource
      questionLength: number
      contextCount: number
      question?: string
    }
  | {
      type: 'feedback'
      value: 'up' | 'down'
      messageId: string
      /** Sent in a second event after a thumbs-down, when the reader picks reasons. */
      reasons?: Array<'incorrect' | 'outdated' | 'didnt-answer' | 'irrelevant-sources'>
      /** The reader's own words: included only with `includeQuestionText: true`. */
      comment?: string
    }
  | { type: 'source-click'; url: string; position: number; messageId?: string }
  | {
      type: 'error'
      kind: DocsApiErrorKind | 'unknown'
      status?: number
      retryable: boolean
      /** For developers: what went wrong (never shown to readers). */
      message?: string
    }

export type DocChatEventHandler = (event: DocChatEvent & { timestamp: number }) => void

export interface AnalyticsOptions {
  onEvent?: DocChatEventHandler | null
  /** Include question and search text in `ask` and `search` events. Defaults to `false`. */
  includeQuestionText?: boolean | null
}

/**
 * Builds the emitter. Text fields are stripped here, in one place, so no caller can leak them by
 * accident; handler exceptions are swallowed because analytics must never break the widget.
 */
export function createEmitter(getOptions: () => AnalyticsOptions) {
  return (event: DocChatEvent): void => {
    const { onEvent, includeQuestionText } = getOptions()
    if (!onEvent) return
    const safe = { ...event, timestamp: Date.now() }
    if (!includeQuestionText) {
      if ('question' in safe) delete safe.question
      if ('query' in safe) delete safe.query
      if ('comment' in safe) delete safe.comment
    }
    try {
      onEvent(safe)
    } catch {
      // A broken analytics hook must not break the assistant.
    }
  }
}

export type Emit = ReturnType<typeof createEmitter>
