/**
 * Fetching the panel chunk before the first click: once the page has loaded and the main thread
 * goes idle, so the first click doesn't wait on the network (a round trip plus ~80 KB on a 4G
 * link), and the page's own loading never competes with it.
 */

interface NetworkInformationLike {
  saveData?: boolean
}

/** The visitor asked to save data: `Save-Data` (Network Information API) or `prefers-reduced-data`. */
export function prefersSavingData(): boolean {
  const connection = (globalThis.navigator as { connection?: NetworkInformationLike } | undefined)
    ?.connection
  if (connection?.saveData) return true
  // Unknown media features don't match, so browsers without this one preload as usual.
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-data: reduce)').matches
}

export interface IdleOptions {
  /** Longest wait for an idle period once the page has loaded (ms). */
  timeout?: number
  /** Delay used where `requestIdleCallback` doesn't exist (Safari) (ms). */
  fallbackDelay?: number
}

/**
 * Calls `callback` once, after the window's `load` event and then an idle period; returns a
 * function that cancels whatever is still pending.
 */
export function whenIdleAfterLoad(
  callback: () => void,
  { timeout = 3000, fallbackDelay = 1000 }: IdleOptions = {},
): () => void {
  let cancel = () => {}
  const onIdle = () => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => callback(), { timeout })
      cancel = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(callback, fallbackDelay)
      cancel = () => clearTimeout(id)
    }
  }
  if (document.readyState === 'complete') {
    onIdle()
  } else {
    const onLoad = () => onIdle()
    window.addEventListener('load', onLoad, { once: true })
    cancel = () => window.removeEventListener('load', onLoad)
  }
  return () => cancel()
}
