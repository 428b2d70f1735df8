/** The Web Storage subset the headless parts need. */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/**
 * Wraps a storage so that reads and writes never throw (Safari private mode, quota, blocked cookies,
 * SSR). Falls back to memory when no storage is available.
 */
export function createNeverThrowingStorage(storage?: StorageLike | null): StorageLike {
  const memory = new Map<string, string>()
  const resolve = (): StorageLike | null => {
    if (storage !== undefined) return storage
    try {
      return typeof window !== 'undefined' ? window.localStorage : null
    } catch {
      return null
    }
  }
  return {
    getItem(key) {
      try {
        const value = resolve()?.getItem(key)
        if (value !== undefined && value !== null) return value
      } catch {
        // fall through to memory
      }
      return memory.get(key) ?? null
    },
    setItem(key, value) {
      memory.set(key, value)
      try {
        resolve()?.setItem(key, value)
      } catch {
        // the memory copy keeps the session working
      }
    },
    removeItem(key) {
      memory.delete(key)
      try {
        resolve()?.removeItem(key)
      } catch {
        // nothing to do
      }
    },
  }
}
