// Chromium bench for the drop-in (dist-embed/, run `pnpm build` first):
// 1. Host-page cost of the first file: script evaluation, init time, layout shift.
// 2. Streaming a 4,000-word answer with 10 code blocks at 200 tokens/s through the widget:
//    long tasks (PerformanceObserver 'longtask') max duration and total blocking time.
// The answer comes from a local v1 data stream (the wire format of the assistant endpoint), paced
// by wall clock, so the numbers measure the widget rather than a model.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { launchChromium } from './support/chromium.mjs'
import { serveOnLoopback } from './support/loopback.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const embed = join(root, 'dist-embed')
if (!existsSync(join(embed, 'docchat.js'))) {
  console.error('dist-embed/ is missing: run `pnpm build` first')
  process.exit(1)
}
const tokensPerSecond = Number(process.env.BENCH_TOKEN_RATE ?? 200)
const cpuThrottling = Number(process.env.BENCH_CPU_THROTTLING ?? 1)

// --- The answer: ~4,000 words of prose and 10 fenced code blocks -------------------------------
const vocabulary =
  'the widget streams answers from your docs and cites every page it used so readers can check ' +
  'configuration options theme accent radius font shortcut panel modal sidebar search results ' +
  'group by page with breadcrumbs while the assistant keeps the thread across reloads and retries'
const words = vocabulary.split(' ')
const languages = ['ts', 'bash', 'json', 'tsx', 'python', 'yaml', 'js', 'css', 'html', 'go']
function codeBlock(index) {
  const language = languages[index % languages.length]
  const lines = []
  for (let line = 0; line < 8; line++) {
    lines.push(
      `const option${line} = createDocsClient({ baseUrl: "https://api.example.com", retries: ${line} }) // step ${line}`,
    )
  }
  return `\`\`\`${language}\n${lines.join('\n')}\n\`\`\``
}
function buildAnswer() {
  const blocks = []
  let wordCount = 0
  let seed = 7
  const next = () => {
    seed = (seed * 48271) % 2147483647
    return seed
  }
  for (let section = 0; section < 10; section++) {
    blocks.push(`## Step ${section + 1}: configure part ${section + 1}`)
    wordCount += 5
    for (let paragraph = 0; paragraph < 4; paragraph++) {
      const sentence = []
      for (let i = 0; i < 80; i++) sentence.push(words[next() % words.length])
      wordCount += sentence.length
      // A citation link per paragraph, like real answers: [1](/page).
      blocks.push(`${sentence.join(' ')} [${(section % 3) + 1}](/guides/page-${section % 3}).`)
    }
    blocks.push(`- ${words.slice(0, 8).join(' ')}\n- ${words.slice(8, 16).join(' ')}`)
    wordCount += 16
    blocks.push(codeBlock(section))
    wordCount += 8 * 9
  }
  return { text: blocks.join('\n\n'), wordCount }
}
const answer = buildAnswer()
// LLM-like tokens: a word (with its leading whitespace) or a run of punctuation.
const tokens = answer.text.match(/\s*[\w]+|\s*[^\w\s]+|\s+/g)

function streamAnswer(response) {
  response.writeHead(200, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Vercel-AI-Data-Stream': 'v1',
    'X-Thread-Id': 'thread-bench',
    'X-Thread-Key': 'key-bench',
    'Cache-Control': 'no-cache',
  })
  const line = (code, value) => response.write(`${code}:${JSON.stringify(value)}\n`)
  line('f', { messageId: 'msg-bench-search' })
  line('9', { toolCallId: 'call_1', toolName: 'search', args: { query: 'bench' } })
  line('a', {
    toolCallId: 'call_1',
    result: [0, 1, 2].map((i) => ({
      content: `Page ${i} content`,
      path: `/guides/page-${i}`,
      metadata: { title: `Guide page ${i}` },
    })),
  })
  line('e', {
    finishReason: 'tool-calls',
    usage: { promptTokens: 10, completionTokens: 5 },
    isContinued: false,
  })
  line('f', { messageId: 'msg-bench-answer' })
  const started = Date.now()
  let sent = 0
  const timer = setInterval(() => {
    const due = Math.min(
      tokens.length,
      Math.floor(((Date.now() - started) / 1000) * tokensPerSecond),
    )
    let chunk = ''
    for (; sent < due; sent++) chunk += `0:${JSON.stringify(tokens[sent])}\n`
    if (chunk) response.write(chunk)
    if (sent >= tokens.length) {
      clearInterval(timer)
      line('e', {
        finishReason: 'stop',
        usage: { promptTokens: 10, completionTokens: tokens.length },
        isContinued: false,
      })
      line('d', {
        finishReason: 'stop',
        usage: { promptTokens: 20, completionTokens: tokens.length + 5 },
      })
      response.end()
    }
  }, 10)
  response.on('close', () => clearInterval(timer))
}

