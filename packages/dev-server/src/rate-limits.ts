/** Fixed-window rate limits of the contract, configurable down to tiny numbers for tests. */
import { HttpError } from './http'

export interface RateLimits {
  /** Assistant messages per key per 30 days (credits). Default 10,000. */
  perKeyPerMonth?: number
  /** Discovery requests per organization per hour. Default 10,000. */
  perOrgPerHour?: number
  /** Assistant messages per client IP per day. Default 10,000. */
  perIpPerDay?: number
  /** Agent jobs created per project per hour. Default 100. */
  agentJobsPerProjectPerHour?: number
  /** Update triggers per organization per 10 seconds. Default 10. */
  updatesPerOrgPer10s?: number
}

export const defaultRateLimits: Required<RateLimits> = {
  perKeyPerMonth: 10_000,
  perOrgPerHour: 10_000,
  perIpPerDay: 10_000,
  agentJobsPerProjectPerHour: 100,
  updatesPerOrgPer10s: 10,
}

export const windows = {
  month: 30 * 24 * 3600_000,
  day: 24 * 3600_000,
  hour: 3600_000,
  tenSeconds: 10_000,
}

export interface RateRule {
  bucket: string
  limit: number
  windowMs: number
  /** How the limit reads in the error message, e.g. "requests per organization per hour". */
  what: string
}

interface Counter {
  windowStart: number
  windowMs: number
  count: number
}

/** Above this many buckets, counters of ended windows are dropped (one bucket per client IP). */
const pruneAbove = 10_000

export class RateLimiter {
  private readonly counters = new Map<string, Counter>()

  constructor(private readonly now: () => number) {}

  /**
   * Counts one hit in every rule, or none: throws 429 with `Retry-After` when any rule already
   * reached its limit inside its window.
   */
  hit(rules: RateRule[]): void {
    const now = this.now()
    if (this.counters.size > pruneAbove) this.prune(now)
    const counters: Counter[] = []
    for (const rule of rules) {
      const windowStart = Math.floor(now / rule.windowMs) * rule.windowMs
      let counter = this.counters.get(rule.bucket)
      if (!counter || counter.windowStart !== windowStart) {
        counter = { windowStart, windowMs: rule.windowMs, count: 0 }
        this.counters.set(rule.bucket, counter)
      }
      if (counter.count >= rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000))
        throw new HttpError(
          429,
          `Rate limit exceeded: ${rule.limit} ${rule.what}. Retry in ${retryAfter}s`,
          { headers: { 'Retry-After': String(retryAfter) } },
        )
      }
      counters.push(counter)
    }
    for (const counter of counters) counter.count++
  }

  private prune(now: number): void {
    for (const [bucket, counter] of this.counters) {
      if (counter.windowStart + counter.windowMs <= now) this.counters.delete(bucket)
    }
  }

  get size(): number {
    return this.counters.size
  }

  reset(): void {
    this.counters.clear()
  }
}
