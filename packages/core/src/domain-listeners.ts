import type { SafeStorage } from './safe-storage'

type Listener = (domain: string) => void

export interface DomainListeners {
  /** Tells every subscriber that `domain` changed; one that throws does not stop the others. */
  notify(domain: string): void
  /** Also hears changes other tabs make to the same `localStorage`. */
  subscribe(listener: Listener): () => void
}

interface StorageEventTarget {
  addEventListener?: (type: string, handler: (event: { key?: string | null }) => void) => void
  removeEventListener?: (type: string, handler: (event: { key?: string | null }) => void) => void
}

/**
 * The change listeners of a per-domain store (threads, conversations). `domainOf` maps one of the
 * store's keys to its domain (undefined for other keys); `knownDomains` are told when another tab
 * clears the whole storage (a `storage` event with a null key).
 */
export function createDomainListeners(
  storage: SafeStorage,
  domainOf: (key: string) => string | undefined,
  knownDomains: () => Iterable<string> = () => [],
): DomainListeners {
  const listeners = new Set<Listener>()
  const call = (listener: Listener, domain: string) => {
    try {
      listener(domain)
    } catch {
      // One broken subscriber must not stop the others.
    }
  }
  return {
    notify(domain) {
      for (const listener of [...listeners]) call(listener, domain)
    },
    subscribe(listener) {
      listeners.add(listener)
      const target = globalThis as StorageEventTarget
      // Other tabs writing the same localStorage fire `storage` events on this window.
      const onStorage = (event: { key?: string | null }) => {
        if (event.key === null) {
          for (const domain of knownDomains()) call(listener, domain)
          return
        }
        const domain = event.key ? domainOf(event.key) : undefined
        if (domain) call(listener, domain)
      }
      const crossTab = storage.kind === 'local' && typeof target.addEventListener === 'function'
      if (crossTab) target.addEventListener?.('storage', onStorage)
      return () => {
        listeners.delete(listener)
        if (crossTab) target.removeEventListener?.('storage', onStorage)
      }
    },
  }
}
