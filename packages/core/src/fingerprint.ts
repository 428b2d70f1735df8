import { createSafeStorage, type StorageOption } from './safe-storage'

export interface FingerprintOptions {
  /**
   * `'anonymous'` sends the literal `anonymous` (no tracking); `'persistent'` a random id kept in
   * storage, so the API can group one visitor's conversations. Defaults to `'anonymous'`.
   */
  mode?: 'anonymous' | 'persistent'
  /** Where a persistent id is kept. Defaults to `'local'` (`localStorage`, else memory). */
  storage?: StorageOption
}

const fingerprintKey = 'docchat:fp'
// When nothing persists, one id per page keeps all calls consistent.
let pageFingerprint: string | undefined

function randomId(): string {
  const cryptoLike = (globalThis as { crypto?: Crypto }).crypto
  if (typeof cryptoLike?.randomUUID === 'function') return cryptoLike.randomUUID()
  const bytes = new Uint8Array(16)
  if (typeof cryptoLike?.getRandomValues === 'function') cryptoLike.getRandomValues(bytes)
  else
    for (let index = 0; index < bytes.length; index++)
      bytes[index] = Math.floor(Math.random() * 256)
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * The `fp` value of an assistant request: `'anonymous'`, or a random id that stays the same
 * across calls (and across visits when storage works). It identifies a browser, not a person.
 */
export function getFingerprint(options: FingerprintOptions = {}): string {
  if ((options.mode ?? 'anonymous') === 'anonymous') return 'anonymous'
  const storage = createSafeStorage(options.storage ?? 'local')
  const stored = storage.getItem(fingerprintKey)
  if (stored && /^fp_[\w-]{8,100}$/.test(stored)) return stored
  const id = pageFingerprint ?? `fp_${randomId()}`
  if (!storage.setItem(fingerprintKey, id)) pageFingerprint = id
  return id
}
