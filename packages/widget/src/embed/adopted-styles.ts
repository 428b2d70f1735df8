/**
 * Adds CSS to a shadow root or a document without tripping a strict Content-Security-Policy: a
 * constructable stylesheet (CSSOM, which `style-src` doesn't govern) where supported, otherwise a
 * `<style>` element carrying the page's nonce. Returns a function that takes the CSS out again.
 */
export function adoptStyles(root: ShadowRoot | Document, css: string, nonce?: string): () => void {
  // Every engine shipped adoptedStyleSheets together with constructable CSSStyleSheets.
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function') {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  // A document has no owner document and a shadow root no head: each falls back to itself.
  const style = (root.ownerDocument ?? (root as Document)).createElement('style')
  if (nonce) style.nonce = nonce
  style.textContent = css
  ;((root as Partial<Document>).head ?? root).prepend(style)
  return () => style.remove()
}
