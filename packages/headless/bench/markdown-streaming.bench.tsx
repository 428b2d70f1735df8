/**
 * Streaming markdown (issue 14 §3): an answer arrives 4 characters per update and is rendered after
 * each one (react-dom client into a jsdom document, production React, CPU time).
 * 1. Per-update cost of `<Markdown>` as the answer grows: the median update around 1k, 8k and 32k
 *    characters. Goal: flat (the cost of update n does not grow with n).
 * 2. `<Markdown>` next to streamdown (the renderer of the AI SDK's ai-elements) on the same 8k
 *    stream. Goal: our CPU ≤ 0.12× of streamdown's.
 * Run with `pnpm bench`.
 */
// @ts-expect-error jsdom ships no type declarations (and @types/jsdom is not a dependency)
import { JSDOM } from 'jsdom'
import type { ReactElement } from 'react'
import { answerOfLength } from './streaming-answer'

const dom = new JSDOM('<!doctype html><html><body></body></html>', {
  pretendToBeVisual: true,
  url: 'http://localhost/',
})
const globals = globalThis as Record<string, unknown>
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globals) continue
  try {
    globals[key] = (dom.window as unknown as Record<string, unknown>)[key]
  } catch {
    // A getter jsdom refuses outside a page (none the renderers need).
  }
}
globals.window = dom.window
globals.document = dom.window.document

const { createElement } = await import('react')
const { flushSync } = await import('react-dom')
const { createRoot } = await import('react-dom/client')
const { Markdown } = await import('../src/markdown/markdown')
const { Streamdown } = await import('streamdown')

const CHARS_PER_UPDATE = 4
const FLATNESS_GOAL = 1.5
const STREAMDOWN_GOAL = 0.12

type Renderer = (content: string) => ReactElement

const renderers: Record<'ours' | 'streamdown', Renderer> = {
  // As the widget renders answers (headings under its own <h2>).
  ours: (content) => createElement(Markdown, { content, streaming: true, baseHeadingLevel: 3 }),
  streamdown: (content) => createElement(Streamdown, null, content),
}

/** Streams `answer` into a fresh root; returns the CPU milliseconds of each update. */
function stream(answer: string, render: Renderer): number[] {
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  const costs: number[] = []
  let content = ''
  for (
    let end = CHARS_PER_UPDATE;
    end < answer.length + CHARS_PER_UPDATE;
    end += CHARS_PER_UPDATE
  ) {
    // Appended as a chat hook does (`content += delta`): the renderer gets a new (rope) string each
    // time, as in an app.
    content += answer.slice(end - CHARS_PER_UPDATE, end)
    const start = process.cpuUsage()
    flushSync(() => root.render(render(content)))
    const used = process.cpuUsage(start)
    costs.push((used.user + used.system) / 1000)
  }
  root.unmount()
  container.remove()
  return costs
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]!
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

// Warm up both renderers (JIT, React internals) before measuring anything.
stream(answerOfLength(4_000), renderers.ours)
stream(answerOfLength(2_000), renderers.streamdown)

// 1. Per-update cost along one 32k answer, each point the median of the 250 updates (1,000
//    characters: one period of the answer's repeating mix of blocks) that end there.
const long = answerOfLength(32_000)
const costs = stream(long, renderers.ours)
const window = 1_000 / CHARS_PER_UPDATE
const points = [1_000, 8_000, 32_000].map((chars) => {
  const last = Math.min(costs.length, Math.round(chars / CHARS_PER_UPDATE))
  const slice = costs.slice(last - window, last)
  return { chars, ms: median(slice), mean: sum(slice) / slice.length }
})
console.log(
  `<Markdown> per-update CPU while streaming a ${long.length}-character answer, ${CHARS_PER_UPDATE} characters per update (Node ${process.version}, jsdom, production React)`,
)
console.table(
  points.map((point) => ({
    'answer length': point.chars,
    'median update ms': Number(point.ms.toFixed(3)),
    'mean update ms': Number(point.mean.toFixed(3)),
  })),
)
const growth = points[2]!.ms / points[0]!.ms
console.log(
  `goal: per-update cost flat as the answer grows (32k / 1k ≤ ${FLATNESS_GOAL}): ${growth.toFixed(2)}× ${growth <= FLATNESS_GOAL ? 'ok' : 'ABOVE GOAL'}`,
)

// 2. Ours vs streamdown on the same 8k stream; alternating, fastest of 3 totals each.
const answer = answerOfLength(8_000)
const totals = { ours: [] as number[], streamdown: [] as number[] }
for (let run = 0; run < 3; run++) {
  totals.ours.push(sum(stream(answer, renderers.ours)))
  totals.streamdown.push(sum(stream(answer, renderers.streamdown)))
}
const ours = Math.min(...totals.ours)
const theirs = Math.min(...totals.streamdown)
const updates = Math.ceil(answer.length / CHARS_PER_UPDATE)
console.log(`\nThe same ${answer.length}-character stream (${updates} updates), total CPU`)
console.table([
  { renderer: '<Markdown> (@docchat/headless)', 'total ms': Number(ours.toFixed(1)) },
  { renderer: 'streamdown 2.7.1', 'total ms': Number(theirs.toFixed(1)) },
])
const ratio = ours / theirs
console.log(
  `goal: our CPU ≤ ${STREAMDOWN_GOAL}× streamdown's: ${ratio.toFixed(3)}× ${ratio <= STREAMDOWN_GOAL ? 'ok' : 'ABOVE GOAL'}`,
)
if ((growth > FLATNESS_GOAL || ratio > STREAMDOWN_GOAL) && process.env.BENCH_STRICT === '1') {
  process.exitCode = 1
}
