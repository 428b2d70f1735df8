/**
 * `createDevServer`: the whole local API as one standard fetch handler. The CLI and the msw
 * handlers are thin adapters around it.
 */
import { createOpenAI } from '@ai-sdk/openai'
import type { EmbeddingModel, LanguageModelV1 } from 'ai'
import { AgentJobStore, defaultAgentJobTiming } from './admin/agent-jobs'
import { type SeededData, seedProject } from './admin/seed-data'
import { defaultUpdateTiming, UpdateStore } from './admin/update-status'
import {
  createJob,
  getJob,
  getUpdateStatus,
  listJobs,
  relatedPagesFor,
  triggerUpdate,
} from './admin-routes'
import type { AssistantDocs } from './assistant/assistant-turn'
import { builtinDocsFiles } from './builtin-docs'
import type {
  DevServerOptions,
  OpenAICompatibleSettings,
  ProjectOptions,
} from './dev-server-options'
import { resolvePace } from './assistant/pacing'
import { assistantV1, assistantV2, bodyAllowance, page, search } from './discovery-routes'
import { parseDocs } from './docs/parse-docs'
import type { DocsCorpus } from './docs/types'
import {
  type Faults,
  faultHeader,
  hasStreamFaults,
  parseFaults,
  applyStreamFaults,
  type StreamKind,
} from './faults'
import { authenticate, type KeyKind } from './auth'
import {
  type CorsPolicy,
  corsHeaders,
  type ErrorShape,
  errorResponse,
  HttpError,
  json,
  jsonShapeCheck,
  preflightResponse,
  parseJsonBody,
  readBody,
  sleep,
  withHeaders,
} from './http'
import { defaultRateLimits, RateLimiter } from './rate-limits'
import { createDocsIndex } from './search'
import { type EmbeddingCache, lazySemanticSearch } from './search/semantic-search'
import type { RecordedRequest, RequestContext, ServerContext } from './server-context'
import { ThreadStore } from './threads'
import { trimTrailing } from './text-scan'

export type { RecordedRequest } from './server-context'

export interface DevServer {
  /**
   * The standard fetch handler. `clientAddress` feeds the per-IP rate limit (`x-forwarded-for`
   * instead only with `trustProxy`).
   */
  fetch(request: Request, info?: { clientAddress?: string }): Promise<Response>
  /** Set by adapters that listen on a port (the CLI, `startDevServer`). */
  url?: string
  /** The first configured key of each kind. */
  keys: { assistant: string; admin: string }
  domains: string[]
  projects: string[]
  /** Requests received, oldest first (method, path, headers, parsed body). */
  requests: RecordedRequest[]
  /** Ids of the seeded agent jobs and update records, per project. */
  seeded: Record<string, SeededData>
  /** `offline` (extractive, no model) or `llm`. */
  mode: 'offline' | 'llm'
  /** The corpus and index behind a domain. */
  docs(domain: string): AssistantDocs | undefined
  close(): Promise<void>
}

export const defaultAssistantKey = 'mint_dsc_dev_local'
export const defaultAdminKey = 'mint_dev_local'
export const defaultDomain = 'docchat'
export const defaultProject = 'docchat-project'

type Handler = (server: ServerContext, ctx: RequestContext) => Promise<Response>

interface Route {
  method: 'GET' | 'POST'
  path: string
  pattern: RegExp
  names: string[]
  /** The key the route needs: checked before the body is read. */
  key: KeyKind
  handler: Handler
}

function route(method: Route['method'], path: string, key: KeyKind, handler: Handler): Route {
  const names: string[] = []
  const pattern = new RegExp(
    `^${path.replace(/\{(\w+)\}/g, (_, name: string) => {
      names.push(name)
      return '([^/]+)'
    })}/?$`,
  )
  return { method, path, pattern, names, key, handler }
}

/**
 * Every prefix the discovery API has been served under (host history in the API contract):
 * `api.mintlify.com/discovery` (current), `leaves.mintlify.com/api/discovery` (July 2025) and
 * `api-dsc.mintlify.com` with bare `/v1/…` paths (2025), which stock clients still call. The
 * same handlers, keys and limits answer on each.
 */
export const discoveryPrefixes = ['/discovery', '/api/discovery', ''] as const

const routes: Route[] = [
  ...discoveryPrefixes.flatMap((prefix) => [
    route('POST', `${prefix}/v1/assistant/{domain}/message`, 'assistant', assistantV1),
    route('POST', `${prefix}/v2/assistant/{domain}/message`, 'assistant', assistantV2),
    route('POST', `${prefix}/v1/search/{domain}`, 'assistant', search),
    route('POST', `${prefix}/v1/page/{domain}`, 'assistant', page),
  ]),
  route('GET', '/v1/agent/{projectId}/jobs', 'admin', listJobs),
  route('GET', '/v1/agent/{projectId}/job/{id}', 'admin', getJob),
  route('POST', '/v1/agent/{projectId}/job', 'admin', createJob),
  route('POST', '/v1/project/update/{projectId}', 'admin', triggerUpdate),
  route('GET', '/v1/project/update-status/{statusId}', 'admin', getUpdateStatus),
]

