import type { WidgetOptions } from '../widget-options'

/** Options for `window.DocChat.init`. */
export interface DocChatInitOptions extends WidgetOptions {
  /** The docs domain (subdomain) the assistant and search answer for. */
  domain: string
  /** API origin. Defaults to `https://api.mintlify.com`. */
  apiBaseUrl?: string | null
  /** Public assistant key (`mint_dsc_…`). Use `proxyUrl` instead to keep keys off the page. */
  assistantKey?: string | null
  /** Your own endpoint that forwards `/discovery/...` requests with the key added server-side. */
  proxyUrl?: string | null
  /** CSP nonce for the `<style>` fallback. Defaults to the loader script's own nonce. */
  nonce?: string | null
  /** Element (or selector) to put the widget's host element in. Defaults to `document.body`. */
  container?: HTMLElement | string | null
  /** Show the floating trigger button. Defaults to `true`. */
  trigger?: boolean | null
  /** Open the assistant as soon as it's ready. Defaults to `false`. */
  defaultOpen?: boolean | null
  /**
   * Where the panel code lives. Defaults to `docchat-panel.js` next to the loader script. Code
   * only: never read from markup (`data-panel-url`, the element's `panel-url`), and only an
   * http(s) URL (relative ones resolve against the loader's own URL).
   */
  panelUrl?: string | null
  /** Send page path (`currentPath`) with questions. Defaults to `true`. */
  capturePathname?: boolean | null
  /**
   * CSS selector of the docs content (e.g. `main`): selecting text there shows "Ask AI", which
   * attaches the selection to the next question. The panel code then loads when the page is idle.
   */
  contextSelector?: string | null
  /**
   * Also put an "Ask AI" button on each code block in `contextSelector`. They live in your page
   * (class `docchat-code-ask-ai`, styled by your CSS). Defaults to `false`.
   */
  captureCodeBlocks?: boolean | null
}

/** What `init` resolves to. Every method is safe to call before the panel code has loaded. */
export interface DocChatInstance {
  /** `query` opens search with it typed in. */
  open(options?: { view?: 'assistant' | 'search'; query?: string }): Promise<void>
  close(): Promise<void>
  ask(question: string, options?: { open?: boolean }): Promise<void>
  update(partial: Partial<DocChatInitOptions>): Promise<void>
  reset(): Promise<void>
  destroy(): Promise<void>
}

const booleanOptions = [
  'trigger',
  'search',
  'defaultOpen',
  'includeQuestionText',
  'dismissOnInteractOutside',
  'capturePathname',
  'captureCodeBlocks',
  'openSourcesInNewTab',
  'rememberOpenState',
  'conversations',
  // On or off here; limits and uploadAttachment through init() or update().
  'attachments',
] as const

const stringOptions = [
  'domain',
  'apiBaseUrl',
  'assistantKey',
  'proxyUrl',
  'accent',
  'radius',
  'font',
  'docsBaseUrl',
  'nonce',
  'contextSelector',
  'siteName',
  // Checked where they are used (the loader's theme, the panel's variant): here for length only.
  'theme',
  'variant',
] as const

/**
 * Every option `optionsFromDataset` reads, by its camelCase name: `data-*` on the script tag and,
 * in kebab-case, the attributes of `<docchat-widget>`.
 */
export const datasetOptions: readonly string[] = [
  ...stringOptions,
  ...booleanOptions,
  'dir',
  'side',
  'answerMode',
  'zIndex',
  'starterQuestions',
  'suggestedPages',
  'labels',
  'shortcuts',
  'deepLinks',
  'assistantParam',
  'searchHash',
]

/**
 * Options that decide which code runs in the page (the panel chunk's URL, and the chunks loaded
 * next to it). Markup is not code: a CMS or an MDX page that keeps custom elements would otherwise
 * run any script it names. So they are never read from `data-*` or the element's attributes (only
 * from `DocChat.init` / `createDocChat` in script), and such an attribute earns one warning.
 */
export const codeOnlyOptions = ['panelUrl'] as const

const warnedAttributes = new Set<string>()

/** Warns once per attribute name that markup tried to set a code-only option. */
export function warnIgnoredAttribute(attribute: string): void {
  if (warnedAttributes.has(attribute)) return
  warnedAttributes.add(attribute)
  console.warn(`DocChat: "${attribute}" is ignored: code-loading options go in DocChat.init()`)
}

