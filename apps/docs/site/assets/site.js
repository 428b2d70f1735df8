// DocChat docs site: colour theme before first paint, the header's Search / Ask AI buttons, the
// mobile menu. An external file (not inline) so pages work under a strict Content-Security-Policy.
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

  document.addEventListener('DOMContentLoaded', () => {
    syncWidget()
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
