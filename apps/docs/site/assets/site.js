// DocChat docs site: colour theme before first paint, the header's Search / Ask AI buttons, the
// mobile menu, code blocks' Copy buttons. An external file (not inline) so pages work under a
// strict Content-Security-Policy.
;(() => {
  const root = document.documentElement
  const storageKey = 'docchat-site-theme'
  const media = window.matchMedia('(prefers-color-scheme: dark)')

  const stored = () => {
    try {
      const value = localStorage.getItem(storageKey)
      return value === 'light' || value === 'dark' ? value : null
    } catch {
      return null
    }
  }
  const current = () => stored() ?? (media.matches ? 'dark' : 'light')
  root.dataset.theme = current()

  // The drop-in script exposes `DocChat.ready`; the React demo listens for `docchat:open` instead.
  const widget = () => window.DocChat?.ready ?? Promise.resolve(undefined)
  const syncWidget = () =>
    widget().then((instance) => instance?.update({ theme: root.dataset.theme }))

  media.addEventListener('change', () => {
    if (stored()) return
    root.dataset.theme = current()
    syncWidget()
  })

  const open = (view) =>
    widget().then((instance) => {
      if (instance) return instance.open({ view })
      document.dispatchEvent(new CustomEvent('docchat:open', { detail: { view } }))
    })

  // Copy on code blocks: the button names its <pre> (data-code-copy). Delegated, so blocks that
  // React renders later (the React demo) work too.
  const copyTimers = new WeakMap()
  const announce = (message) => {
    const region = document.querySelector('[data-site-announcer]')
    if (!region) return
    // Emptied first so the same message twice is announced twice.
    region.textContent = ''
    setTimeout(() => {
      region.textContent = message
    }, 50)
  }
  const copyBySelection = (text) => {
    const area = document.createElement('textarea')
    area.value = text
    area.setAttribute('readonly', '')
    area.className = 'visually-hidden'
    document.body.append(area)
    area.select()
    let copied = false
    try {
      copied = document.execCommand('copy')
    } catch {
      copied = false
    }
    area.remove()
    return copied
  }
  const copyCode = async (button) => {
    const pre = document.getElementById(button.getAttribute('data-code-copy') ?? '')
    if (!pre) return
    const text = (pre.querySelector('code') ?? pre).textContent ?? ''
    let copied = false
    try {
      await navigator.clipboard.writeText(text)
      copied = true
    } catch {
      copied = copyBySelection(text)
    }
    if (!button.dataset.label)
      button.dataset.label = button.getAttribute('aria-label') ?? 'Copy code'
    button.dataset.state = copied ? 'copied' : 'failed'
    button.textContent = copied ? 'Copied' : 'Copy failed'
    button.setAttribute('aria-label', copied ? 'Copied' : 'Copy failed')
    announce(
      copied
        ? 'Code copied to the clipboard'
        : 'Could not copy the code: select it and press Ctrl+C (⌘C on a Mac)',
    )
    clearTimeout(copyTimers.get(button))
    copyTimers.set(
      button,
      setTimeout(() => {
        delete button.dataset.state
        button.textContent = 'Copy'
        button.setAttribute('aria-label', button.dataset.label)
      }, 2000),
    )
  }
  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-code-copy]') : null
    if (button) copyCode(button)
  })

  document.addEventListener('DOMContentLoaded', () => {
    syncWidget()
    // Copy needs this script: shown only once it runs.
    for (const button of document.querySelectorAll('[data-code-copy][hidden]'))
      button.hidden = false
    if (!/mac|iphone|ipad/i.test(navigator.platform)) {
      for (const kbd of document.querySelectorAll('.site-header kbd')) {
        kbd.textContent = kbd.textContent.replace('⌘', 'Ctrl ')
      }
    }
    for (const button of document.querySelectorAll('[data-docchat-open]')) {
      button.addEventListener('click', () => open(button.getAttribute('data-docchat-open')))
    }
    const toggle = document.querySelector('[data-site-theme-toggle]')
    toggle?.addEventListener('click', () => {
      const next = root.dataset.theme === 'dark' ? 'light' : 'dark'
      try {
        localStorage.setItem(storageKey, next)
      } catch {
        // Storage may be unavailable (private mode); the choice then lasts for this page.
      }
      root.dataset.theme = next
      syncWidget()
      document.dispatchEvent(new CustomEvent('docchat:theme', { detail: { theme: next } }))
    })
    const menu = document.querySelector('[data-site-menu]')
    menu?.addEventListener('click', () => {
      const open = document.body.toggleAttribute('data-nav-open')
      menu.setAttribute('aria-expanded', String(open))
    })
  })
})()
