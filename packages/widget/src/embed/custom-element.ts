import {
  createDocChat,
  dispatchDocChatEvent,
  initHosts,
  type LoaderEnvironment,
} from './create-doc-chat'
import {
  codeOnlyOptions,
  type DocChatInitOptions,
  type DocChatInstance,
  datasetOptions,
  optionsFromDataset,
  warnIgnoredAttribute,
} from './embed-options'

/**
 * `<docchat-widget domain="acme" assistant-key="mint_dsc_…" theme="dark" variant="sidebar">`: the
 * drop-in without a JavaScript call. It is the same element `DocChat.init` renders into; an
 * element the page's author wrote starts a widget when it connects and destroys it when removed.
 */
export const elementName = 'docchat-widget'

const kebabCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

/** Kebab-case attributes, each the init option of the same camelCase name (as `data-*` on the script). */
const elementAttributes: readonly string[] = datasetOptions.map(kebabCase)

/**
 * Attributes of options that load code (`panel-url`): observed only to warn that they are ignored.
 * An element's attributes are markup, and so are its properties when a framework sets them from
 * markup (React 19 and MDX turn `panelUrl="…"` into a property): neither may name a script.
 */
const ignoredAttributes: readonly string[] = codeOnlyOptions.map(kebabCase)

/** Options only a property can carry (functions, objects). */
const propertyOnly = ['onEvent', 'onFeedback', 'onError', 'filter']

// `dir` and `nonce` are HTMLElement's own properties (and `dir` its global attribute): they stay
// native, and still read as the options of the same name. The other two are parts of `deepLinks`.
const nativeProperties = ['dir', 'nonce', 'assistantParam', 'searchHash']

/** Every property of the element that is an init option. */
const elementProperties: readonly string[] = [
  ...datasetOptions.filter((name) => !nativeProperties.includes(name)),
  ...propertyOnly,
]

export interface DocChatElement
  extends HTMLElement,
    Partial<Omit<DocChatInitOptions, 'dir' | 'nonce'>> {
  /** The running widget once connected; `undefined` when it could not start (see `docchat-error`). */
  readonly ready: Promise<DocChatInstance | undefined>
  open(options?: { view?: 'assistant' | 'search'; query?: string }): Promise<void>
  close(): Promise<void>
  ask(question: string, options?: { open?: boolean }): Promise<void>
  reset(): Promise<void>
}

declare global {
  interface HTMLElementTagNameMap {
    'docchat-widget': DocChatElement
  }
}

function attributeDataset(element: Element): DOMStringMap {
  for (const name of ignoredAttributes) if (element.hasAttribute(name)) warnIgnoredAttribute(name)
  const dataset: DOMStringMap = {}
  for (const name of datasetOptions) {
    const value = element.getAttribute(kebabCase(name))
    if (value !== null) dataset[name] = value
  }
  return dataset
}

/**
 * Registers `<docchat-widget>` unless something already did (a second copy of the script, another
 * bundle). Does nothing where there is no `customElements` (a server, an old browser).
 */
export function defineDocChatElement(environment: LoaderEnvironment = {}): void {
  if (typeof customElements === 'undefined' || customElements.get(elementName)) return
  customElements.define(elementName, createElementClass(environment))
}

// The class is made inside a function: `extends HTMLElement` at module scope would throw on a server.
function createElementClass(environment: LoaderEnvironment): CustomElementConstructor {
  class Element extends HTMLElement {
    static observedAttributes = [...elementAttributes, ...ignoredAttributes]
    #properties: Record<string, unknown> = {}
    #instance: Promise<DocChatInstance | undefined> | undefined
    #applied: Partial<DocChatInitOptions> = {}

    get ready(): Promise<DocChatInstance | undefined> {
      return this.#instance ?? Promise.resolve(undefined)
    }

    connectedCallback() {
      if (initHosts.has(this) || this.#instance) return
      this.#start()
    }

    disconnectedCallback() {
      const instance = this.#instance
      this.#instance = undefined
      void instance?.then((running) => running?.destroy())
    }

    attributeChangedCallback() {
      this.#update()
    }

    async open(options?: { view?: 'assistant' | 'search'; query?: string }) {
      await (await this.ready)?.open(options)
    }
    async close() {
      await (await this.ready)?.close()
    }
    async ask(question: string, options?: { open?: boolean }) {
      await (await this.ready)?.ask(question, options)
    }
    async reset() {
      await (await this.ready)?.reset()
    }

    /** Attributes, then properties on top: a property set from script wins. */
    options(): Partial<DocChatInitOptions> {
      const options = { ...optionsFromDataset(attributeDataset(this)), ...this.#properties }
      // Never from the element, whatever reached #properties.
      for (const name of codeOnlyOptions) delete options[name]
      return options
    }

    setOption(name: string, value: unknown) {
      // Frameworks that set properties rather than attributes (React 19, Vue) pass attribute
      // text: read it as the attribute would be (`labels` JSON, `"false"`, `|`-separated lists).
      if (typeof value === 'string') {
        const parsed = optionsFromDataset({ [name]: value }) as Record<string, unknown>
        if (name in parsed) value = parsed[name]
      }
      if (value === undefined) delete this.#properties[name]
      else this.#properties[name] = value
      this.#update()
    }

    getOption(name: string): unknown {
      return (this.options() as Record<string, unknown>)[name]
    }

    #start() {
      const options = this.options()
      this.#applied = options
      this.#instance = createDocChat(options as DocChatInitOptions, {
        ...environment,
        host: this,
      }).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error)
        console.error(error)
        dispatchDocChatEvent(this, {
          type: 'error',
          kind: 'unknown',
          retryable: false,
          message,
          timestamp: Date.now(),
        })
        return undefined
      })
    }

    #update() {
      const instance = this.#instance
      if (!instance) return
      void instance.then((running) => {
        if (instance !== this.#instance) return
        // It could not start (no domain yet, say): try again with what is there now.
        if (!running) return this.#start()
        const next = this.options()
        // A removed attribute restores the default, as `null` does in update().
        const patch: Record<string, unknown> = { ...next }
        for (const key of Object.keys(this.#applied)) if (!(key in next)) patch[key] = null
        this.#applied = next
        return running.update(patch as Partial<DocChatInitOptions>)
      })
    }
  }
  // The property exists, so frameworks set it rather than an attribute, and is ignored with a warning.
  for (const name of codeOnlyOptions) {
    Object.defineProperty(Element.prototype, name, {
      configurable: true,
      get: () => undefined,
      set: () => warnIgnoredAttribute(kebabCase(name)),
    })
  }
  for (const name of elementProperties) {
    Object.defineProperty(Element.prototype, name, {
      configurable: true,
      get(this: Element) {
        return this.getOption(name)
      },
      set(this: Element, value: unknown) {
        this.setOption(name, value)
      },
    })
  }
  return Element
}
