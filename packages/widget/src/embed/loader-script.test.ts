import { afterEach, describe, expect, it } from 'vitest'
import { runningScript, scriptUrl } from './loader-script'

// Markup decides neither which element is the loader nor where it was fetched from: a named
// <img> shadows `document.currentScript` (Document is [LegacyOverrideBuiltIns]), and a <base href>
// parsed after a deferred loader's tag moves what `script.src` reads. Either one made the panel
// load from another host, with no click (e2e: panel-url.spec.ts, in Chromium).

const realGetter = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')!

afterEach(() => {
  Object.defineProperty(Document.prototype, 'currentScript', realGetter)
  delete (document as { currentScript?: unknown }).currentScript
  document.head.replaceChildren()
  document.body.replaceChildren()
})

/** What the browser does while `script` first runs: the prototype's getter returns it. */
function running(script: HTMLScriptElement | null) {
  Object.defineProperty(Document.prototype, 'currentScript', {
    configurable: true,
    get: () => script,
  })
}

describe('runningScript', () => {
  it('is the script that runs, not an element named currentScript that shadows it', () => {
    const loader = document.createElement('script')
    loader.src = 'https://cdn.example.com/docchat.js'
    document.head.append(loader)
    running(loader)
    const img = document.createElement('img')
    img.setAttribute('name', 'currentScript')
    img.src = 'https://evil.example/x/docchat.js'
    img.dataset.domain = 'docchat'
    document.body.append(img)
    // How a named element shadows the property to script: an own property of the document.
    Object.defineProperty(document, 'currentScript', { configurable: true, value: img })
    expect(document.currentScript).toBe(img)
    expect(runningScript()).toBe(loader)
  })

  it('is null when no script runs, even with a named element in the page', () => {
    running(null)
    const img = document.createElement('img')
    Object.defineProperty(document, 'currentScript', { configurable: true, value: img })
    expect(runningScript()).toBeNull()
  })

  it('survives a page that shadows querySelector too', () => {
    const loader = document.createElement('script')
    loader.setAttribute('src', '/docchat/docchat.js')
    document.head.append(loader)
    Object.defineProperty(document, 'querySelector', { configurable: true, value: 'clobbered' })
    try {
      expect(scriptUrl(loader)).toBe(new URL('/docchat/docchat.js', location.href).href)
    } finally {
      delete (document as { querySelector?: unknown }).querySelector
    }
  })
})

describe('scriptUrl', () => {
  it('is what the loader was fetched from, not moved by a <base href> after its tag', () => {
    const loader = document.createElement('script')
    loader.setAttribute('src', '/docchat/docchat.js')
    loader.defer = true
    document.head.append(loader)
    const base = document.createElement('base')
    base.href = 'https://evil.example/cms/'
    document.body.append(base)
    // The page now reads every relative URL against the later base, the loader's src included.
    expect(loader.src).toBe('https://evil.example/docchat/docchat.js')
    expect(scriptUrl(loader)).toBe(new URL('/docchat/docchat.js', location.href).href)
  })

  it('keeps a <base href> that comes before the tag: the loader was fetched against it', () => {
    const base = document.createElement('base')
    base.href = 'https://static.example.com/assets/'
    document.head.append(base)
    const loader = document.createElement('script')
    loader.setAttribute('src', 'docchat/docchat.js')
    document.head.append(loader)
    // And a second, later one changes nothing: only the first base counts.
    const later = document.createElement('base')
    later.href = 'https://evil.example/'
    document.body.append(later)
    expect(scriptUrl(loader)).toBe('https://static.example.com/assets/docchat/docchat.js')
  })

  it('an absolute src and an inline script', () => {
    const loader = document.createElement('script')
    loader.src = 'https://cdn.example.com/docchat.js'
    document.head.append(loader)
    expect(scriptUrl(loader)).toBe('https://cdn.example.com/docchat.js')
    // No src: empty, and the panel resolves against the page (resolvePanelUrl).
    expect(scriptUrl(document.createElement('script'))).toBe('')
  })
})
