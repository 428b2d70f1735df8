/** Identifiers in the shapes the real service uses: ULID thread ids, opaque keys, Mongo-style ids. */

const crockford = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length)
  globalThis.crypto.getRandomValues(bytes)
  return bytes
}

/** A ULID: 48-bit millisecond time + 80 random bits, Crockford base32, sortable by time. */
export function ulid(time: number): string {
  let out = ''
  let t = Math.max(0, Math.floor(time))
  for (let i = 0; i < 10; i++) {
    out = crockford[t % 32] + out
    t = Math.floor(t / 32)
  }
  const bytes = randomBytes(16)
  for (let i = 0; i < 16; i++) out += crockford[(bytes[i] ?? 0) % 32]
  return out
}

export function randomToken(bytes = 24): string {
  let out = ''
  for (const byte of randomBytes(bytes)) out += byte.toString(16).padStart(2, '0')
  return out
}

/** 24 hex characters like a MongoDB ObjectId (the update-status `_id`). */
export function objectId(time: number, counter: number): string {
  const seconds = Math.floor(time / 1000)
    .toString(16)
    .padStart(8, '0')
  return `${seconds}${counter.toString(16).padStart(16, '0')}`.slice(0, 24)
}

/** Small deterministic string hash (FNV-1a), for ids that must be stable across restarts. */
export function hash(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
