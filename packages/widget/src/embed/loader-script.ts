/**
 * The script element the drop-in is running from, and the URL it was fetched from: what decides
 * where the panel chunk loads from (and so which code runs), read so that the page's markup
 * cannot steer it.
 */

/**
 * `document.currentScript`, through `Document.prototype`'s own getter: `document` lets markup's
 * named elements shadow its properties (`[LegacyOverrideBuiltIns]`), so `<img name="currentScript"
 * src="https://evil.example/docchat.js" data-domain=…>` anywhere before a deferred or late loader
 * would otherwise be read as the loader, its URL and `data-*` included. Anything that is not a
 * script element is not the loader.
 */
export function runningScript(): HTMLScriptElement | null {
  const script = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')?.get?.call(
    document,
  )
  return script instanceof HTMLScriptElement ? script : null
}

/**
 * The URL `script` was fetched from. `script.src` resolves its attribute against the document's
 * base URL as it is *now*: a `<base href>` that markup puts after the loader's tag (parsed before
 * a `defer`red or `async` loader runs) would move it to another host, and the panel with it. The
 * fetch used the base in force when the parser reached the tag: the first `<base href>` if it
 * comes before the tag (a later one never replaces it), else the page's own address.
 */
export function scriptUrl(script: HTMLScriptElement): string | undefined {
  // The prototype's method: `document.querySelector` is a property markup can shadow too.
  const base = Document.prototype.querySelector.call(document, 'base[href]')
  try {
    return base && !(base.compareDocumentPosition(script) & Node.DOCUMENT_POSITION_FOLLOWING)
      ? new URL(script.getAttribute('src')!, location.href).href
      : script.src
  } catch {
    // A page whose own address is no base (about:srcdoc): the default panel URL rules apply.
    return undefined
  }
}
