import { describe, expect, it } from 'vitest'
import { adoptStyles } from './adopted-styles'

describe('adoptStyles', () => {
  it('adopts a constructable stylesheet when the browser has them, and removes it again', () => {
    // jsdom has no constructable stylesheets; a minimal stand-in with the same surface.
    class FakeSheet {
      text = ''
      replaceSync(css: string) {
        this.text = css
      }
    }
    const original = globalThis.CSSStyleSheet
    globalThis.CSSStyleSheet = FakeSheet as unknown as typeof CSSStyleSheet
    try {
      const existing = new FakeSheet()
      const root = { adoptedStyleSheets: [existing] } as unknown as ShadowRoot
      const remove = adoptStyles(root, '.a{color:red}', 'nonce-1')
      expect(root.adoptedStyleSheets).toHaveLength(2)
      expect((root.adoptedStyleSheets[1] as unknown as FakeSheet).text).toBe('.a{color:red}')
      remove()
      expect(root.adoptedStyleSheets).toEqual([existing])
    } finally {
      globalThis.CSSStyleSheet = original
    }
  })

  it('falls back to a <style> with the nonce inside the shadow root', () => {
    const host = document.createElement('div')
    const root = host.attachShadow({ mode: 'open' })
    const remove = adoptStyles(root, '.a{color:red}', 'nonce-1')
    const style = root.querySelector('style')!
    expect(style.nonce).toBe('nonce-1')
    expect(style.textContent).toBe('.a{color:red}')
    expect(style.hasAttribute('style')).toBe(false)
    remove()
    expect(root.querySelector('style')).toBeNull()
  })

  it("falls back to a <style> with the nonce first in a document's head", () => {
    const doc = document.implementation.createHTMLDocument('host')
    doc.head.append(doc.createElement('link'))
    const remove = adoptStyles(doc, '.a{color:red}', 'nonce-1')
    const style = doc.head.firstElementChild as HTMLStyleElement
    expect(style.tagName).toBe('STYLE')
    expect(style.nonce).toBe('nonce-1')
    remove()
    expect(doc.querySelector('style')).toBeNull()
  })
})
