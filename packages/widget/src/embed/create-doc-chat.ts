import type { DocChatEventHandler, DocChatEventSource, DocChatView } from '../analytics'
import { sparkles } from '../icon-paths'
import {
  ariaKeyShortcuts,
  isMacPlatform,
  isTypingOutside,
  matchShortcut,
  resolveShortcuts,
  shortcutHint,
} from '../keyboard-shortcuts'
import { defaultTriggerLabel } from '../labels'
import { themeName, themeProperties } from '../theme'
import { panelMemoryKey } from '../components/panel-memory'
import { mayHaveDeepLink, resolveDeepLinks } from './deep-links'
import type { DocChatInitOptions, DocChatInstance } from './embed-options'
import { mergeOptions } from './embed-options'
import { prefersSavingData, whenIdleAfterLoad } from './idle-preload'
import { loaderCss } from './loader-styles'
import type { PanelHandle, PanelModule, TypeAhead } from './panel-contract'
import { adoptStyles } from './adopted-styles'

/** How the loader finds its panel chunk; tests inject `loadPanel`. */
export interface LoaderEnvironment {
  /** URL of the loader script, to resolve `docchat-panel.js` next to it. */
  scriptUrl?: string
  /** The loader script's nonce, reused for the `<style>` fallback and the chunk request. */
  scriptNonce?: string
  loadPanel?: (url: string) => Promise<PanelModule>
  /**
   * Fetch the panel once the page is idle after load (default), unless the visitor saves data
   * (`Save-Data`, `prefers-reduced-data`). `false` waits for hover, focus or first use.
   */
  idlePreload?: boolean
  /**
   * The element to render into: a `<docchat-widget>` the page's author wrote, which stays in place
   * on `destroy()`. Without it `init` creates one and appends it to `container`.
   */
  host?: HTMLElement
}

/**
 * The `<docchat-widget>` elements `init` created for itself, so the custom element doesn't start
 * a second widget in them when they connect.
 */
export const initHosts = new WeakSet<Element>()

/** DOM events are named `docchat-` + the onEvent type: `docchat-open`, `docchat-ask`, … */
const domEventPrefix = 'docchat-'

/**
 * An event as the DOM event of its type, from `target`: bubbling and composed, so it crosses the
 * shadow roots the host may sit in.
 */
export function dispatchDocChatEvent(
  target: EventTarget,
  event: { type: string; [field: string]: unknown },
): void {
  target.dispatchEvent(
    new CustomEvent(domEventPrefix + event.type, { detail: event, bubbles: true, composed: true }),
  )
}

const svgNamespace = 'http://www.w3.org/2000/svg'

function icon(paths: readonly string[]): SVGSVGElement {
  const svg = document.createElementNS(svgNamespace, 'svg')
  svg.setAttribute('viewBox', '0 0 24 24')
  svg.setAttribute('class', 'docchat-icon')
  svg.setAttribute('aria-hidden', 'true')
  for (const d of paths) {
    const path = document.createElementNS(svgNamespace, 'path')
    path.setAttribute('d', d)
    svg.append(path)
  }
  return svg
}

function resolveContainer(container: DocChatInitOptions['container']): HTMLElement | null {
  if (!container) return document.body
  if (typeof container === 'string') {
    const found = document.querySelector<HTMLElement>(container)
    if (!found) throw new Error(`DocChat.init: no element matches container "${container}"`)
    return found
  }
  return container
}

function whenBodyReady(): Promise<void> {
  if (document.body) return Promise.resolve()
  return new Promise((resolve) =>
    document.addEventListener('DOMContentLoaded', () => resolve(), { once: true }),
  )
}

/** A cheap look at the panel's memory (components/panel-memory.ts): the panel code checks it. */
function mayRememberOpen(domain: string): boolean {
  try {
    return !!sessionStorage.getItem(panelMemoryKey(domain))?.includes('"open":true')
  } catch {
    // Blocked storage (sandboxed iframes, some privacy settings) throws on access.
    return false
  }
}

/** Resolves with `value` in a later task: lets the browser breathe between two pieces of work. */
function nextTask<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(resolve, 0, value))
}

/** Longest `panelUrl` considered; anything longer is refused before it is parsed. */
const maxPanelUrlChars = 2048

