/** The controllable stream: bytes fed to a reader in chunkings a test chooses (and replays). */
import { readFileSync } from 'node:fs'
import { sharedPath } from './shared-dir'

/** The production capture, relative to the shared folder (api-contract §5.1). */
export const CAPTURED_SAMPLE = 'spec/samples/mintie-bot-response_prod.txt'

/** The production capture, read at test time (never copied into the repo). */
export function readCapturedSample(): Uint8Array {
  return new Uint8Array(readFileSync(sharedPath(CAPTURED_SAMPLE)))
}

/** The production capture as text (api-contract §5.1). */
export function readCapturedSampleText(): string {
  return readFileSync(sharedPath(CAPTURED_SAMPLE), 'utf8')
}

/** Deterministic PRNG (mulberry32) so a failing chunking can be replayed from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Splits `bytes` at random offsets (chunks of 1..maxSize bytes). */
export function randomChunks(bytes: Uint8Array, seed: number, maxSize = 64): Uint8Array[] {
  const random = seededRandom(seed)
  const chunks: Uint8Array[] = []
  let offset = 0
  while (offset < bytes.length) {
    const size = 1 + Math.floor(random() * maxSize)
    chunks.push(bytes.subarray(offset, offset + size))
    offset += size
  }
  return chunks
}

/** Splits `bytes` at the given offsets. */
export function chunksAt(bytes: Uint8Array, offsets: number[]): Uint8Array[] {
  const chunks: Uint8Array[] = []
  let start = 0
  for (const offset of [...offsets, bytes.length]) {
    chunks.push(bytes.subarray(start, offset))
    start = offset
  }
  return chunks
}

export function streamOf(chunks: Array<Uint8Array | string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let index = 0
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++]
      if (chunk === undefined) controller.close()
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk)
    },
  })
}

/**
 * A body that never closes, recording whether its reader cancelled it: `once` is enqueued at the
 * start, or `each(n)` on the n-th pull (from 1), as often as the reader pulls.
 */
export function watchedBody(source: { once: string } | { each: (pull: number) => string }): {
  body: ReadableStream<Uint8Array>
  cancelled: () => boolean
} {
  const encoder = new TextEncoder()
  let cancelled = false
  let pulls = 0
  const body = new ReadableStream<Uint8Array>({
    ...('once' in source
      ? { start: (controller) => controller.enqueue(encoder.encode(source.once)) }
      : { pull: (controller) => controller.enqueue(encoder.encode(source.each(++pulls))) }),
    cancel() {
      cancelled = true
    },
  })
  return { body, cancelled: () => cancelled }
}

/** Drains an async iterable or a ReadableStream (not typed as async-iterable by the DOM lib). */
export async function collect<T>(source: AsyncIterable<T> | ReadableStream<T>): Promise<T[]> {
  const items: T[] = []
  if (source instanceof ReadableStream) {
    const reader = source.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return items
      items.push(value)
    }
  }
  for await (const item of source) items.push(item)
  return items
}
