/** The element that has focus inside `node`'s root (document or shadow root), piercing shadow hosts. */
export function getActiveElement(node?: Node | null): Element | null {
  const root = (node?.getRootNode?.() ?? (typeof document !== 'undefined' ? document : null)) as
    | Document
    | ShadowRoot
    | null
  let active = root && 'activeElement' in root ? root.activeElement : null
  // A shadow root reports null while focus is outside it (on the host page): use the page's.
  if (!active && root && typeof document !== 'undefined' && root !== document) {
    active = document.activeElement
  }
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement
  return active
}

export function isEditableTarget(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false
  const element = target as HTMLElement
  const tag = element.tagName.toLowerCase()
  if (tag === 'textarea' || tag === 'select') return true
  if (tag === 'input') {
    const type = ((element as HTMLInputElement).type || 'text').toLowerCase()
    return ![
      'button',
      'submit',
      'reset',
      'checkbox',
      'radio',
      'range',
      'color',
      'file',
      'image',
    ].includes(type)
  }
  return (
    element.isContentEditable ||
    element.getAttribute?.('contenteditable') === 'true' ||
    element.getAttribute?.('contenteditable') === ''
  )
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false
}
