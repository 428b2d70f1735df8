/** Settings the site build writes into each page's <meta> tags, so one bundle serves any port. */
export function siteSetting(name: string, fallback: string): string {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || fallback
}

export type SiteTheme = 'light' | 'dark'

export function siteTheme(): SiteTheme {
  return document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light'
}

/** Follows the site's theme toggle (site.js dispatches `docchat:theme`). */
export function onSiteTheme(listener: (theme: SiteTheme) => void): () => void {
  const handler = () => listener(siteTheme())
  document.addEventListener('docchat:theme', handler)
  return () => document.removeEventListener('docchat:theme', handler)
}

/** The header's Search / Ask AI buttons (site.js dispatches `docchat:open` when there is no drop-in). */
export function onOpenRequest(listener: (view: 'search' | 'assistant') => void): () => void {
  const handler = (event: Event) => {
    const view = (event as CustomEvent<{ view?: string }>).detail?.view
    listener(view === 'search' ? 'search' : 'assistant')
  }
  document.addEventListener('docchat:open', handler)
  return () => document.removeEventListener('docchat:open', handler)
}
