import type { DocChatEventSource, DocChatView } from '../analytics'
import type { DocChatInitOptions } from './embed-options'

/** What the loader hands the lazily loaded panel chunk. */
export interface PanelMountOptions {
  root: ShadowRoot
  container: HTMLElement
  options: DocChatInitOptions
  /** Focus returns here when the panel closes. */
  trigger: HTMLElement | null
  /**
   * What was typed while the panel was opening (kept by the loader), once: `undefined` when the
   * loader keeps nothing; it stops keeping keys as this is called.
   */
  takeTypeAhead: () => TypeAhead | undefined
  /** The panel tells the loader when it opens or closes itself (Esc, close button, outside click). */
  onOpenChange: (open: boolean, view: DocChatView) => void
}

/** Keys the loader kept between opening the panel and its input taking focus. */
export interface TypeAhead {
  text: string
  /**
   * Opened from the keyboard (a shortcut, Enter on the trigger): the input takes focus even on a
   * touch screen, where the panel knows nothing of keys pressed before its code loaded.
   */
  keyboard: boolean
}

export interface PanelHandle {
  /** `query` prefills search. */
  open(view: DocChatView, source: DocChatEventSource, query?: string): void
  close(source: DocChatEventSource): void
  ask(question: string, source: DocChatEventSource): void
  /**
   * Acts on the page's deep link (`?assistant=` asks, `#docchat-search=` opens search) and takes it
   * out of the address bar; the loader only looks whether there may be one (`mayHaveDeepLink`).
   */
  followDeepLink(): void
  /** Reopens the assistant where the reader left it on the previous page, if it remembers that. */
  restoreOpen(): void
  update(options: DocChatInitOptions): void
  reset(): void
  destroy(): void
}

export interface PanelModule {
  mountPanel(options: PanelMountOptions): PanelHandle
}
