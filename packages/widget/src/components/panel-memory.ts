/**
 * What the assistant panel remembers for this tab across page loads of the site: whether it was
 * open and where its conversation was scrolled. A source link navigates the page; without this
 * the reader lands on the new page with the assistant closed and must find their place again.
 *
 * sessionStorage is per tab and per origin, so "the same site in this tab" is what it covers.
 * Anything can write there (the host page, an extension, an older version), so every read is
 * checked and a bad value is ignored and removed.
 */
export interface PanelMemory {
  open: boolean
  /** The conversation's scroll position in px, when the panel was open. */
  scrollTop?: number
  /** The reader docked the floating panel as a sidebar (kept while it is closed too). */
  docked?: boolean
  /** When it was written (ms): an old memory (a tab left for hours) is not restored. */
  at: number
}

/** After this long, a new page load starts closed. */
const panelMemoryMaxAgeMs = 30 * 60 * 1000
const maxScrollTop = 10_000_000
const maxLength = 200

export function panelMemoryKey(domain: string): string {
  return `docchat:panel:${domain}`
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage
  } catch {
    // Blocked storage (sandboxed iframes, some privacy settings) throws on access.
    return null
  }
}

/** Checks a stored value; `undefined` for anything that isn't a well-formed, recent memory. */
export function parsePanelMemory(raw: string | null, now = Date.now()): PanelMemory | undefined {
  if (!raw || raw.length > maxLength) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { open, scrollTop, docked, at } = value as Record<string, unknown>
  if (typeof open !== 'boolean' || (docked !== undefined && typeof docked !== 'boolean'))
    return undefined
  if (typeof at !== 'number' || !Number.isFinite(at) || at > now || now - at > panelMemoryMaxAgeMs)
    return undefined
  if (
    scrollTop !== undefined &&
    (typeof scrollTop !== 'number' ||
      !Number.isFinite(scrollTop) ||
      scrollTop < 0 ||
      scrollTop > maxScrollTop)
  )
    return undefined
  const memory: PanelMemory = { open, at }
  if (scrollTop !== undefined) memory.scrollTop = Math.round(scrollTop)
  if (docked) memory.docked = true
  return memory
}

export function readPanelMemory(key: string): PanelMemory | undefined {
  const storage = sessionStorageOrNull()
  if (!storage) return undefined
  try {
    const raw = storage.getItem(key)
    const memory = parsePanelMemory(raw)
    if (raw !== null && !memory) storage.removeItem(key)
    return memory
  } catch {
    return undefined
  }
}

/** Merges into what is stored; `open: false` forgets the scroll position. */
export function writePanelMemory(key: string, update: Partial<Omit<PanelMemory, 'at'>>): void {
  const storage = sessionStorageOrNull()
  if (!storage) return
  try {
    const current = parsePanelMemory(storage.getItem(key))
    const open = update.open ?? current?.open ?? false
    const scrollTop = open ? (update.scrollTop ?? current?.scrollTop) : undefined
    const next: PanelMemory = { open, at: Date.now() }
    if (scrollTop !== undefined && Number.isFinite(scrollTop))
      next.scrollTop = Math.round(scrollTop)
    if (update.docked ?? current?.docked) next.docked = true
    storage.setItem(key, JSON.stringify(next))
  } catch {
    // Full or blocked storage: the panel just won't reopen on the next page.
  }
}

/**
 * The answer mode the server last announced (`X-DocChat-Answer-Mode`) for a domain, kept for the
 * tab: the next page's disclaimer says it from the first paint instead of flipping after the
 * first answer.
 */
export function answerModeKey(domain: string): string {
  return `docchat:answer-mode:${domain}`
}

export function readAnswerMode(key: string): 'model' | 'extractive' | undefined {
  try {
    const value = sessionStorageOrNull()?.getItem(key)
    return value === 'model' || value === 'extractive' ? value : undefined
  } catch {
    return undefined
  }
}

export function writeAnswerMode(key: string, mode: string): void {
  if (mode !== 'model' && mode !== 'extractive') return
  try {
    sessionStorageOrNull()?.setItem(key, mode)
  } catch {
    // Full or blocked storage: the disclaimer follows the server within this page only.
  }
}
