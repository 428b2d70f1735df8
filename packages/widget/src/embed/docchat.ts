import { createDocChat, type LoaderEnvironment } from './create-doc-chat'
import { defineDocChatElement } from './custom-element'
import type { DocChatGlobal } from './docchat-global'
import { type DocChatInitOptions, optionsFromDataset, warnIgnoredAttribute } from './embed-options'
import { runningScript, scriptUrl } from './loader-script'

// document.currentScript is only set while this file first runs, so read it now. It is the one
// script element that is really running: the panel chunk loads next to it. Never look the URL up
// in the page (`script[src*="docchat.js"]`): markup can add a script tag that never runs, naming
// any host, and whatever it named would then run as the panel. Read past what markup can shadow
// (a named `<img>`) or move (a later `<base href>`): loader-script.ts.
const script = runningScript()
const environment: LoaderEnvironment = {
  scriptUrl: (script && scriptUrl(script)) || undefined,
  scriptNonce: script?.nonce || undefined,
}

const api: DocChatGlobal = {
  init: (options) => createDocChat(options, environment),
  ready: Promise.resolve(undefined),
}

// Markup never names the code that runs (codeOnlyOptions, of which this is the one).
if (script?.dataset.panelUrl !== undefined) warnIgnoredAttribute('data-panel-url')

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
