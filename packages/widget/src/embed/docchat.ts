import { createDocChat, type LoaderEnvironment } from './create-doc-chat'
import { type DocChatInitOptions, type DocChatInstance, optionsFromDataset } from './embed-options'

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

// document.currentScript is only set while this file first runs, so read it now.
const script = document.currentScript as HTMLScriptElement | null
const environment: LoaderEnvironment = {
  scriptUrl:
    script?.src ||
    document.querySelector<HTMLScriptElement>('script[src*="docchat.js"]')?.src ||
    undefined,
  scriptNonce: script?.nonce || undefined,
}

const api: DocChatGlobal = {
  init: (options) => createDocChat(options, environment),
  ready: Promise.resolve(undefined),
}

if (script?.dataset.domain) {
  api.ready = api
    .init(optionsFromDataset(script.dataset) as DocChatInitOptions)
    .catch((error: unknown) => {
      console.error(error)
      return undefined
    })
}

window.DocChat = api
