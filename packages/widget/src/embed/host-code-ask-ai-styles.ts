import { adoptStyles } from './adopted-styles'

/**
 * Default looks for the Ask AI buttons the drop-in puts on a host page's code blocks. They live in
 * the page's DOM (before each `<pre>`, in a `<span data-docchat-ask-ai-host>`), outside the Shadow
 * DOM the widget's styles are in, so without these a site's button reset leaves bare text in the
 * flow of the block (VitePress). 56px from the end clears a copy button there (VitePress, most
 * docs themes). An adopted sheet (a strict CSP allows it) comes after the page's own, so the
 * button's rules weigh one class (`:where()` around the host): above an element reset (a cascade
 * layer would lose to VitePress's), below a site rule of two classes (`.block .docchat-code-ask-ai`).
 */
const hostCodeAskAiCss = `:where([data-docchat-ask-ai-host]){display:block;position:relative;block-size:0}
:where([data-docchat-ask-ai-host])>.docchat-code-ask-ai{position:absolute;inset-block-start:8px;inset-inline-end:56px;z-index:2;box-sizing:border-box;margin:0;padding:2px 8px;border:1px solid #dfe2e8;border-radius:6px;background:#fff;color:#4338ca;font:500 12px/1.5 system-ui,sans-serif;cursor:pointer}
:where([data-docchat-ask-ai-host])>.docchat-code-ask-ai:focus-visible{outline:2px solid #4338ca;outline-offset:2px}`

const styled = new WeakSet<Document>()

/** Adds the styles once per document, as an adopted sheet (or with the page's nonce). */
export function addHostCodeAskAiStyles(doc: Document, nonce?: string): void {
  if (styled.has(doc)) return
  styled.add(doc)
  adoptStyles(doc, hostCodeAskAiCss, nonce)
}
