import { act, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { domain, testBackend, testBaseUrl } from '../test/harness'

const backend = testBackend({ globalFetch: true })

describe('the docchat.js entry', () => {
  it('installs window.DocChat and starts from the script tag’s data-* attributes', async () => {
    const script = document.createElement('script')
    script.src = 'https://cdn.example.com/npm/@docchat/widget/dist-embed/docchat.js'
    script.dataset.domain = domain
    script.dataset.apiBaseUrl = testBaseUrl
    script.dataset.assistantKey = backend.server.keys.assistant
    script.dataset.theme = 'dark'
    script.dataset.labels = JSON.stringify({ trigger: 'Docs AI' })
    // Markup never names the code that runs (issue 20): ignored, with a warning naming it.
    script.dataset.panelUrl = 'data:text/javascript,window.__pwned=1'
    // A script tag markup added that never ran: the panel is not looked up from it.
    const decoy = document.createElement('script')
    decoy.type = 'text/plain'
    decoy.src = 'https://evil.example/docchat.js'
    document.head.prepend(decoy)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    document.head.append(script)
    // What the browser returns while a classic script runs for the first time, and a named
    // <img> of the page's markup shadowing it (an own property of the document), naming another
    // host and carrying data-* as if it were the loader's tag: not read.
    const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript')!
    Object.defineProperty(Document.prototype, 'currentScript', {
      configurable: true,
      get: () => script,
    })
    const img = document.createElement('img')
    img.setAttribute('name', 'currentScript')
    img.src = 'https://evil.example/x/docchat.js'
    img.dataset.domain = 'evil'
    img.dataset.apiBaseUrl = 'https://evil.example/api'
    img.dataset.assistantKey = 'mint_dsc_evil'
    document.body.append(img)
    Object.defineProperty(document, 'currentScript', { value: img, configurable: true })
    await import('./docchat')
    Object.defineProperty(Document.prototype, 'currentScript', getter)
    delete (document as { currentScript?: unknown }).currentScript
    img.remove()

    expect(typeof window.DocChat?.init).toBe('function')
    const instance = await window.DocChat!.ready
    expect(instance).toBeDefined()
    const host = document.querySelector('docchat-widget')!
    expect(host).toHaveAttribute('data-theme', 'dark')
    expect(host.shadowRoot!.querySelector('.docchat-trigger')).toHaveTextContent('Docs AI')
    expect(
      warn.mock.calls.filter(([text]) => String(text).includes('"data-panel-url"')),
    ).toHaveLength(1)
    warn.mockRestore()
    await act(() => instance!.destroy())
    await waitFor(() => expect(document.querySelector('docchat-widget')).toBeNull())
  })
})
