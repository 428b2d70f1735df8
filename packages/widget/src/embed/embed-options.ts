import type { DocChatTheme } from '../theme'
import type { DocChatVariant, WidgetOptions } from '../widget-options'

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
  /** Where the panel code lives. Defaults to `docchat-panel.js` next to the loader script. */
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
  'panelUrl',
  'nonce',
  'contextSelector',
  'siteName',
] as const

/**
 * Every option `optionsFromDataset` reads, by its camelCase name: `data-*` on the script tag and,
 * in kebab-case, the attributes of `<docchat-widget>`.
 */
export const datasetOptions: readonly string[] = [
  ...stringOptions,
  ...booleanOptions,
  'theme',
  'variant',
  'dir',
  'side',
  'zIndex',
  'starterQuestions',
  'suggestedPages',
  'labels',
  'shortcuts',
  'deepLinks',
  'assistantParam',
  'searchHash',
]

function toDataKey(option: string): string {
  // dataset uses camelCase already: data-api-base-url ↔ dataset.apiBaseUrl
  return option
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/**
 * Reads init options from `data-*` attributes on the loader's script tag:
 * data-domain, data-api-base-url, data-assistant-key, data-proxy-url, data-theme, data-variant,
 * data-accent, data-radius, data-font, data-z-index, data-dir, data-side, data-docs-base-url,
 * data-starter-questions (JSON array or "|"-separated), data-suggested-pages (JSON array of
 * `{ title, href }`), data-labels (JSON), data-shortcuts="false",
 * data-trigger, data-search, data-default-open, data-include-question-text, data-panel-url,
 * data-context-selector, data-capture-code-blocks, data-deep-links="false", data-assistant-param,
 * data-search-hash.
 */
export function optionsFromDataset(dataset: DOMStringMap): Partial<DocChatInitOptions> {
  const options: Record<string, unknown> = {}
  for (const key of stringOptions) {
    const value = dataset[toDataKey(key)]
    if (value) options[key] = value
  }
  for (const key of booleanOptions) {
    const value = dataset[key]
    if (value !== undefined) options[key] = value !== 'false'
  }
  const theme = dataset.theme
  if (theme) options.theme = theme as DocChatTheme
  const variant = dataset.variant
  if (variant) options.variant = variant as DocChatVariant
  if (dataset.dir === 'rtl' || dataset.dir === 'ltr') options.dir = dataset.dir
  if (dataset.side === 'start' || dataset.side === 'end') options.side = dataset.side
  if (dataset.zIndex && !Number.isNaN(Number(dataset.zIndex)))
    options.zIndex = Number(dataset.zIndex)
  if (dataset.starterQuestions) {
    const parsed = parseJson(dataset.starterQuestions)
    options.starterQuestions = Array.isArray(parsed)
      ? parsed.map(String)
      : dataset.starterQuestions.split('|').map((q) => q.trim())
  }
  if (dataset.suggestedPages) {
    const pages = parseJson(dataset.suggestedPages)
    if (Array.isArray(pages)) {
      options.suggestedPages = pages
        .filter((page) => page && typeof page.title === 'string' && typeof page.href === 'string')
        .map((page) => ({ title: page.title, href: page.href }))
    }
  }
  if (dataset.labels) {
    const labels = parseJson(dataset.labels)
    if (labels && typeof labels === 'object') options.labels = labels
  }
  if (dataset.shortcuts === 'false') options.shortcuts = false
  if (dataset.deepLinks === 'false') options.deepLinks = false
  else if (dataset.assistantParam || dataset.searchHash) {
    options.deepLinks = {
      ...(dataset.assistantParam ? { assistantParam: dataset.assistantParam } : {}),
      ...(dataset.searchHash ? { searchHash: dataset.searchHash } : {}),
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
