/**
 * Adds CSS to a shadow root or a document without tripping a strict Content-Security-Policy: a
 * constructable stylesheet (CSSOM, which `style-src` doesn't govern) where supported, otherwise a
 * `<style>` element carrying the page's nonce. Returns a function that takes the CSS out again.
 */
export function adoptStyles(root: ShadowRoot | Document, css: string, nonce?: string): () => void {
  if (supportsConstructableSheets(root)) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  const doc = 'head' in root ? root : root.ownerDocument
  const style = doc.createElement('style')
  if (nonce) style.nonce = nonce
  style.textContent = css
  ;('head' in root ? root.head : root).prepend(style)
  return () => style.remove()
}

function supportsConstructableSheets(root: ShadowRoot | Document): boolean {
  // Every engine shipped adoptedStyleSheets together with constructable CSSStyleSheets.
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function'
}