/** Longest attribute value read as a string option (a URL, a selector, a colour). */
const maxStringOptionChars = 4096
/** Longest attribute value parsed as JSON (labels, suggested pages, starter questions). */
export const maxJsonOptionChars = 65_536
const maxListItems = 50
const fits = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= maxStringOptionChars

function parseJson(value: string): unknown {
  // Checked before parsing: an attribute can hold megabytes.
  if (value.length > maxJsonOptionChars) return undefined
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/** Labels are words: string values only, each a bounded length. */
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined
  const record: Record<string, string> = {}
  for (const [key, item] of Object.entries(value)) if (fits(item)) record[key] = item
  return record
}

/**
 * Reads init options from `data-*` attributes on the loader's script tag:
 * data-domain, data-api-base-url, data-assistant-key, data-proxy-url, data-theme, data-variant,
 * data-accent, data-radius, data-font, data-z-index, data-dir, data-side, data-answer-mode
 * (`model` or `extractive`), data-docs-base-url,
 * data-starter-questions (JSON array or "|"-separated), data-suggested-pages (JSON array of
 * `{ title, href }`), data-labels (JSON), data-shortcuts="false",
 * data-trigger, data-search, data-default-open, data-include-question-text,
 * data-context-selector, data-capture-code-blocks, data-deep-links="false", data-assistant-param,
 * data-search-hash. Never `panelUrl` (`codeOnlyOptions`); values over `maxStringOptionChars`
 * (JSON over `maxJsonOptionChars`) are ignored.
 */
export function optionsFromDataset(dataset: DOMStringMap): Partial<DocChatInitOptions> {
  const options: Record<string, unknown> = {}
  // dataset uses camelCase already: data-api-base-url ↔ dataset.apiBaseUrl
  for (const key of stringOptions) {
    const value = dataset[key]
    if (value && fits(value)) options[key] = value
  }
  for (const key of booleanOptions) {
    const value = dataset[key]
    if (value !== undefined) options[key] = value !== 'false'
  }
  if (dataset.dir === 'rtl' || dataset.dir === 'ltr') options.dir = dataset.dir
  if (dataset.side === 'start' || dataset.side === 'end') options.side = dataset.side
  if (dataset.answerMode === 'model' || dataset.answerMode === 'extractive')
    options.answerMode = dataset.answerMode
  if (dataset.zIndex && !Number.isNaN(Number(dataset.zIndex)))
    options.zIndex = Number(dataset.zIndex)
  const starters = dataset.starterQuestions
  if (starters && starters.length <= maxJsonOptionChars) {
    const parsed = parseJson(starters)
    options.starterQuestions = (
      Array.isArray(parsed) ? parsed : starters.split('|').map((q) => q.trim())
    )
      .filter(fits)
      .slice(0, maxListItems)
  }
  if (dataset.suggestedPages) {
    const pages = parseJson(dataset.suggestedPages)
    if (Array.isArray(pages)) {
      options.suggestedPages = pages
        .filter((page) => fits(page?.title) && fits(page.href))
        .slice(0, maxListItems)
        .map((page) => ({ title: page.title, href: page.href }))
    }
  }
  if (dataset.labels) {
    const labels = stringRecord(parseJson(dataset.labels))
    if (labels) options.labels = labels
  }
  if (dataset.shortcuts === 'false') options.shortcuts = false
  const param = (value: string | undefined) => (value && fits(value) ? value : undefined)
  const assistantParam = param(dataset.assistantParam)
  const searchHash = param(dataset.searchHash)
  if (dataset.deepLinks === 'false') options.deepLinks = false
  else if (assistantParam || searchHash) {
    options.deepLinks = {
      ...(assistantParam ? { assistantParam } : {}),
      ...(searchHash ? { searchHash } : {}),
    }
  }
  return options as Partial<DocChatInitOptions>
}

/**
 * Mintlify-style patch: top-level keys replace, `labels` and `shortcuts` merge one level deep,
 * and `null` restores the default.
 */
export function mergeOptions(
  current: DocChatInitOptions,
  partial: Partial<DocChatInitOptions>,
): DocChatInitOptions {
  const next: Record<string, unknown> = { ...current }
  for (const [key, value] of Object.entries(partial)) {
    if (value === null) delete next[key]
    else if (
      (key === 'labels' || key === 'shortcuts') &&
      value &&
      typeof value === 'object' &&
      next[key] &&
      typeof next[key] === 'object'
    ) {
      next[key] = { ...(next[key] as object), ...value }
    } else if (value !== undefined) next[key] = value
  }
  return next as unknown as DocChatInitOptions
}
