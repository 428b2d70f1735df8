import { DocsApiError, toDocsApiError } from './errors'
import { abortError, sleep } from './retry'

export interface WaitOptions<T> {
  /** First delay between two polls; it grows ×1.5 while nothing changes. Defaults to `2000`. */
  intervalMs?: number
  /** Upper bound of the delay between two polls. Defaults to `15000`. */
  maxIntervalMs?: number
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

/**
 * Polls until `isDone`. A failed poll that is `retryable` (network, 5xx, 429 after the client's own
 * retries) does not end the wait; anything else (401, 404, invalid response) does.
 */
export async function pollUntil<T>(spec: PollSpec<T>): Promise<T> {
  const baseInterval = Math.max(0, spec.intervalMs ?? 2000)
  const maxInterval = Math.max(baseInterval, spec.maxIntervalMs ?? 15_000)
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
  let interval = baseInterval
  let lastSeen: string | undefined
  try {
    for (;;) {
      let record: T | undefined
      try {
        record = await spec.fetchOnce(controller.signal)
      } catch (cause) {
        const error = toDocsApiError(cause)
        if (error.kind === 'aborted' || !error.retryable) throw error
      }
      if (record !== undefined) {
        const serialized = JSON.stringify(record)
        if (serialized !== lastSeen) {
          lastSeen = serialized
          interval = baseInterval
          spec.onUpdate?.(record)
        } else {
          interval = Math.min(maxInterval, interval * 1.5)
        }
        if (spec.isDone(record)) return record
      } else {
        interval = Math.min(maxInterval, interval * 1.5)
      }
      await sleep(interval, controller.signal)
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
