/**
 * Adds CSS to a shadow root without tripping a strict Content-Security-Policy: a constructable
 * stylesheet (CSSOM, which `style-src` doesn't govern) where supported, otherwise a `<style>`
 * element carrying the page's nonce. Returns a function that takes the CSS out again.
 */
export function addShadowStyles(root: ShadowRoot, css: string, nonce?: string): () => void {
  if (supportsConstructableSheets(root)) {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(css)
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet]
    return () => {
      root.adoptedStyleSheets = root.adoptedStyleSheets.filter((s) => s !== sheet)
    }
  }
  const style = root.ownerDocument.createElement('style')
  if (nonce) style.nonce = nonce
  style.textContent = css
  root.prepend(style)
  return () => style.remove()
}

function supportsConstructableSheets(root: ShadowRoot): boolean {
  // Every engine shipped adoptedStyleSheets together with constructable CSSStyleSheets.
  return 'adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function'
}