// The host page runs under a strict Content-Security-Policy: no 'unsafe-inline', no
// 'unsafe-eval'; its own inline bits carry a nonce. Violations are counted and must be 0.
const nonce = 'bench-nonce-4f1c'
const contentSecurityPolicy = [
  "default-src 'none'",
  // BENCH_STRICT_DYNAMIC=1: nonce-only scripts; the panel chunk then loads on the loader's trust.
  process.env.BENCH_STRICT_DYNAMIC
    ? `script-src 'nonce-${nonce}' 'strict-dynamic'`
    : `script-src 'self' 'nonce-${nonce}'`,
  `style-src 'self' 'nonce-${nonce}'`,
  "connect-src 'self'",
  "img-src 'self'",
].join('; ')
const hostPage = (origin) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Docs page</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style nonce="${nonce}">body{font:16px/1.6 system-ui;max-width:720px;margin:40px auto;padding:0 16px}</style>
</head><body><main><h1>Getting started</h1>
${Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i}: ${words.join(' ')}</p>`).join('\n')}
</main>
<script nonce="${nonce}">performance.mark('docchat:before')</script>
<script src="/docchat.js" nonce="${nonce}" data-domain="bench" data-api-base-url="${origin}" data-assistant-key="mint_dsc_bench"></script>
<script nonce="${nonce}">performance.mark('docchat:after')</script>
</body></html>`

const { server, origin } = await serveOnLoopback((request, response, origin) => {
  if (request.method === 'GET' && (request.url === '/' || request.url === '/index.html')) {
    response.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': contentSecurityPolicy,
    })
    response.end(hostPage(origin))
  } else if (request.method === 'GET' && /^\/docchat(-panel)?\.js$/.test(request.url)) {
    response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' })
    response.end(readFileSync(join(embed, request.url.slice(1))))
  } else if (request.method === 'POST' && request.url.startsWith('/discovery/v1/assistant/')) {
    request.resume()
    request.on('end', () => streamAnswer(response))
  } else if (request.method === 'POST' && request.url.startsWith('/discovery/v1/search/')) {
    request.resume()
    response.writeHead(200, { 'Content-Type': 'application/json' })
    response.end('[]')
  } else return false
})