function parseUrl(url: string, base: string | undefined): URL | undefined {
  try {
    return new URL(url, base)
  } catch {
    return undefined
  }
}

/**
 * Where the panel chunk is imported from: `docchat-panel.js` next to the loader script, or the
 * `panelUrl` given in code, resolved against the loader's URL, when it is http(s). Anything else
 * (`data:`, `blob:`, `javascript:`, unparseable or too long) would run code the page never
 * shipped: refused with an error in the console, and the default is used.
 */
export function resolvePanelUrl(option: unknown, scriptUrl: string | undefined): string {
  // Not document.baseURI: a `<base href>` in the page's markup would move it. A loader URL that
  // cannot be a base (blob:) falls back to the page's.
  const fallback = (parseUrl('docchat-panel.js', scriptUrl) ??
    parseUrl('docchat-panel.js', location.href))!.href
  if (option === undefined || option === null || option === '') return fallback
  const url =
    typeof option === 'string' && option.length <= maxPanelUrlChars
      ? parseUrl(option, fallback)
      : undefined
  if (url?.protocol === 'https:' || url?.protocol === 'http:') return url.href
  console.error(`DocChat: panelUrl must be http(s); refused ${String(option).slice(0, 80)}`)
  return fallback
}

function importModule<M>(url: string): Promise<M> {
  // A runtime URL: the bundler must leave this import alone.
  return import(/* @vite-ignore */ url) as Promise<M>
}

/**
 * The drop-in's first file: draws the trigger in a Shadow DOM and listens for shortcuts, with no
 * UI framework. The panel chunk (Preact + components) loads when the page goes idle after load,
 * with hover/focus of the trigger and first use as earlier starts.
 */
