import { type DocsWarning, type DocsWarningHandler, reportWarning } from './warnings'

/** The subset of the Web Storage API DocChat uses (`localStorage`, `sessionStorage` or your own). */
export interface StorageLike {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
  key?(index: number): string | null
  readonly length?: number
}

/** A storage that never throws: failures fall back to memory and are reported through `onWarning`. */
export interface SafeStorage {
  /** `local` = `localStorage`, `custom` = the storage you passed, `memory` = nothing persists. */
  readonly kind: 'local' | 'memory' | 'custom'
  getItem(key: string): string | null
  /** Returns `true` when the value reached the backing storage, `false` when it lives in memory only. */
  setItem(key: string, value: string): boolean
  removeItem(key: string): void
  /** Keys starting with `prefix` (backing storage and memory fallback together). */
  keys(prefix?: string): string[]
}

export interface SafeStorageOptions {
  onWarning?: DocsWarningHandler
  /** Keys this library owns and may evict when the storage is full. Defaults to `'docchat:'`. */
  prefix?: string
  /** Keys never evicted to make room. Defaults to the fingerprint key (`docchat:fp`). */
  keep?: string[]
}

export type StorageOption = 'local' | 'memory' | StorageLike | SafeStorage | null | undefined

const safeStorageMarker = Symbol.for('docchat.SafeStorage')

export function isSafeStorage(value: unknown): value is SafeStorage {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[safeStorageMarker] === true
  )
}

function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { name, code } = error as { name?: unknown; code?: unknown }
  return (
    name === 'QuotaExceededError' ||
    name === 'NS_ERROR_DOM_QUOTA_REACHED' ||
    code === 22 ||
    code === 1014
  )
}

function localStorageOrUndefined(): StorageLike | undefined {
  try {
    // Reading the property itself throws in sandboxed iframes and with cookies blocked.
    const storage = (globalThis as { localStorage?: StorageLike }).localStorage
    return storage ?? undefined
  } catch {
    return undefined
  }
}

/**
 * Wraps a Web Storage so that nothing it does can throw at the user:
 * - no storage, or one that throws on access (private modes, sandboxed iframes) → memory;
 * - a full storage → evicts this library's oldest keys (`docchat:` prefix) and tries again, then
 *   keeps the value in memory and reports `storage-full`.
 *
 * `storage`: `undefined`/`'local'` uses `localStorage` when present, `null`/`'memory'` memory only.
 */
export function createSafeStorage(
  storage?: StorageOption,
  options: SafeStorageOptions = {},
): SafeStorage {
  if (isSafeStorage(storage)) return storage
  const prefix = options.prefix ?? 'docchat:'
  const keep = new Set(options.keep ?? [`${prefix}fp`])
  const indexKey = `${prefix}__written`
  const warned = new Set<DocsWarning['code']>()
  const warnOnce = (code: DocsWarning['code'], message: string, value?: unknown) => {
    if (warned.has(code)) return
    warned.add(code)
    reportWarning(options.onWarning, { code, message, ...(value === undefined ? {} : { value }) })
  }

  let backing: StorageLike | undefined
  let kind: SafeStorage['kind'] = 'memory'
  if (storage === null || storage === 'memory') {
    backing = undefined
  } else if (storage === undefined || storage === 'local') {
    backing = localStorageOrUndefined()
    kind = backing ? 'local' : 'memory'
  } else {
    backing = storage
    kind = 'custom'
  }
  if (backing) {
    try {
      const probe = `${prefix}__probe`
      backing.setItem(probe, '1')
      backing.removeItem(probe)
    } catch (error) {
      // A full storage is still a working one: eviction can make room later.
      if (!isQuotaError(error)) {
        warnOnce(
          'storage-unavailable',
          'Storage is not available; DocChat keeps threads in memory for this page only',
          error,
        )
        backing = undefined
        kind = 'memory'
      }
    }
  }

  const memory = new Map<string, string>()
  let written: Record<string, number> | undefined
  let lastWrite = 0

  const loadIndex = (): Record<string, number> => {
    if (written) return written
    written = {}
    try {
      const raw = backing?.getItem(indexKey)
      const parsed: unknown = raw ? JSON.parse(raw) : undefined
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        for (const [key, time] of Object.entries(parsed)) {
          if (typeof time === 'number') written[key] = time
        }
      }
    } catch {
      // A corrupt index only makes eviction order less precise.
    }
    return written
  }
  const saveIndex = () => {
    try {
      backing?.setItem(indexKey, JSON.stringify(loadIndex()))
    } catch {
      // Best effort: the index is an optimisation.
    }
  }

  const backingKeys = (): string[] => {
    const result: string[] = []
    if (!backing || typeof backing.key !== 'function') return result
    try {
      const length = backing.length ?? 0
      for (let index = 0; index < length; index++) {
        const key = backing.key(index)
        if (key !== null) result.push(key)
      }
    } catch {
      // Listing is best effort.
    }
    return result
  }

  const oldestEvictable = (except: ReadonlySet<string>): string | undefined => {
    const index = loadIndex()
    const candidates = new Set([...Object.keys(index), ...backingKeys()])
    let oldest: string | undefined
    let oldestTime = Number.POSITIVE_INFINITY
    for (const key of candidates) {
      if (!key.startsWith(prefix) || except.has(key) || key === indexKey || keep.has(key)) continue
      // Keys written before the index existed count as the oldest.
      const time = index[key] ?? 0
      if (time < oldestTime) {
        oldest = key
        oldestTime = time
      }
    }
    return oldest
  }

  const safe: SafeStorage & { [safeStorageMarker]: true } = {
    [safeStorageMarker]: true,
    get kind() {
      return kind
    },
    getItem(key) {
      const inMemory = memory.get(key)
      if (inMemory !== undefined) return inMemory
      if (!backing) return null
      try {
        return backing.getItem(key)
      } catch {
        return null
      }
    },
    setItem(key, value) {
      if (!backing) {
        memory.set(key, value)
        return false
      }
      const evicted: string[] = []
      for (;;) {
        try {
          backing.setItem(key, value)
          memory.delete(key)
          const index = loadIndex()
          for (const victim of evicted) delete index[victim]
          // Strictly increasing, so writes within one millisecond still have an order.
          lastWrite = Math.max(Date.now(), lastWrite + 1)
          index[key] = lastWrite
          saveIndex()
          return true
        } catch (error) {
          if (!isQuotaError(error)) {
            memory.set(key, value)
            warnOnce(
              'storage-unavailable',
              'Storage refused a write; keeping the value in memory',
              error,
            )
            return false
          }
          const victim = oldestEvictable(new Set([key, ...evicted]))
          if (victim === undefined) {
            memory.set(key, value)
            warnOnce(
              'storage-full',
              `Storage is full; "${key}" is kept in memory for this page only`,
              key,
            )
            return false
          }
          try {
            backing.removeItem(victim)
          } catch {
            // Ignore: the next attempt decides.
          }
          delete loadIndex()[victim]
          evicted.push(victim)
        }
      }
    },
    removeItem(key) {
      memory.delete(key)
      if (!backing) return
      try {
        backing.removeItem(key)
        const index = loadIndex()
        if (key in index) {
          delete index[key]
          saveIndex()
        }
      } catch {
        // Nothing to do: the key is gone from memory and unreadable anyway.
      }
    },
    keys(keyPrefix = '') {
      const all = new Set([...backingKeys(), ...memory.keys()])
      return [...all].filter((key) => key.startsWith(keyPrefix) && key !== indexKey)
    },
  }
  return safe
}
