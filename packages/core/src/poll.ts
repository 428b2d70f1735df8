import { DocsApiError, toDocsApiError } from './errors'
import { abortError, sleep } from './retry'

/** How polling slows down while the record does not change; the same for the client and the hooks. */
export interface PollBackoffOptions {
  /** First delay between two polls; it grows ×`backoff` while nothing changes. Defaults to `2000`. */
  intervalMs?: number
  /** Upper bound of the delay between two polls. Defaults to `15000`. */
  maxIntervalMs?: number
  /** Growth per unchanged (or failed) poll. Defaults to `1.5`. */
  backoff?: number
}

/**
 * Delay before the next poll after `unchangedPolls` polls in a row brought nothing new: the first
 * interval again as soon as something changes, then growing geometrically up to the cap.
 */
export function pollDelay(unchangedPolls: number, options: PollBackoffOptions = {}): number {
  const intervalMs = Math.max(0, options.intervalMs ?? 2000)
  const maxIntervalMs = Math.max(intervalMs, options.maxIntervalMs ?? 15_000)
  const backoff = Math.max(1, options.backoff ?? 1.5)
  return Math.min(maxIntervalMs, intervalMs * backoff ** Math.max(0, unchangedPolls))
}

/**
 * Whether a failed poll ends the wait: an abort, or an error another poll would repeat (401, 404,
 * invalid response). Retryable failures (network, 5xx, 429 after the client's own retries) do not.
 */
export function endsPolling(error: unknown): boolean {
  const docsError = toDocsApiError(error)
  return docsError.kind === 'aborted' || !docsError.retryable
}

export interface WaitOptions<T> extends PollBackoffOptions {
  /**
   * Gives up with a `timeout` `DocsApiError` after this long. `0` or `Infinity` waits forever.
   * Defaults to 10 minutes for updates and 30 minutes for agent jobs.
   */
  timeoutMs?: number
  signal?: AbortSignal
  /** Called with the record every time it differs from the previous poll (including the first). */
  onUpdate?: (record: T) => void
}

export interface PollSpec<T> extends WaitOptions<T> {
  fetchOnce: (signal: AbortSignal) => Promise<T>
  isDone: (record: T) => boolean
  what: string
  defaultTimeoutMs: number
}

/** Polls until `isDone`, backing off with `pollDelay`; a failed poll ends it only if `endsPolling`. */
export async function pollUntil<T>(spec: PollSpec<T>): Promise<T> {
  const timeoutMs = spec.timeoutMs ?? spec.defaultTimeoutMs
  const controller = new AbortController()
  const onAbort = () => controller.abort(spec.signal?.reason)
  if (spec.signal?.aborted) throw abortError(spec.signal)
  spec.signal?.addEventListener('abort', onAbort, { once: true })
  let timedOut = false
  const timer =
    timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true
          controller.abort(new DOMException('Polling timed out', 'TimeoutError'))
        }, timeoutMs)
      : undefined
  let unchangedPolls = 0
  let lastSeen: string | undefined
  try {
    for (;;) {
      let record: T | undefined
      try {
        record = await spec.fetchOnce(controller.signal)
      } catch (cause) {
        if (endsPolling(cause)) throw toDocsApiError(cause)
      }
      const serialized = record === undefined ? undefined : JSON.stringify(record)
      if (record !== undefined && serialized !== lastSeen) {
        lastSeen = serialized
        unchangedPolls = 0
        spec.onUpdate?.(record)
      } else {
        unchangedPolls++
      }
      if (record !== undefined && spec.isDone(record)) return record
      await sleep(pollDelay(unchangedPolls, spec), controller.signal)
    }
  } catch (cause) {
    if (timedOut) {
      throw new DocsApiError(`Gave up waiting for ${spec.what} after ${timeoutMs} ms`, {
        kind: 'timeout',
        cause,
      })
    }
    if (spec.signal?.aborted) throw abortError(spec.signal)
    throw cause
  } finally {
    clearTimeout(timer)
    spec.signal?.removeEventListener('abort', onAbort)
  }
}