/** Admin and project paths, routed or not: no CORS unless `allowedOrigins` names the origin. */
function isAdminPath(path: string): boolean {
  return /^\/v\d+\/(agent|project)(\/|$)/.test(path)
}

/** Bodies above this share of the recording budget are recorded as their size only. */
const largestRecordedShare = 1 / 8

async function resolveCorpus(
  name: string,
  spec: string | DocsCorpus | undefined,
): Promise<DocsCorpus> {
  if (spec !== undefined && typeof spec !== 'string') return spec
  let folders: typeof import('./default-docs')
  try {
    // A computed specifier keeps browser bundlers from following this Node-only import.
    const nodeOnly = './default-docs.js'
    folders = await import(/* @vite-ignore */ nodeOnly)
  } catch (error) {
    if (spec === undefined) return parseDocs(builtinDocsFiles, { name })
    throw new Error(
      `Docs folders can only be loaded in Node; pass a parsed corpus (parseDocs) for domain "${name}"`,
      { cause: error },
    )
  }
  if (spec !== undefined) return folders.loadDocsFolder(spec, name)
  const dir = folders.defaultDocsDir()
  if (await folders.isDocsFolder(dir)) return folders.loadDocsFolder(dir, name)
  return parseDocs(builtinDocsFiles, { name })
}

function isLanguageModel(value: unknown): value is LanguageModelV1 {
  return typeof value === 'object' && value !== null && 'specificationVersion' in value
}

export function createOpenAIModel(settings: OpenAICompatibleSettings): LanguageModelV1 {
  const provider = createOpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    compatibility: settings.baseURL ? 'compatible' : 'strict',
  })
  return provider.chat(settings.model ?? 'gpt-4o-mini')
}

/**
 * The embedding model for semantic search: given, or from the same OpenAI-compatible endpoint
 * as the chat model (`text-embedding-3-small` unless `embeddingModel` says otherwise).
 */
function resolveEmbeddingModel(options: DevServerOptions): EmbeddingModel<string> | undefined {
  if (options.embeddings === false) return undefined
  if (options.embeddings) return options.embeddings
  const settings = options.llm
  if (!settings || isLanguageModel(settings)) return undefined
  const provider = createOpenAI({
    apiKey: settings.apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    compatibility: settings.baseURL ? 'compatible' : 'strict',
  })
  return provider.embedding(settings.embeddingModel ?? 'text-embedding-3-small')
}

/** The on-disk cache of section embeddings (Node only; browsers embed per page load). */
async function nodeEmbeddingCache(dir?: string): Promise<EmbeddingCache | undefined> {
  try {
    const nodeOnly = './default-docs.js'
    const folders: typeof import('./default-docs') = await import(/* @vite-ignore */ nodeOnly)
    return folders.diskEmbeddingCache(dir ?? folders.embeddingCacheDirs(process.env))
  } catch {
    return undefined
  }
}

/** LLM settings from `OPENAI_API_KEY`, `OPENAI_BASE_URL` and `DOCCHAT_MODEL`, if a key is set. */
export function llmSettingsFromEnv(
  env: Record<string, string | undefined>,
): OpenAICompatibleSettings | undefined {
  const apiKey = env.OPENAI_API_KEY
  if (!apiKey) return undefined
  return {
    apiKey,
    ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
    ...(env.DOCCHAT_MODEL ? { model: env.DOCCHAT_MODEL } : {}),
    ...(env.DOCCHAT_EMBEDDING_MODEL ? { embeddingModel: env.DOCCHAT_EMBEDDING_MODEL } : {}),
  }
}

function headersObject(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  headers.forEach((value, key) => {
    out[key] = value
  })
  return out
}

function streamKindOf(response: Response): StreamKind {
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('text/event-stream')) return 'sse'
  if (response.headers.has('x-vercel-ai-data-stream')) return 'data-stream'
  return 'json'
}

/**
 * The address the nearest proxy saw: the last `X-Forwarded-For` entry (earlier ones are only the
 * client's say-so).
 */
function forwardedFor(request: Request): string | undefined {
  return request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || undefined
}

function mergeFaults(base: Faults, extra: Faults): Faults {
  return { ...base, ...extra }
}