export async function createDocChat(
  input: DocChatInitOptions,
  environment: LoaderEnvironment = {},
): Promise<DocChatInstance> {
  if (!input || typeof input.domain !== 'string' || !input.domain) {
    throw new Error('DocChat.init: `domain` is required')
  }
  if (!input.assistantKey && !input.proxyUrl) {
    throw new Error('DocChat.init: pass `assistantKey` (a public mint_dsc_ key) or `proxyUrl`')
  }
  let options: DocChatInitOptions = { ...input }
  await whenBodyReady()
  const authored = environment.host
  // Throws when a selector matches nothing; otherwise an element (document.body by default).
  const parent = authored ? null : resolveContainer(options.container)

  const nonce = () => options.nonce ?? environment.scriptNonce
  // Every event also goes out as a DOM event from the host (composed: it crosses shadow roots the
  // host may sit in), after the same stripping of question text as onEvent.
  const onEvent: DocChatEventHandler = (event) => {
    dispatchDocChatEvent(host, event)
    options.onEvent?.(event)
  }
  const withEvents = (): DocChatInitOptions => ({ ...options, onEvent })
  const cleanups: Array<() => void> = []
  const listen = <K extends keyof WindowEventMap>(
    target: Window | HTMLElement,
    type: K,
    handler: (event: WindowEventMap[K]) => void,
    capture = false,
  ) => {
    target.addEventListener(type, handler as EventListener, capture)
    cleanups.push(() => target.removeEventListener(type, handler as EventListener, capture))
  }

  // Open mode: closed roots add no real protection (page scripts can patch attachShadow) but
  // block assistive-technology tooling, test locators and user styles debugging.
  const host = authored ?? document.createElement('docchat-widget')
  if (!authored) initHosts.add(host)
  // An authored element keeps its shadow root when it is removed and added again.
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  cleanups.push(adoptStyles(shadow, loaderCss, nonce()))
  const root = document.createElement('div')
  root.className = 'docchat-root'
  root.dataset.embed = ''
  shadow.append(root)

  const mac = isMacPlatform()
  const trigger = document.createElement('button')
  trigger.type = 'button'
  trigger.className = 'docchat-trigger'
  trigger.setAttribute('aria-haspopup', 'dialog')
  trigger.setAttribute('aria-expanded', 'false')
  const triggerLabel = document.createElement('span')
  triggerLabel.className = 'docchat-trigger-label'
  const triggerHint = document.createElement('kbd')
  triggerHint.className = 'docchat-kbd'
  trigger.append(icon(sparkles), triggerLabel, triggerHint)
  root.append(trigger)

  let appliedProperties: string[] = []
  const apply = () => {
    const keys = resolveShortcuts(options.shortcuts, options.search !== false)
    const theme = themeName(options.theme)
    host.dataset.theme = theme
    root.dataset.theme = theme
    root.setAttribute(
      'dir',
      options.dir ?? (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'),
    )
    for (const name of appliedProperties) host.style.removeProperty(name)
    const properties = themeProperties(options)
    appliedProperties = Object.keys(properties)
    for (const [name, value] of Object.entries(properties)) host.style.setProperty(name, value)
    trigger.hidden = options.trigger === false
    trigger.dataset.side = options.side === 'start' ? 'start' : 'end'
    triggerLabel.textContent = options.labels?.trigger ?? defaultTriggerLabel
    const hint = shortcutHint(keys.assistant, mac)
    triggerHint.textContent = hint
    triggerHint.hidden = !hint
    const shortcuts = ariaKeyShortcuts(keys.assistant)
    if (shortcuts) trigger.setAttribute('aria-keyshortcuts', shortcuts)
    else trigger.removeAttribute('aria-keyshortcuts')
  }
  apply()
  if (parent) {
    parent.append(host)
    cleanups.push(() => host.remove())
  } else {
    cleanups.push(() => {
      root.remove()
      for (const name of appliedProperties) host.style.removeProperty(name)
    })
  }

  let destroyed = false
  let panel: PanelHandle | undefined
  let panelPromise: Promise<PanelHandle> | undefined
  let openView: DocChatView | undefined

  // Resolved (and refused, once) per value: update() may change it.
  let panelUrlFor: { option: unknown; url: string } | undefined
  const panelUrl = () => {
    if (!panelUrlFor || panelUrlFor.option !== options.panelUrl) {
      panelUrlFor = {
        option: options.panelUrl,
        url: resolvePanelUrl(options.panelUrl, environment.scriptUrl),
      }
    }
    return panelUrlFor.url
  }

  // A preload reports no error (the next use retries and reports); the idle one shows no
  // progress cursor either, as nobody is pointing at the trigger for it.
  let panelWanted = false
  const ensurePanel = (preload?: 'hover' | 'idle'): Promise<PanelHandle> => {
    if (panel) return Promise.resolve(panel)
    if (preload !== 'idle') trigger.dataset.loading = ''
    if (panelPromise) {
      if (!preload) panelWanted = true
      return panelPromise
    }
    panelWanted = !preload
    const load = environment.loadPanel ?? importModule<PanelModule>
    panelPromise = load(panelUrl())
      // Yield between evaluating the chunk and rendering it: two shorter tasks instead of one
      // long one, so the page stays responsive on first use.
      .then(nextTask)
      .then((module) => {
        // Nobody hears of this one: a destroyed widget reports nothing.
        if (destroyed) throw new Error('destroyed')
        const container = document.createElement('div')
        container.className = 'docchat-panel-host'
        root.append(container)
        panel = module.mountPanel({
          root: shadow,
          container,
          options: withEvents(),
          trigger,
          takeTypeAhead: endTypeAhead,
          onOpenChange(open, view) {
            openView = open ? view : undefined
            if (!open) endTypeAhead()
            trigger.setAttribute('aria-expanded', String(open && view === 'assistant'))
          },
        })
        return panel
      })
      // And between mounting (styles, the closed widget) and opening it.
      .then(nextTask)
      .catch((error: unknown) => {
        panelPromise = undefined
        if (!destroyed && panelWanted) {
          // The panel's own events go through its emitter; this one carries no question text.
          try {
            onEvent({ type: 'error', kind: 'network', retryable: true, timestamp: Date.now() })
          } catch {
            // A broken analytics hook must not hide the error below.
          }
          console.error('DocChat: could not load the panel code from', panelUrl(), error)
        }
        throw error
      })
      .finally(() => delete trigger.dataset.loading)
    return panelPromise
  }

  // Keys typed between the click or shortcut and the panel's input taking focus (its code may
  // still be loading): printable ones and Backspace are kept here, with focus left where it is, and
  // the panel puts them in its input with the caret at the end (panel.tsx).
  let typeAhead: TypeAhead | undefined
  const endTypeAhead = () => {
    const typed = typeAhead
    typeAhead = undefined
    return typed
  }

  const open = async (
    view: DocChatView,
    source: DocChatEventSource,
    query?: string,
    keyboard = source === 'shortcut',
  ) => {
    if (source === 'shortcut' || source === 'trigger') typeAhead = { text: '', keyboard }
    // Search is a chunk the panel imports (panel-parts.ts): fetched alongside it, not after it.
    if (view === 'search' && !panel && !environment.loadPanel) {
      const chunk = new URL('docchat-search-view.js', panelUrl())
      importModule(chunk.href).catch(() => {})
    }
    try {
      ;(await ensurePanel()).open(view, source, query)
    } catch (error) {
      endTypeAhead()
      throw error
    }
  }

  listen(trigger, 'click', (event) => {
    // Enter or Space on the button clicks with `detail` 0: the reader is at a keyboard.
    void open('assistant', 'trigger', undefined, event.detail === 0).catch(() => {})
  })
  const prefetch = (preload: 'hover' | 'idle') => () => {
    void ensurePanel(preload).catch(() => {})
  }
  listen(trigger, 'pointerenter', prefetch('hover'))
  listen(trigger, 'focus', prefetch('hover'))
  listen(
    window,
    'keydown',
    (event) => {
      if (event.defaultPrevented) return
      const keys = resolveShortcuts(options.shortcuts, options.search !== false)
      const action = matchShortcut(event, keys)
      if (isTypingOutside(event, shadow)) return
      if (!action) {
        const key = event.key ?? ''
        if (
          typeAhead !== undefined &&
          !(event.ctrlKey || event.metaKey || event.altKey || event.isComposing) &&
          (key.length === 1 || key === 'Backspace')
        ) {
          typeAhead.text = key === 'Backspace' ? typeAhead.text.slice(0, -1) : typeAhead.text + key
          event.preventDefault()
        }
        return
      }
      event.preventDefault()
      if (openView === action) {
        panel?.close('shortcut')
        return
      }
      void open(action, 'shortcut').catch(() => {})
    },
    true,
  )

  const instance: DocChatInstance = {
    async open(openOptions) {
      await open(openOptions?.view === 'search' ? 'search' : 'assistant', 'api', openOptions?.query)
    },
    async close() {
      panel?.close('api')
    },
    async ask(question, askOptions) {
      const handle = await ensurePanel()
      if (askOptions?.open !== false) handle.open('assistant', 'api')
      handle.ask(question, 'api')
    },
    async update(partial) {
      options = mergeOptions(options, partial ?? {})
      apply()
      panel?.update(withEvents())
    },
    async reset() {
      ;(await ensurePanel()).reset()
    },
    async destroy() {
      if (destroyed) return
      destroyed = true
      panel?.destroy()
      panel = undefined
      endTypeAhead()
      for (const cleanup of cleanups.splice(0).reverse()) cleanup()
    },
  }

  // Selection capture lives in the panel code too, so with `contextSelector` it loads even when
  // saving data: it is needed before any click.
  if (
    options.contextSelector ||
    (environment.idlePreload !== false && !options.defaultOpen && !prefersSavingData())
  ) {
    cleanups.push(whenIdleAfterLoad(prefetch('idle')))
  }
  // A deep link is read, acted on and taken out of the URL by the panel code (which loads now):
  // here only a look whether the address has one, to keep the first file small.
  if (
    mayHaveDeepLink(resolveDeepLinks(options.deepLinks), location.href, options.search !== false)
  ) {
    void ensurePanel()
      .then((handle) => handle.followDeepLink())
      .catch(() => {})
  } else if (options.defaultOpen) await instance.open()
  else if (options.rememberOpenState !== false && mayRememberOpen(options.domain)) {
    // The assistant may have been open on the previous page of the site in this tab (a source
    // link, say): the panel checks the memory and reopens. A failed load is reported; the page
    // and init go on with the panel closed.
    await ensurePanel()
      .then((handle) => handle.restoreOpen())
      .catch(() => {})
  }
  return instance
}
