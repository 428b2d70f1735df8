import { createDocsReaderClient, type DocsClient } from '@docchat/core'
import { createRoot } from 'react-dom/client'
import type { DocChatView } from '../analytics'
import { DocChatWidget, type DocChatWidgetHandle } from '../components/doc-chat-widget'
import { OptionalPartsContext } from '../components/optional-parts'
import { panelMemoryKey, readPanelMemory } from '../components/panel-memory'
import { resolveDeepLinks, takeDeepLink } from './deep-links'
import type { DocChatInitOptions } from './embed-options'
import type { PanelHandle, PanelMountOptions } from './panel-contract'
import { addHostCodeAskAiStyles } from './host-code-ask-ai-styles'
import { dropInParts } from './panel-parts'
import { panelStyles } from './panel-styles'
import { adoptStyles } from './adopted-styles'

/**
 * The lite client: core's HTTP half without zod, whose schemas alone would add ~18 KB gzip to this
 * chunk. Questions take its assistant connection like every other call (validation, timeout,
 * retries), and text is merged there, so a word-by-word stream costs the chat parser a few parts
 * per frame.
 */
function clientFor(options: DocChatInitOptions): DocsClient {
  // A proxy holds the key server-side and forwards /discovery/... to the API.
  const baseUrl = options.proxyUrl || options.apiBaseUrl || undefined
  const assistantKey = options.proxyUrl ? undefined : (options.assistantKey ?? undefined)
  return createDocsReaderClient({
    ...(baseUrl ? { baseUrl } : {}),
    ...(assistantKey ? { assistantKey } : {}),
    // Resolved per call, so a fetch installed after the drop-in loaded (a polyfill) is used.
    fetch: (input, init) => globalThis.fetch(input, init),
  })
}

function connectionKey(options: DocChatInitOptions): string {
  return JSON.stringify([
    options.proxyUrl,
    options.apiBaseUrl,
    options.assistantKey,
    options.domain,
  ])
}

/**
 * The drop-in's lazily loaded half: the React widget (built against preact/compat) rendered into
 * the loader's shadow root, driven by the loader through `PanelHandle`.
 */
export function mountPanel(mount: PanelMountOptions): PanelHandle {
  const removeStyles = adoptStyles(mount.root, panelStyles, mount.options.nonce ?? undefined)
  const optional = dropInParts(mount.root, mount.options.nonce ?? undefined)
  const root = createRoot(mount.container)
  let options = mount.options
  let client = clientFor(options)
  let clientKey = connectionKey(options)
  let state: { open: boolean; view: DocChatView } = { open: false, view: 'assistant' }
  let widget: DocChatWidgetHandle | null = null
  let pending: Array<(handle: DocChatWidgetHandle) => void> = []
  let destroyed = false
  const contextRef: { current: HTMLElement | null } = { current: null }

  // The handle exists after the first commit (synchronous in Preact, not in React): queue until then.
  const withWidget = (command: (handle: DocChatWidgetHandle) => void) => {
    if (destroyed) return
    if (widget) command(widget)
    else pending.push(command)
  }
  const setWidget = (handle: DocChatWidgetHandle | null) => {
    widget = handle
    if (!handle) return
    const queued = pending
    pending = []
    for (const command of queued) command(handle)
  }

  // What the reader typed while this chunk loaded (the loader kept it) goes into the open view's
  // input as soon as focus enters the panel, caret at the end.
  const takeTypeAhead = (event: Event) => {
    const target = event.target as Element
    if (!mount.container.contains(target)) return
    const typeAhead = mount.takeTypeAhead()
    if (!typeAhead) return
    const field = target
      .closest('[role="dialog"]')
      ?.querySelector<HTMLTextAreaElement | HTMLInputElement>(
        '.docchat-input, .docchat-search-input',
      )
    if (!field || (!typeAhead.text && !typeAhead.keyboard)) return
    // The panel may have put focus on a button (no fine pointer): the reader is typing, or opened
    // it from the keyboard and is about to, so the input takes it.
    if (field !== target) field.focus()
    if (!typeAhead.text) return
    field.value += typeAhead.text
    // The components' own change handlers read it, as if it had been typed there.
    field.dispatchEvent(new Event('input', { bubbles: true }))
    field.setSelectionRange(field.value.length, field.value.length)
  }
  mount.root.addEventListener('focusin', takeTypeAhead)
  // The loader's button: focus goes back to it when the assistant closes.
  const triggerRef = { current: mount.trigger }

  const render = () => {
    if (destroyed) return
    const {
      domain,
      apiBaseUrl: _apiBaseUrl,
      assistantKey: _assistantKey,
      proxyUrl: _proxyUrl,
      nonce: _nonce,
      container: _container,
      trigger: _trigger,
      defaultOpen: _defaultOpen,
      panelUrl: _panelUrl,
      capturePathname,
      contextSelector,
      captureCodeBlocks,
      ...widgetOptions
    } = options
    if (contextSelector && captureCodeBlocks === true) {
      addHostCodeAskAiStyles(document, mount.options.nonce ?? undefined)
    }
    contextRef.current = contextSelector
      ? document.querySelector<HTMLElement>(contextSelector)
      : null
    root.render(
      <OptionalPartsContext.Provider value={optional.parts}>
        <DocChatWidget
          ref={setWidget}
          {...widgetOptions}
          client={client}
          domain={domain}
          embedded
          showTrigger={false}
          triggerRef={triggerRef}
          // The loader owns the shortcuts, so they work before this chunk loads.
          shortcuts={false}
          open={state.open}
          view={state.view}
          chatOptions={capturePathname === false ? { currentPath: () => '' } : undefined}
          contextContainer={contextSelector ? contextRef : undefined}
          captureCodeBlocks={captureCodeBlocks === true}
          onOpenChange={(open, view) => {
            state = { open, view }
            mount.onOpenChange(open, view)
            render()
          }}
        />
      </OptionalPartsContext.Provider>,
    )
  }
  // With attachments on, the composer's picker (a chunk) is there for the first render, so the
  // form is drawn once; commands wait in `pending` meanwhile.
  if (options.attachments) optional.parts.attachments.load().then(render, render)
  else render()

  return {
    open(view, source, query) {
      withWidget((handle) => handle.open(view, source, query))
    },
    close(source) {
      withWidget((handle) => handle.close(source))
    },
    ask(question, source) {
      withWidget((handle) => handle.ask(question, source))
    },
    followDeepLink() {
      const link = takeDeepLink(resolveDeepLinks(options.deepLinks))
      if (link?.view === 'assistant') {
        // Someone else's question: asked in a new conversation, the reader's stays in History.
        withWidget((handle) => {
          handle.open('assistant', 'api')
          handle.ask(link.question, 'api', { newConversation: true })
        })
      } else if (link?.view === 'search' && options.search !== false) {
        withWidget((handle) => handle.open('search', 'api', link.query))
      }
    },
    restoreOpen() {
      if (readPanelMemory(panelMemoryKey(options.domain))?.open) {
        withWidget((handle) => handle.open('assistant', 'restore'))
      }
    },
    update(next) {
      options = next
      const key = connectionKey(next)
      if (key !== clientKey) {
        clientKey = key
        client = clientFor(next)
      }
      render()
    },
    reset() {
      withWidget((handle) => handle.reset())
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      pending = []
      root.unmount()
      mount.root.removeEventListener('focusin', takeTypeAhead)
      removeStyles()
      optional.removeStyles()
      mount.container.remove()
    },
  }
}
