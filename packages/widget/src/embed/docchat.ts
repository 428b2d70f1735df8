import { createDocChat, type LoaderEnvironment } from './create-doc-chat'
import { defineDocChatElement } from './custom-element'
import type { DocChatGlobal } from './docchat-global'
import { type DocChatInitOptions, optionsFromDataset } from './embed-options'

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
// After window.DocChat exists: an authored <docchat-widget> already in the page upgrades here.
defineDocChatElement(environment)
