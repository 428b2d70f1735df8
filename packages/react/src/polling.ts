export interface PollingOptions {
  /** First poll interval in ms. Defaults to `1000`. */
  intervalMs?: number
  /** Longest interval the backoff grows to. Defaults to `10000`. */
  maxIntervalMs?: number
  /** Growth per unchanged poll. Defaults to `1.5`. */
  backoff?: number
}

/** Interval for the poll after `polls` polls: grows geometrically, capped. */
export function pollInterval(polls: number, options: PollingOptions = {}): number {
  const { intervalMs = 1000, maxIntervalMs = 10_000, backoff = 1.5 } = options
  return Math.min(
    intervalMs * backoff ** Math.max(0, polls - 1),
    Math.max(intervalMs, maxIntervalMs),
  )
}
