import type { DocChatInitOptions, DocChatInstance } from './embed-options'

/** `window.DocChat`, installed by the drop-in script. */
export interface DocChatGlobal {
  init(options: DocChatInitOptions): Promise<DocChatInstance>
  /** The instance started from the script tag's `data-*` attributes, if any. */
  ready: Promise<DocChatInstance | undefined>
}

declare global {
  interface Window {
    DocChat?: DocChatGlobal
  }
}
