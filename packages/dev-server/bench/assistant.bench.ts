/**
 * Assistant benchmark: time to first byte and to the first text part of the v1 assistant stream
 * in offline mode over the default corpus (the kit's docs), through the real fetch handler.
 */
import { loadavg } from 'node:os'
import { createDevServer } from '../src/server'

const runs = 300
const warmup = 20
const targetFirstTextMs = 50

const questions = [
  'How do I install DocChat?',
  'How do I add the widget to my site?',
  'How do threads work?',
  'How do I proxy the assistant key?',
  'What does the dev server do?',
  'How do I theme the widget?',
  'Which React hooks are there?',
  'How do I use the AI SDK v5 transport?',
  'How do I capture context from code blocks?',
  'What is the weather in Paris?',
]

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)
  return sorted[Math.max(0, index)] ?? Number.NaN
}

async function once(server: Awaited<ReturnType<typeof createDevServer>>, question: string) {
  const start = performance.now()
  const cpuStart = process.cpuUsage()
  const response = await server.fetch(
    new Request('http://bench.local/discovery/v1/assistant/docchat/message', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${server.keys.assistant}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [
          { id: 'q', role: 'user', content: question, parts: [{ type: 'text', text: question }] },
        ],
      }),
    }),
  )
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let firstByte = Number.NaN
  let firstText = Number.NaN
  let firstTextCpu = Number.NaN
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    if (Number.isNaN(firstByte)) firstByte = performance.now() - start
    if (Number.isNaN(firstText)) {
      buffer += decoder.decode(value, { stream: true })
      if (/(^|\n)0:/.test(buffer)) {
        firstText = performance.now() - start
        const cpu = process.cpuUsage(cpuStart)
        firstTextCpu = (cpu.user + cpu.system) / 1000
      }
    }
  }
  return { firstByte, firstText, firstTextCpu, total: performance.now() - start }
}

export async function run(): Promise<void> {
  const started = performance.now()
  const server = await createDevServer({
    seed: false,
    rateLimits: { perKeyPerMonth: 1e9, perIpPerDay: 1e9, perOrgPerHour: 1e9 },
  })
  const pages = server.docs('docchat')?.corpus.pages.length ?? 0
  console.log(
    `default corpus: ${pages} pages, server ready in ${(performance.now() - started).toFixed(0)} ms`,
  )
  for (let i = 0; i < warmup; i++) await once(server, questions[i % questions.length]!)
  const firstBytes: number[] = []
  const firstTexts: number[] = []
  const totals: number[] = []
  const firstTextCpus: number[] = []
  // CPU time does not grow with machine load the way wall-clock latency does.
  const cpuBefore = process.cpuUsage()
  for (let i = 0; i < runs; i++) {
    const result = await once(server, questions[i % questions.length]!)
    firstBytes.push(result.firstByte)
    firstTexts.push(result.firstText)
    totals.push(result.total)
    firstTextCpus.push(result.firstTextCpu)
  }
  const cpu = process.cpuUsage(cpuBefore)
  const cpuPerRequest = (cpu.user + cpu.system) / 1000 / runs
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return {
      metric: name,
      p50: percentile(sorted, 50).toFixed(2),
      p95: percentile(sorted, 95).toFixed(2),
      max: (sorted.at(-1) ?? Number.NaN).toFixed(2),
    }
  }
  console.table([
    row('first byte (ms)', firstBytes),
    row('first text part (ms)', firstTexts),
    row('whole stream (ms)', totals),
    row('CPU to first text part (ms)', firstTextCpus),
  ])
  const p95 = percentile(
    [...firstTexts].sort((a, b) => a - b),
    95,
  )
  console.log(
    `${runs} runs over ${questions.length} questions (1 in ${questions.length} unanswerable); load average ${loadavg()[0]?.toFixed(2)}. ` +
      `CPU per whole request ${cpuPerRequest.toFixed(2)} ms. ` +
      `First text part p95 ${p95.toFixed(1)} ms: ${p95 < targetFirstTextMs ? 'within' : 'OVER'} the ${targetFirstTextMs} ms target.`,
  )
}
