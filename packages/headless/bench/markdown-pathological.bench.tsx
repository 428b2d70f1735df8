/**
 * Pathological markdown (issue 9 §3): how long each input takes to parse and to render with
 * `<Markdown>` (react-dom/server, production React), in CPU milliseconds, fastest of 3.
 * Goals: every `run` (one punctuation character ×60,000) and `known` input renders in under 50 ms,
 * and every input, `stress` included, parses in under 50 ms. Run with `pnpm bench`.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { Markdown } from '../src/markdown/markdown'
import { cpuMs } from '@docchat/test-utils/linear-time'
import { PATHOLOGICAL_INPUTS, parseAll } from './pathological-inputs'

const GOAL_MS = 50

// Warm the JIT on small inputs so the first measured case does not pay for compilation.
for (const input of PATHOLOGICAL_INPUTS) {
  renderToStaticMarkup(<Markdown content={input.markdown.slice(0, 500)} />)
}

const rows = PATHOLOGICAL_INPUTS.map((input) => ({
  input: input.name,
  kind: input.kind,
  chars: input.markdown.length,
  'parse ms': Number(cpuMs(() => parseAll(input.markdown)).toFixed(1)),
  'render ms': Number(
    cpuMs(() => renderToStaticMarkup(<Markdown content={input.markdown} />)).toFixed(1),
  ),
}))

console.log(
  `Pathological markdown, ${rows.length} inputs (CPU ms, fastest of 3, Node ${process.version})`,
)
console.table([...rows].sort((a, b) => b['render ms'] - a['render ms']).slice(0, 25), [
  'input',
  'kind',
  'chars',
  'parse ms',
  'render ms',
])
console.log('(the 25 slowest renders; all inputs are measured)')

let belowGoal = true
const report = (label: string, subset: typeof rows, key: 'parse ms' | 'render ms') => {
  const worst = subset.reduce((a, b) => (b[key] > a[key] ? b : a))
  const ok = worst[key] < GOAL_MS
  belowGoal &&= ok
  console.log(
    `goal: ${label} < ${GOAL_MS} ms: worst ${worst[key]} ms (${worst.input}) ${ok ? 'ok' : 'ABOVE GOAL'}`,
  )
}
report(
  'render of each punctuation run ×60,000 and known case',
  rows.filter((row) => row.kind !== 'stress'),
  'render ms',
)
report(`parse of every input (${rows.length})`, rows, 'parse ms')
const stress = rows.filter((row) => row.kind === 'stress')
const slowStress = stress.filter((row) => row['render ms'] >= GOAL_MS)
console.log(
  `stress inputs rendering in ≥ ${GOAL_MS} ms: ${slowStress.length} of ${stress.length} (${slowStress.map((row) => row.input).join(', ') || 'none'}): their output has tens of thousands of elements`,
)
if (!belowGoal && process.env.BENCH_STRICT === '1') process.exitCode = 1