export async function createDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const now = options.now ?? (() => Date.now())
  const speed = options.speed && options.speed > 0 ? options.speed : 1

  const docsSpec: Record<string, string | DocsCorpus | undefined> = options.docs ?? {
    [defaultDomain]: undefined,
  }
  const domains = new Map<string, AssistantDocs>()
  const embeddingModel = resolveEmbeddingModel(options)
  for (const [name, spec] of Object.entries(docsSpec)) {
    const corpus = await resolveCorpus(name, spec)
    const index = createDocsIndex(corpus)
    const siteUrl = typeof options.siteUrl === 'string' ? options.siteUrl : options.siteUrl?.[name]
    domains.set(name, {
      name,
      corpus,
      index,
      siteUrl: (siteUrl && trimTrailing(siteUrl, '/')) || corpus.siteUrl,
      ...(embeddingModel
        ? {
            semantic: lazySemanticSearch(index, async () => ({
              model: embeddingModel,
              cache: await nodeEmbeddingCache(options.embeddingCacheDir),
            })),
          }
        : {}),
    })
  }
  const domainNames = [...domains.keys()]
  if (domainNames.length === 0) throw new Error('createDevServer needs at least one docs domain')

  const projectSpec: Record<string, ProjectOptions> = Array.isArray(options.projects)
    ? Object.fromEntries(options.projects.map((id) => [id, {}]))
    : (options.projects ?? { [defaultProject]: {} })
  const projects = new Map<string, ProjectOptions & { domain: string }>()
  for (const [id, project] of Object.entries(projectSpec)) {
    const domain = project.domain ?? domainNames[0]!
    if (!domains.has(domain)) throw new Error(`Project "${id}" names unknown domain "${domain}"`)
    projects.set(id, { ...project, domain })
  }

  const assistantKeys = options.assistantKeys?.length
    ? options.assistantKeys
    : [defaultAssistantKey]
  const adminKeys = options.adminKeys?.length ? options.adminKeys : [defaultAdminKey]
  const serverFaults =
    typeof options.faults === 'string' ? parseFaults(options.faults) : (options.faults ?? {})
  const llm = options.llm
    ? isLanguageModel(options.llm)
      ? options.llm
      : createOpenAIModel(options.llm)
    : undefined

  const context: ServerContext = {
    domains,
    projects,
    keys: { assistant: new Set(assistantKeys), admin: new Set(adminKeys) },
    organization: options.organization ?? 'docchat-dev',
    rateLimits: { ...defaultRateLimits, ...options.rateLimits },
    limiter: new RateLimiter(now),
    threads: new ThreadStore(now, options.threads),
    jobs: new AgentJobStore(now, speed, { ...defaultAgentJobTiming, ...options.agentJobTiming }),
    updates: new UpdateStore(now, speed, { ...defaultUpdateTiming, ...options.updateTiming }),
    llm,
    answerPace: resolvePace(options.answerPace),
    now,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
  }

  const seeded: Record<string, SeededData> = {}
  if (options.seed !== false) {
    const start = now()
    for (const [id, project] of projects) {
      const docs = domains.get(project.domain)!
      seeded[id] = seedProject(id, project.domain, start, context, {
        files: docs.corpus.pages.map((p) => p.file),
        relatedPages: relatedPagesFor(context, project.domain),
      })
    }
  }

  const requests: RecordedRequest[] = []
  const maxRecorded = options.maxRecordedRequests ?? 1000
  const maxRecordedBytes = options.maxRecordedBytes ?? 8 * 1024 * 1024
  // Characters each record holds (URL, headers, body), kept alongside: trimming re-measures nothing.
  const recordedBytes = new WeakMap<RecordedRequest, number>()
  let recordedTotal = 0
  function account(record: RecordedRequest, bytes: number) {
    // A record already trimmed away (its body arrived late) holds nothing any more.
    if (!recordedBytes.has(record)) return
    recordedBytes.set(record, (recordedBytes.get(record) ?? 0) + bytes)
    recordedTotal += bytes
    trimRecorded()
  }
  function trimRecorded() {
    let drop = 0
    while (
      drop < requests.length &&
      (requests.length - drop > maxRecorded || recordedTotal > maxRecordedBytes)
    ) {
      const dropped = requests[drop]!
      recordedTotal -= recordedBytes.get(dropped) ?? 0
      recordedBytes.delete(dropped)
      drop++
    }
    if (drop > 0) requests.splice(0, drop)
  }
  function record(entry: RecordedRequest) {
    requests.push(entry)
    recordedBytes.set(entry, 0)
    let bytes = entry.url.length
    for (const [name, value] of Object.entries(entry.headers)) bytes += name.length + value.length
    account(entry, bytes)
  }
  function recordBody(entry: RecordedRequest, raw: string) {
    if (!raw) return
    if (raw.length > maxRecordedBytes * largestRecordedShare) {
      entry.body = { omitted: `${raw.length} bytes` }
      return
    }
    try {
      entry.body = JSON.parse(raw)
    } catch {
      entry.body = raw
    }
    account(entry, raw.length)
  }

  const allowedOrigins = new Set(options.allowedOrigins ?? [])
  const corsPolicyFor = (path: string): CorsPolicy => ({
    open: !isAdminPath(path),
    allowedOrigins,
  })

  async function handle(
    request: Request,
    url: URL,
    path: string,
    info?: { clientAddress?: string },
  ): Promise<Response> {
    const entry: RecordedRequest = {
      method: request.method,
      path,
      url: request.url,
      query: Object.fromEntries(url.searchParams),
      headers: headersObject(request.headers),
      body: undefined,
      time: now(),
    }
    if (request.method === 'OPTIONS') return preflightResponse(request, corsPolicyFor(path))
    record(entry)

    const matching = routes.filter((r) => r.pattern.test(path))
    const shape: ErrorShape = isAdminPath(path) ? 'error' : 'message'
    try {
      const faults = mergeFaults(serverFaults, parseFaults(request.headers.get(faultHeader)))
      if (path === '/' || path === '/health') {
        return json({
          name: '@docchat/dev-server',
          mode: llm ? 'llm' : 'offline',
          domains: domainNames,
          projects: [...projects.keys()],
          routes: routes.map((r) => `${r.method} ${r.path}`),
        })
      }
      const matched = matching.find((r) => r.method === request.method)
      if (!matched) {
        if (matching.length > 0) {
          throw new HttpError(405, `Method ${request.method} not allowed on ${path}`, {
            headers: { Allow: [...new Set(matching.map((r) => r.method))].join(', ') },
          })
        }
        throw new HttpError(404, `No route for ${request.method} ${path}`)
      }
      // The key first: an anonymous client costs no body parsing and no memory.
      authenticate(request, context.keys, matched.key)
      // Read (and record) the body up front, so `server.requests` shows what a client sent even
      // when the request is refused after authentication (bad field, rate limit, unknown thread).
      // The assistant routes read up to one question's files more; they hold a body without
      // files to `maxBodyBytes` once it is parsed (`checkBodySize`).
      let body: { text: string; bytes: number }
      try {
        // Checked as it arrives, before the recording or the route parses it: jsonShapeCheck.
        const shape = jsonShapeCheck(context.maxBodyBytes)
        body =
          request.method === 'GET' || request.method === 'HEAD'
            ? { text: '', bytes: 0 }
            : await readBody(
                request,
                context.maxBodyBytes + bodyAllowance(matched.handler),
                shape.push,
              )
      } catch (error) {
        entry.body = { omitted: 'refused before it was parsed' }
        throw error
      }
      const { text: rawBody, bytes: bodyBytes } = body
      recordBody(entry, rawBody)
      await sleep(faults.latency ?? 0, request.signal)
      if (faults.status !== undefined) {
        throw new HttpError(faults.status, `Injected fault: status ${faults.status}`, {
          headers: faults.status === 429 ? { 'Retry-After': '1' } : {},
        })
      }
      const params: Record<string, string> = {}
      const values = matched.pattern.exec(path)!.slice(1)
      matched.names.forEach((name, i) => {
        try {
          params[name] = decodeURIComponent(values[i] ?? '')
        } catch {
          throw new HttpError(400, `Malformed path parameter ${name}`, { field: name })
        }
      })
      const ctx: RequestContext = {
        request,
        url,
        params,
        faults,
        clientAddress:
          (options.trustProxy ? forwardedFor(request) : undefined) ||
          info?.clientAddress ||
          'local',
        record: entry,
        bodyBytes,
        json: async () => parseJsonBody(rawBody),
      }
      const response = await matched.handler(context, ctx)
      if (!response.body || !hasStreamFaults(faults)) return response
      return new Response(
        applyStreamFaults(response.body, faults, streamKindOf(response), request.signal),
        { status: response.status, statusText: response.statusText, headers: response.headers },
      )
    } catch (error) {
      if (error instanceof HttpError) return errorResponse(error, shape)
      // Never a crash: anything unexpected is a 500 with its message, and the server keeps going.
      const message = error instanceof Error ? error.message : String(error)
      return errorResponse(new HttpError(500, `Internal dev server error: ${message}`), shape)
    }
  }

  const server: DevServer = {
    async fetch(request, info) {
      const url = new URL(request.url)
      const path = url.pathname.replace(/\/{2,}/g, '/')
      const response = await handle(request, url, path, info)
      return withHeaders(response, corsHeaders(request, corsPolicyFor(path)))
    },
    keys: { assistant: assistantKeys[0]!, admin: adminKeys[0]! },
    domains: domainNames,
    projects: [...projects.keys()],
    requests,
    seeded,
    mode: llm ? 'llm' : 'offline',
    docs: (domain) => domains.get(domain),
    async close() {
      // State lives in memory and progresses lazily from the clock: there are no timers to stop.
    },
  }
  return server
}
