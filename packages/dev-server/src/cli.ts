/**
 * `docchat-dev-server`: the local documentation API on a port.
 *
 *   docchat-dev-server --docs docs=./docs --docs api=../api-docs --port 8787
 */
import { basename, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { createDevServer, type DevServer, llmSettingsFromEnv } from './server'
import { type AnswerPaceSetting, parsePace, resolvePace } from './assistant/pacing'
import type { OpenAICompatibleSettings } from './dev-server-options'
import { listen } from './node-server'

const usage = `Usage: docchat-dev-server [options]

  --docs name=path     A Mintlify docs folder served as domain "name" (repeatable).
                       Default: the kit's own docs as domain "docchat".
  --port n             Port (default 8787; 0 picks a free one).
  --host h             Host (default 127.0.0.1).
  --allowed-host h     Accept requests whose Host header names h (repeatable; ".example.test"
                       admits subdomains, "*" any host). Default: loopback names, the bound host
                       and the address connected to, so DNS rebinding can't reach the server.
  --allowed-origin o   Let browser pages from origin o call the admin routes (repeatable).
                       Discovery routes are open to any origin, always without credentials.
  --trust-proxy        Take the client address for per-IP rate limits from X-Forwarded-For
                       (only behind a proxy you run).
  --assistant-key k    Assistant key (repeatable; default mint_dsc_dev_local).
  --admin-key k        Admin key (repeatable; default mint_dev_local).
  --project id         Project id for agent jobs and updates (repeatable; default docchat-project).
  --speed n            Run agent jobs and updates n times faster (default 1).
  --site-url url       Where the docs are published (or name=url per domain): search results
                       then carry an absolute "url". Default: docs.json seo.metatags.canonical.
  --pace p             How offline answers stream: "model" (default: a short think, then about
                       60 tokens per second with jitter, like a hosted model), "instant", or a
                       number of tokens per second.
  --fault spec         Faults for every response, e.g. "latency=200,token-rate=40".
  --no-seed            Start without the seeded agent jobs and update records.
  --record             Debug: serve the requests received so far at GET /_dev/requests
                       (JSON, oldest first, Authorization redacted; ?path= filters by path).
  -h, --help           Show this help.

LLM mode: set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, DOCCHAT_MODEL) to answer with a
model through the AI SDK's OpenAI provider. Otherwise answers are extractive: no model involved.`

function parseDocsArg(value: string): [string, string] {
  const eq = value.indexOf('=')
  if (eq > 0) return [value.slice(0, eq), resolve(value.slice(eq + 1))]
  const path = resolve(value)
  return [basename(path), path]
}

/** The CLI's `--record` debug route: lets an end-to-end test ask what the server received. */
const recordedRequestsPath = '/_dev/requests'

function serveRecordedRequests(server: DevServer): void {
  const handle = server.fetch.bind(server)
  server.fetch = async (request, info) => {
    const url = new URL(request.url)
    if (url.pathname !== recordedRequestsPath || request.method !== 'GET') {
      return handle(request, info)
    }
    const path = url.searchParams.get('path')
    const requests = server.requests
      .filter((recorded) => !path || recorded.path === path)
      .map((recorded) => ({
        ...recorded,
        headers: {
          ...recorded.headers,
          ...(recorded.headers.authorization ? { authorization: '[redacted]' } : {}),
        },
      }))
    return Response.json(requests, { headers: { 'Cache-Control': 'no-store' } })
  }
}

/** `--site-url https://x/docs` for every domain, or `--site-url docs=https://x/docs` per domain. */
function parseSiteUrls(values: string[]): string | Record<string, string> | undefined {
  if (values.length === 0) return undefined
  const perDomain: Record<string, string> = {}
  for (const value of values) {
    const match = /^([^=]+)=(https?:\/\/.+)$/i.exec(value)
    if (!match && /^https?:\/\//i.test(value) && values.length === 1) return value
    if (!match) throw new Error(`Invalid --site-url "${value}": use a URL or name=URL`)
    perDomain[match[1]!] = match[2]!
  }
  return perDomain
}

/** Whether a model writes the answers, and how to switch: the first thing a newcomer should know. */
function modeLines(llm: OpenAICompatibleSettings | undefined, pace: AnswerPaceSetting): string[] {
  if (llm) {
    return [
      `  mode      model answers: ${llm.model ?? 'gpt-4o-mini'}${llm.baseURL ? ` at ${llm.baseURL}` : ''} (unset OPENAI_API_KEY for extractive answers)`,
    ]
  }
  const paced = resolvePace(pace)
  return [
    '  mode      extractive answers: whole blocks quoted from the docs, no language model involved',
    '            set OPENAI_API_KEY (and optionally OPENAI_BASE_URL, DOCCHAT_MODEL) for model answers',
    paced
      ? `  pace      streamed like a model (~${paced.tokensPerSecond} tokens/s); --pace instant turns it off`
      : '  pace      instant (--pace model streams like a hosted model)',
  ]
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      docs: { type: 'string', multiple: true },
      port: { type: 'string' },
      host: { type: 'string' },
      'allowed-host': { type: 'string', multiple: true },
      'allowed-origin': { type: 'string', multiple: true },
      'trust-proxy': { type: 'boolean' },
      'assistant-key': { type: 'string', multiple: true },
      'admin-key': { type: 'string', multiple: true },
      project: { type: 'string', multiple: true },
      speed: { type: 'string' },
      pace: { type: 'string' },
      'site-url': { type: 'string', multiple: true },
      fault: { type: 'string' },
      'no-seed': { type: 'boolean' },
      record: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) {
    console.log(usage)
    return
  }
  const port = values.port === undefined ? 8787 : Number(values.port)
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`Invalid --port "${values.port}"`)
  const speed = values.speed === undefined ? undefined : Number(values.speed)
  if (speed !== undefined && !(speed > 0)) throw new Error(`Invalid --speed "${values.speed}"`)
  const docs = values.docs ? Object.fromEntries(values.docs.map(parseDocsArg)) : undefined
  const llm = llmSettingsFromEnv(process.env)
  const answerPace = parsePace(values.pace ?? 'model')
  const siteUrl = parseSiteUrls(values['site-url'] ?? [])

  const devServer = await createDevServer({
    docs,
    assistantKeys: values['assistant-key'],
    adminKeys: values['admin-key'],
    projects: values.project,
    speed,
    answerPace,
    ...(siteUrl ? { siteUrl } : {}),
    faults: values.fault,
    seed: !values['no-seed'],
    llm,
    allowedOrigins: values['allowed-origin'],
    trustProxy: values['trust-proxy'],
  })
  if (values.record) serveRecordedRequests(devServer)
  const allowedHosts = values['allowed-host']
  const server = await listen(devServer, {
    port,
    host: values.host,
    allowedHosts: allowedHosts?.includes('*') ? true : allowedHosts,
  })

  const lines = [
    `DocChat dev server listening on ${server.url}`,
    ...modeLines(llm, answerPace),
    ...server.domains.map((domain) => {
      const pages = server.docs(domain)?.corpus.pages.length ?? 0
      return `  domain    ${domain} (${pages} pages)  POST ${server.url}/discovery/v1/assistant/${domain}/message`
    }),
    '  paths     also /v1/… (api-dsc.mintlify.com form) and /api/discovery/v1/…',
    `  projects  ${server.projects.join(', ')}`,
    `  keys      assistant ${server.keys.assistant}   admin ${server.keys.admin}`,
  ]
  for (const [project, seeded] of Object.entries(server.seeded)) {
    lines.push(`  seeded    ${project}: update statuses ${seeded.updateStatusIds.join(', ')}`)
  }
  if (values.record) {
    lines.push(`  record    GET ${server.url}${recordedRequestsPath} lists the requests received`)
  }
  lines.push(
    `  network   Host: loopback names${allowedHosts ? `, ${allowedHosts.join(', ')}` : ''}; admin CORS: ${values['allowed-origin']?.join(', ') ?? 'none'}; X-Forwarded-For: ${values['trust-proxy'] ? 'trusted' : 'ignored'}`,
  )
  lines.push(
    '  faults    send "x-docchat-fault: latency=200,token-rate=40,cut-after=5,status=503,…"',
  )
  console.log(lines.join('\n'))

  const stop = () => {
    server.close().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`docchat-dev-server: ${error instanceof Error ? error.message : String(error)}`)
  console.error('Run with --help for usage.')
  process.exit(1)
})
