/**
 * The one linear-time check: times a function on an input of size n and of size 8n (CPU time,
 * fastest of a few runs) and fails when the ratio says the work grows faster than n log n.
 *
 * A ratio, not a wall-clock limit: it calibrates itself to whatever machine and load the run
 * has, so a slow CI box cannot fail it and a quadratic function (ratio ≈ 64) cannot pass it.
 */
import { expect } from 'vitest'

export interface LinearTimeOptions {
  /** Starting size; doubled until one run takes at least `minMs`. Defaults to `1_000`. */
  n?: number
  /** Largest small size tried before giving up on a measurable time. Defaults to `400_000`. */
  maxN?: number
  /** Growth between the two sizes. Defaults to `8`. */
  factor?: number
  /** CPU milliseconds the small size must take to be measured reliably. Defaults to `4`. */
  minMs?: number
  /** Runs per size; the fastest counts. Defaults to `3`. */
  runs?: number
  /**
   * Highest ratio allowed. Defaults to `4 × factor` (32 for 8n): linear is ≈ 8 (up to ≈ 25 on a
   * loaded machine, where the large input also costs cache misses and collections), n log n ≈ 10,
   * quadratic ≈ 64.
   */
  maxRatio?: number
}

export interface LinearTimeResult {
  n: number
  smallMs: number
  largeMs: number
  ratio: number
}

/** CPU milliseconds of the fastest of `runs` calls (CPU, not wall time: the machine is shared). */
export function cpuMs(run: () => unknown, runs = 3): number {
  let best = Number.POSITIVE_INFINITY
  for (let index = 0; index < runs; index++) {
    const start = process.cpuUsage()
    run()
    const used = process.cpuUsage(start)
    best = Math.min(best, (used.user + used.system) / 1000)
  }
  return best
}

/** Measures the growth of `run(makeInput(n))` from n to `factor`·n. */
export function measureGrowth<T>(
  makeInput: (n: number) => T,
  run: (input: T) => unknown,
  options: LinearTimeOptions = {},
): LinearTimeResult {
  const { factor = 8, minMs = 4, runs = 3, maxN = 400_000 } = options
  let n = options.n ?? 1_000
  let small = makeInput(n)
  let smallMs = cpuMs(() => run(small), runs)
  while (smallMs < minMs && n * 2 <= maxN) {
    n *= 2
    small = makeInput(n)
    smallMs = cpuMs(() => run(small), runs)
  }
  const large = makeInput(n * factor)
  // A floor of 0.5 ms keeps a function too fast to time at any size from dividing by ~0.
  const largeMs = cpuMs(() => run(large), runs)
  return { n, smallMs, largeMs, ratio: largeMs / Math.max(smallMs, 0.5) }
}

/**
 * Asserts that `run` is linear (or n log n) in the size of its input. `makeInput(n)` builds the
 * worst input of size n the test can think of (a run of spaces, slashes, unclosed brackets…).
 */
export function expectLinearTime<T>(
  makeInput: (n: number) => T,
  run: (input: T) => unknown,
  options: LinearTimeOptions = {},
): LinearTimeResult {
  const factor = options.factor ?? 8
  const maxRatio = options.maxRatio ?? 4 * factor
  let result = measureGrowth(makeInput, run, options)
  // Two retries, the best counting: a collection or a neighbour's burst during the large run can
  // double it once; a quadratic function fails every time.
  for (let retry = 0; retry < 2 && result.ratio > maxRatio; retry++) {
    const again = measureGrowth(makeInput, run, { ...options, n: result.n })
    if (again.ratio < result.ratio) result = again
  }
  expect(
    result.ratio,
    `time grew ${result.ratio.toFixed(1)}× from n=${result.n} (${result.smallMs.toFixed(1)} ms) to ${factor}n (${result.largeMs.toFixed(1)} ms); linear is ≈${factor}×`,
  ).toBeLessThanOrEqual(maxRatio)
  return result
}