const browser = await launchChromium()
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  if (cpuThrottling > 1) {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottling })
  }
  // A trace gives each task's thread (CPU) time next to its wall time: on a busy machine the
  // longtask API's wall-clock durations include time the renderer spent descheduled.
  const tracer = await page.context().newCDPSession(page)
  const traceEvents = []
  tracer.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value))
  await tracer.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
    transferMode: 'ReportEvents',
  })
  await page.addInitScript(() => {
    const bench = { longTasks: [], shifts: [], cspViolations: [] }
    window.__bench = bench
    document.addEventListener('securitypolicyviolation', (event) =>
      bench.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    )
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        bench.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) bench.shifts.push({ start: entry.startTime, value: entry.value })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(origin, { waitUntil: 'load' })

  // --- 1. Host-page cost of the first file ------------------------------------------------------
  const host = await page.evaluate(async () => {
    const resource = performance
      .getEntriesByType('resource')
      .find((e) => e.name.endsWith('/docchat.js'))
    const after = performance.getEntriesByName('docchat:after')[0]
    const initStart = performance.now()
    const instance = await window.DocChat.ready
    const shadow = document.querySelector('docchat-widget')?.shadowRoot
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    return {
      transferBytes: resource?.encodedBodySize,
      scriptEvaluationWallMs:
        after && resource ? after.startTime - resource.responseEnd : undefined,
      initMs: performance.now() - initStart,
      triggerDrawn: Boolean(shadow?.querySelector('.docchat-trigger')),
      initialized: Boolean(instance),
      layoutShift: window.__bench.shifts.reduce((sum, s) => sum + s.value, 0),
      longTasksBeforeUse: window.__bench.longTasks.length,
    }
  })

  // --- 2. Streaming -----------------------------------------------------------------------------
  // BENCH_PROFILE=1 prints where main-thread time goes (CPU profile, self time per function).
  const profiler = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : undefined
  if (profiler) {
    await profiler.send('Profiler.enable')
    await profiler.send('Profiler.setSamplingInterval', { interval: 200 })
    await profiler.send('Profiler.start')
  }
  const askedAt = await page.evaluate(async () => {
    const instance = await window.DocChat.ready
    performance.mark('bench:ask')
    const t = performance.now()
    window.__bench.askedAt = t
    void instance.ask('Walk me through the whole setup')
    return t
  })
  await page.waitForFunction(
    () => {
      const log = document
        .querySelector('docchat-widget')
        ?.shadowRoot?.querySelector('[role="log"]')
      if (log && !window.__bench.panelAt) window.__bench.panelAt = performance.now()
      return log?.getAttribute('aria-busy') === 'false' && log.querySelector('article')
    },
    null,
    { polling: 500, timeout: 180_000 },
  )
  if (profiler) {
    const { profile } = await profiler.send('Profiler.stop')
    const self = new Map()
    const byId = new Map(profile.nodes.map((node) => [node.id, node]))
    const counts = new Map()
    for (const id of profile.samples) counts.set(id, (counts.get(id) ?? 0) + 1)
    for (const [id, count] of counts) {
      const frame = byId.get(id).callFrame
      const key = `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}:${frame.columnNumber}`
      self.set(key, (self.get(key) ?? 0) + count)
    }
    const total = profile.samples.length
    console.log('\nTop self time (samples):')
    for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
      console.log(`  ${((count / total) * 100).toFixed(1).padStart(5)}%  ${key}`)
    }
  }
  const stream = await page.evaluate((t0) => {
    const shadow = document.querySelector('docchat-widget').shadowRoot
    const article = shadow.querySelector('article')
    // First byte of the assistant response: tasks from here on happen while streaming.
    const request = performance
      .getEntriesByType('resource')
      .find((e) => e.name.includes('/assistant/'))
    const streamStart = request?.responseStart ?? t0
    const tasks = window.__bench.longTasks.filter((task) => task.start >= streamStart)
    const loadTasks = window.__bench.longTasks.filter(
      (task) => task.start >= t0 && task.start < streamStart,
    )
    return {
      streamStartMs: streamStart - t0,
      panelLoadLongTasks: loadTasks.map((task) => Math.round(task.duration)),
      panelReadyMs: window.__bench.panelAt - t0,
      streamMs: performance.now() - t0,
      answerCharacters: article.textContent.length,
      codeBlocks: article.querySelectorAll('pre').length,
      citations: article.querySelectorAll('.docchat-citation').length,
      longTaskCount: tasks.length,
      maxLongTaskMs: tasks.reduce((max, task) => Math.max(max, task.duration), 0),
      totalBlockingTimeMs: tasks.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      layoutShiftTotal: window.__bench.shifts.reduce((sum, s) => sum + s.value, 0),
      cspViolations: window.__bench.cspViolations,
      tasks: tasks.map((task) => [Math.round(task.start - t0), Math.round(task.duration)]),
    }
  }, askedAt)

  const traced = await new Promise((resolve) => {
    tracer.once('Tracing.tracingComplete', resolve)
    void tracer.send('Tracing.end')
  }).then(() => {
    const ask = traceEvents.find((e) => e.name === 'bench:ask')
    // Trace clock (µs) → page clock (ms), aligned on the bench:ask mark.
    const toPage = (ts) => (ts - ask.ts) / 1000 + askedAt
    const rendererTasks = traceEvents.filter(
      (e) => e.name === 'RunTask' && e.ph === 'X' && e.pid === ask.pid && e.tid === ask.tid,
    )
    const streaming = rendererTasks.filter((e) => toPage(e.ts) >= askedAt + stream.streamStartMs)
    const loading = rendererTasks.filter(
      (e) => toPage(e.ts) >= askedAt && toPage(e.ts) < askedAt + stream.streamStartMs,
    )
    const cpu = (e) => (e.tdur ?? e.dur) / 1000
    const evaluate = traceEvents.find(
      (e) => e.name === 'EvaluateScript' && e.args?.data?.url?.endsWith('/docchat.js'),
    )
    return {
      maxTaskCpuMs: streaming.reduce((max, e) => Math.max(max, cpu(e)), 0),
      maxTaskWallMs: streaming.reduce((max, e) => Math.max(max, e.dur / 1000), 0),
      tasksOver50msCpu: streaming.filter((e) => cpu(e) > 50).length,
      totalBlockingTimeCpuMs: streaming.reduce((sum, e) => sum + Math.max(0, cpu(e) - 50), 0),
      mainThreadBusyCpuMs: streaming.reduce((sum, e) => sum + cpu(e), 0),
      panelLoadMaxTaskCpuMs: loading.reduce((max, e) => Math.max(max, cpu(e)), 0),
      scriptEvaluationMs: evaluate ? evaluate.dur / 1000 : undefined,
      scriptEvaluationCpuMs: evaluate ? cpu(evaluate) : undefined,
    }
  })

  const round = (value) => (typeof value === 'number' ? Math.round(value * 10) / 10 : value)
  const result = {
    chromium: browser.version(),
    cpuThrottling,
    tokensPerSecond,
    answer: { words: answer.wordCount, tokens: tokens.length, codeBlocks: 10 },
    host: Object.fromEntries(Object.entries(host).map(([k, v]) => [k, round(v)])),
    stream: Object.fromEntries(
      Object.entries(stream).map(([k, v]) => [k, Array.isArray(v) ? v : round(v)]),
    ),
    trace: Object.fromEntries(Object.entries(traced).map(([k, v]) => [k, round(v)])),
    loadAverage: os.loadavg().map((v) => round(v)),
  }
  console.log('\nChromium: drop-in host-page cost and streaming')
  console.log(
    `  Chromium ${result.chromium}, CPU throttling ${cpuThrottling}×, load average ${result.loadAverage.join(' ')} on ${os.cpus().length} cores`,
  )
  console.log(
    `  first file: evaluation ${result.trace.scriptEvaluationMs} ms (CPU ${result.trace.scriptEvaluationCpuMs} ms), init ${result.host.initMs} ms, layout shift ${result.host.layoutShift}, long tasks before use ${result.host.longTasksBeforeUse}`,
  )
  console.log(
    `  stream: ${answer.wordCount} words / ${tokens.length} tokens / 10 code blocks at ${tokensPerSecond} tokens/s in ${round(stream.streamMs / 1000)} s (panel ready after ${result.stream.panelReadyMs} ms)`,
  )
  console.log(
    `  panel load (first use, before the first byte): long tasks ${JSON.stringify(stream.panelLoadLongTasks)} ms wall, longest task ${result.trace.panelLoadMaxTaskCpuMs} ms CPU`,
  )
  console.log(
    `  while streaming, longtask API (wall clock): ${stream.longTaskCount} long tasks, max ${result.stream.maxLongTaskMs} ms, total blocking time ${result.stream.totalBlockingTimeMs} ms`,
  )
  console.log(
    `  while streaming, trace (CPU time per task): max ${result.trace.maxTaskCpuMs} ms, ${traced.tasksOver50msCpu} tasks over 50 ms, total blocking time ${result.trace.totalBlockingTimeCpuMs} ms, main thread busy ${result.trace.mainThreadBusyCpuMs} ms`,
  )
  console.log(
    `  rendered ${stream.codeBlocks} code blocks, ${stream.citations} citations; layout shift while streaming ${result.stream.layoutShiftTotal}`,
  )
  console.log(
    `  strict CSP (no unsafe-inline/unsafe-eval): ${stream.cspViolations.length} violations${stream.cspViolations.length ? `: ${stream.cspViolations.join(', ')}` : ''}`,
  )
  mkdirSync(join(root, 'bench/results'), { recursive: true })
  writeFileSync(
    join(
      root,
      `bench/results/streaming-chromium${cpuThrottling > 1 ? `-x${cpuThrottling}` : ''}.json`,
    ),
    `${JSON.stringify(result, null, 2)}\n`,
  )
  if (stream.codeBlocks < 10)
    throw new Error(`expected 10 code blocks, rendered ${stream.codeBlocks}`)
  if (result.host.layoutShift !== 0) console.warn('  ✗ the first file shifted the layout')
  if (traced.maxTaskCpuMs > 50)
    console.warn('  ✗ a main-thread task took over 50 ms of CPU while streaming')
  if (stream.maxLongTaskMs > 50 && traced.maxTaskCpuMs <= 50) {
    console.warn(
      '  (wall-clock long tasks above come from a busy machine: their CPU time stayed under 50 ms)',
    )
  }
} finally {
  await browser.close()
  server.close()
}
