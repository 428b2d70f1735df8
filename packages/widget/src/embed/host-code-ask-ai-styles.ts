import { adoptStyles } from './adopted-styles'

/**
 * Default looks for the Ask AI buttons the drop-in puts on a host page's code blocks. They live in
 * the page's DOM (before each `<pre>`, in a `<span data-docchat-ask-ai-host>`), outside the Shadow
 * DOM the widget's styles are in, so without these a site's button reset leaves bare text in the
 * flow of the block (VitePress). 56px from the end clears a copy button there (VitePress, most
 * docs themes). They sit in a cascade layer with zero specificity (`:where()`), so any rule of the
 * site wins, whatever its order or specificity: an adopted sheet comes after the page's own.
 */
const hostCodeAskAiCss = `@layer docchat-host{:where([data-docchat-ask-ai-host]){display:block;position:relative;block-size:0}
:where([data-docchat-ask-ai-host]>.docchat-code-ask-ai){position:absolute;inset-block-start:8px;inset-inline-end:56px;z-index:2;box-sizing:border-box;margin:0;padding:2px 8px;border:1px solid #dfe2e8;border-radius:6px;background:#fff;color:#4338ca;font:500 12px/1.5 system-ui,sans-serif;cursor:pointer}
:where([data-docchat-ask-ai-host]>.docchat-code-ask-ai:focus-visible){outline:2px solid #4338ca;outline-offset:2px}}`

const styled = new WeakSet<Document>()

/** Adds the styles once per document, as an adopted sheet (or with the page's nonce). */
export function addHostCodeAskAiStyles(doc: Document, nonce?: string): void {
  if (styled.has(doc)) return
  styled.add(doc)
  adoptStyles(doc, hostCodeAskAiCss, nonce)
}
