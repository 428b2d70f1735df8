import {
  type AssistantConnection,
  type AssistantConnectionOptions,
  type AssistantEndpoint,
  createReaderConnection,
} from './assistant-connection'
import type { AssistantMessageStream } from './assistant-message'
import { apiBases, trimTrailingSlashes } from './api-bases'
import { DATA_LIMITS } from './docs-limits'
import { DocsApiError } from './errors'
import { assertAdminKeyAllowed, isBrowserLike } from './key-safety'
import { pollUntil, type WaitOptions } from './poll'
import { type FetchLike, performRequest, type RequestSpec, type RetryMode } from './request'
import { readText } from './response-text'
import { type RetryOptions, resolveRetryOptions } from './retry'
import { isAgentJobFinished, isUpdateFinished } from './terminal-states'
// Types only: this module must stay free of zod so the lite client can ship without it.
import type {
  AgentJob,
  AgentJobList,
  PageContent,
  SearchResult,
  TriggerUpdateResponse,
  UpdateStatus,
} from './response-schemas'
import type {
  AssistantRequest,
  AssistantRequestInput,
  CreateAgentJobRequest,
  ListAgentJobsRequest,
  PageRequest,
  SearchRequest,
  SearchRequestInput,
} from './request-schemas'
import type { ThreadIdentity } from './thread-identity'
import { type DocsWarningHandler, reportWarning } from './warnings'

export interface DocsClientOptions {
  /**
   * API origin, or your proxy. Paths are appended (`/discovery/v1/…`, `/v1/…`). Every host form
   * the API has used works: `https://api.mintlify.com`, `https://api.mintlify.com/discovery`,
   * `https://api-dsc.mintlify.com` (`/v1/…` at its root), `…/api/discovery`.
   * Defaults to `https://api.mintlify.com`.
   */
  baseUrl?: string
  /** Assistant key (`mint_dsc_…`) for the assistant, search and page endpoints. Proxy it in production. */
  assistantKey?: string
  /** Admin key (`mint_…`) for agent jobs and triggering updates. Server-side only. */
  adminKey?: string
  /** Key for `GET /v1/project/update-status/{statusId}`. Defaults to `adminKey`. */
  authToken?: string
  /** Custom `fetch` (a proxy-aware one, or one that records calls). Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch
  /** Extra headers sent with every request. */
  headers?: HeadersInit
  /**
   * Per-attempt timeout. For JSON calls it covers the whole response; for streams, the wait for
   * the response headers (an answer may stream for longer). `0` disables it. Defaults to `30000`.
   */
  timeoutMs?: number
  /** Retry policy for retryable failures (see `RetryOptions`); `false` disables retries. */
  retry?: RetryOptions | false
  /**
   * Allows `adminKey`/`authToken` where `window` or `document` exist. Only for trusted environments
   * (tests, internal tools): in a public page every visitor can read the key. Defaults to `false`.
   */
  dangerouslyAllowBrowser?: boolean
  /** Receives non-fatal oddities (unknown enum values, an HTML answer, storage trouble). */
  onWarning?: DocsWarningHandler
}

export interface RequestOptions {
  signal?: AbortSignal
}

export interface AssistantMessageOptions extends RequestOptions {
  /**
   * Called when the server answered 404 to the body's `threadId` and the question is being sent
   * again as a new conversation (see `connectAssistant`).
   */
  onThreadExpired?: (expired: ThreadIdentity) => void
}

/** Returned by `createAgentJob`: the job id from the `X-Session-Id` header, and the live response. */
export interface CreatedAgentJob {
  sessionId: string | undefined
  branchName: string | undefined
  /**
   * The `text/event-stream` of the job's progress. Read it, or `response.body?.cancel()` when you
   * only need the id (then poll with `waitForAgentJob`).
   */
  response: Response
}

export interface DocsClient {
  readonly baseUrl: string
  /** The effective `fetch` (the `fetch` option or the global one). */
  readonly fetch: typeof globalThis.fetch
  /** Full URL of the assistant endpoint (`v1`: AI SDK v4 data stream, `v2`: AI SDK v5+ SSE). */
  assistantUrl(domain: string, version?: 'v1' | 'v2'): string
  /** Headers for the assistant endpoint (`Authorization` when an `assistantKey` is set, plus `headers`). */
  assistantHeaders(): Record<string, string>

  /** `POST /discovery/v1/search/{domain}`. Idempotent: retried on network errors, 429 and 5xx. */
  search(
    domain: string,
    body: SearchRequestInput,
    options?: RequestOptions,
  ): Promise<SearchResult[]>
  /** `POST /discovery/v1/page/{domain}`. Idempotent: retried like `search`. 404 → `not-found`. */
  getPage(domain: string, body: PageRequest, options?: RequestOptions): Promise<PageContent>
  /** `GET /v1/agent/{projectId}/jobs?skip&take` (admin key). */
  listAgentJobs(
    projectId: string,
    params?: ListAgentJobsRequest,
    options?: RequestOptions,
  ): Promise<AgentJobList>
  /** `GET /v1/agent/{projectId}/job/{id}` (admin key). */
  getAgentJob(projectId: string, id: string, options?: RequestOptions): Promise<AgentJob>
  /**
   * `POST /v1/agent/{projectId}/job` (admin key). Not idempotent: retried only when the server
   * provably did not start a job (429, 503, or a refused connection).
   */
  createAgentJob(
    projectId: string,
    body: CreateAgentJobRequest,
    options?: RequestOptions,
  ): Promise<CreatedAgentJob>
  /** `GET /v1/project/update-status/{statusId}` (`authToken`, else admin key). */
  getUpdateStatus(statusId: string, options?: RequestOptions): Promise<UpdateStatus>
  /**
   * `POST /v1/project/update/{projectId}` (admin key) → `{ statusId }`. Not idempotent: a retry
   * could queue a second deployment, so only 429, 503 and refused connections are retried.
   */
  triggerUpdate(projectId: string, options?: RequestOptions): Promise<TriggerUpdateResponse>
  /** Polls `getUpdateStatus` with backoff until `status` is `success` or `failure`. */
  waitForUpdateStatus(statusId: string, options?: WaitOptions<UpdateStatus>): Promise<UpdateStatus>
  /** Polls `getAgentJob` with backoff until the job stopped (`isAgentJobFinished`). */
  waitForAgentJob(projectId: string, id: string, options?: WaitOptions<AgentJob>): Promise<AgentJob>
  /**
   * A conversation with `POST /discovery/v1/assistant/{domain}/message`: the one path every
   * question takes (this client's `streamAssistantMessage`, `createDocsChatTransport`, the React
   * hook). It validates the body, applies the timeout and retries of every other call, keeps the
   * thread, and answers a 404 on the thread by asking again as a new conversation.
   */
  connectAssistant(domain: string, options?: AssistantConnectionOptions): AssistantConnection
  /**
   * `POST /discovery/v1/assistant/{domain}/message`: validates the body, sends it, and returns the
   * answer as a stream of typed events with the thread identity. One question on a fresh
   * `connectAssistant(domain)`: a 404 on the body's `threadId` sends it again as a new thread.
   *
   * Retries: only failures that prove nothing was generated (429, 503, a refused connection) are
   * retried; once a response arrived the request is never repeated, so one question never costs
   * two answers.
   */
  streamAssistantMessage(
    domain: string,
    body: AssistantRequestInput,
    options?: AssistantMessageOptions,
  ): Promise<AssistantMessageStream>
}

/** Context a response parser gets: where to report warnings and what the response is called. */
export interface ResponseParseContext {
  onWarning?: DocsWarningHandler | undefined
  what: string
}

/** Checks a response body and returns it typed, or throws `DocsApiError` (`invalid-response`). */
export type ResponseParser<T> = (value: unknown, context: ResponseParseContext) => T

/**
 * How a client checks what it sends and receives. Request validators return the body to send
 * (defaults applied) or throw `DocsApiError` (`bad-request`, `field` set); response parsers
 * return the typed value or throw `DocsApiError` (`invalid-response`). `createDocsClient` plugs
 * in the zod schemas, `createDocsClientLite` structural checks.
 */
export interface DocsClientValidation extends DocsReaderValidation {
  listAgentJobsRequest(params: unknown): ListAgentJobsRequest
  createAgentJobRequest(body: unknown): CreateAgentJobRequest
  agentJobList: ResponseParser<AgentJobList>
  agentJob: ResponseParser<AgentJob>
  updateStatus: ResponseParser<UpdateStatus>
  triggerUpdateResponse: ResponseParser<TriggerUpdateResponse>
}

/** The checks of the endpoints a reader's page calls (assistant key): `createDocsReaderClient`. */
export interface DocsReaderValidation {
  searchRequest(body: unknown): SearchRequest
  pageRequest(body: unknown): PageRequest
  assistantRequest(body: unknown): AssistantRequest
  searchResults: ResponseParser<SearchResult[]>
  pageContent: ResponseParser<PageContent>
}

/** The admin-key methods, which `createDocsReaderClient` leaves out. */
type AdminMethods = Pick<
  DocsClient,
  | 'listAgentJobs'
  | 'getAgentJob'
  | 'createAgentJob'
  | 'getUpdateStatus'
  | 'triggerUpdate'
  | 'waitForUpdateStatus'
  | 'waitForAgentJob'
>

type Auth = 'assistant' | 'admin' | 'status'

function requireSegment(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new DocsApiError(`Invalid request: ${field}: must be a non-empty string`, {
      kind: 'bad-request',
      field,
    })
  }
  return encodeURIComponent(value)
}

async function readJson(response: Response): Promise<unknown> {
  const { text, over } = await readText(response, DATA_LIMITS.responseChars)
  if (over) {
    throw new DocsApiError(
      `The response is longer than ${DATA_LIMITS.responseChars} characters: not read`,
      { kind: 'invalid-response', status: response.status },
    )
  }
  if (text.trim() === '') return undefined
  try {
    return JSON.parse(text)
  } catch (cause) {
    const preview = text.length > 80 ? `${text.slice(0, 77)}...` : text
    throw new DocsApiError(`Expected a JSON response, got: ${preview}`, {
      kind: 'invalid-response',
      status: response.status,
      body: text,
      cause,
    })
  }
}

/** Opens an assistant connection: `createAssistantConnection`, passed in by the client. */
export type ConnectAssistant = (
  endpoint: AssistantEndpoint,
  options?: AssistantConnectionOptions,
) => AssistantConnection

/**
 * The client's HTTP half (paths, auth per endpoint, retries, timeouts, polling, streaming, errors,
 * key safety) with the checks of requests and responses plugged in by `validation`, and the
 * assistant's connections opened by `connect`.
 */
export function createBaseDocsClient(
  options: DocsClientOptions,
  validation: DocsClientValidation,
  connect: ConnectAssistant,
): DocsClient {
  const http = createHttp(options, validation, connect)
  return { ...http.reader, ...adminMethods(http, validation) }
}

/**
 * Only the endpoints a page readers load calls (assistant, search, page): the drop-in's client.
 * The admin-key methods reject with a `bad-request` `DocsApiError` instead of carrying their
 * code, and the connections load their `fetch` (AI SDK useChat's) on first use.
 */
export function createBaseDocsReaderClient(
  options: DocsClientOptions,
  validation: DocsReaderValidation,
): DocsClient {
  const refuse = (method: string) => () =>
    Promise.reject(
      new DocsApiError(
        `${method} needs the admin key, which never belongs in a page readers load: call it from a server with createDocsClient`,
        { kind: 'bad-request' },
      ),
    )
  const admin = {} as Record<string, unknown>
  for (const method of adminMethodNames) admin[method] = refuse(method)
  const http = createHttp(options, validation, createReaderConnection)
  return { ...http.reader, ...(admin as AdminMethods) }
}

const adminMethodNames: ReadonlyArray<keyof AdminMethods> = [
  'listAgentJobs',
  'getAgentJob',
  'createAgentJob',
  'getUpdateStatus',
  'triggerUpdate',
  'waitForUpdateStatus',
  'waitForAgentJob',
]

type Http = ReturnType<typeof createHttp>

function createHttp(
  options: DocsClientOptions,
  validation: DocsReaderValidation,
  connect: ConnectAssistant,
) {
  if (options.adminKey) assertAdminKeyAllowed('adminKey', options.dangerouslyAllowBrowser)
  if (options.authToken) assertAdminKeyAllowed('authToken', options.dangerouslyAllowBrowser)
  const { onWarning } = options
  if (options.assistantKey && isBrowserLike()) {
    reportWarning(onWarning, {
      code: 'assistant-key-in-browser',
      message:
        'An assistant key is used in a browser: every visitor can read it and spend your credits. In production, proxy the assistant endpoints through your server (see the @docchat/core README).',
    })
  }

  const baseUrl = trimTrailingSlashes(options.baseUrl ?? 'https://api.mintlify.com')
  const bases = apiBases(baseUrl)
  const effectiveFetch: typeof globalThis.fetch = (input, init) =>
    (options.fetch ?? globalThis.fetch)(input, init)
  const settings = {
    fetch: effectiveFetch as FetchLike,
    timeoutMs: options.timeoutMs ?? 30_000,
    retry: resolveRetryOptions(options.retry),
  }

  const keyFor = (auth: Auth): string | undefined =>
    auth === 'assistant'
      ? options.assistantKey
      : auth === 'admin'
        ? options.adminKey
        : (options.authToken ?? options.adminKey)

  const headersFor = (auth: Auth, extra?: Record<string, string>): Headers => {
    const headers = new Headers(options.headers)
    for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value)
    const key = keyFor(auth)
    if (key) headers.set('authorization', `Bearer ${key}`)
    return headers
  }

  const jsonCall = async <T>(call: {
    method: 'GET' | 'POST'
    /** Defaults to the admin routes' base. */
    base?: string
    path: string
    auth: Auth
    body?: unknown
    retryMode: RetryMode
    parse: ResponseParser<T>
    what: string
    signal?: AbortSignal | undefined
  }): Promise<T> => {
    const spec: RequestSpec<T> = {
      url: (call.base ?? bases.admin) + call.path,
      method: call.method,
      headers: headersFor(call.auth, {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      }),
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal: call.signal,
      retryMode: call.retryMode,
      read: async (response) =>
        call.parse(await readJson(response), { onWarning, what: call.what }),
    }
    return (await performRequest(settings, spec)).value
  }

  /**
   * A reader's discovery call, `POST /v1/{route}/{domain}` with the assistant key, safe to retry:
   * the domain is checked first, then the body (`checkBody`).
   */
  const discoveryRead = <T>(
    route: 'search' | 'page',
    domain: string,
    checkBody: () => unknown,
    { parse, what }: { parse: ResponseParser<T>; what: string },
    requestOptions: { signal?: AbortSignal } | undefined,
  ): Promise<T> => {
    const path = `/v1/${route}/${requireSegment(domain, 'domain')}`
    return jsonCall({
      method: 'POST',
      base: bases.discovery,
      path,
      auth: 'assistant',
      body: checkBody(),
      retryMode: 'idempotent',
      parse,
      what,
      signal: requestOptions?.signal,
    })
  }

  const reader: Omit<DocsClient, keyof AdminMethods> = {
    baseUrl,
    fetch: effectiveFetch,

    assistantUrl(domain, version = 'v1') {
      return `${bases.discovery}/${version}/assistant/${requireSegment(domain, 'domain')}/message`
    },

    assistantHeaders() {
      const result: Record<string, string> = {}
      headersFor('assistant').forEach((value, name) => {
        result[name] = value
      })
      return result
    },

    async search(domain, body, requestOptions) {
      const read = { parse: validation.searchResults, what: 'search results' }
      const check = () => validation.searchRequest(body)
      return discoveryRead('search', domain, check, read, requestOptions)
    },

    async getPage(domain, body, requestOptions) {
      const read = { parse: validation.pageContent, what: 'page content' }
      const check = () => validation.pageRequest(body)
      return discoveryRead('page', domain, check, read, requestOptions)
    },

    connectAssistant(domain, connectionOptions) {
      return connect(
        {
          domain,
          url: reader.assistantUrl(domain, 'v1'),
          headers: () => headersFor('assistant'),
          request: settings,
          validate: validation.assistantRequest,
          onWarning,
        },
        connectionOptions,
      )
    },

    async streamAssistantMessage(domain, body, requestOptions) {
      const { signal, onThreadExpired } = requestOptions ?? {}
      return reader.connectAssistant(domain, { onThreadExpired }).ask(body, { signal })
    },
  }
  return { reader, settings, bases, headersFor, jsonCall }
}

/** Agent jobs and docs updates (admin key, status token). */
function adminMethods(http: Http, validation: DocsClientValidation): AdminMethods {
  const { settings, bases, headersFor, jsonCall } = http
  const admin: AdminMethods = {
    async listAgentJobs(projectId, params = {}, requestOptions) {
      const valid = validation.listAgentJobsRequest(params)
      const query = new URLSearchParams()
      if (valid.skip !== undefined) query.set('skip', String(valid.skip))
      if (valid.take !== undefined) query.set('take', String(valid.take))
      const search = query.toString() ? `?${query}` : ''
      return jsonCall({
        method: 'GET',
        path: `/v1/agent/${requireSegment(projectId, 'projectId')}/jobs${search}`,
        auth: 'admin',
        retryMode: 'idempotent',
        parse: validation.agentJobList,
        what: 'agent job list',
        signal: requestOptions?.signal,
      })
    },

    async getAgentJob(projectId, id, requestOptions) {
      return jsonCall({
        method: 'GET',
        path: `/v1/agent/${requireSegment(projectId, 'projectId')}/job/${requireSegment(id, 'id')}`,
        auth: 'admin',
        retryMode: 'idempotent',
        parse: validation.agentJob,
        what: 'agent job',
        signal: requestOptions?.signal,
      })
    },

    async createAgentJob(projectId, body, requestOptions) {
      const path = `/v1/agent/${requireSegment(projectId, 'projectId')}/job`
      const valid = validation.createAgentJobRequest(body)
      // The abort link stays: the caller's signal also stops the job's event stream.
      const { value: response } = await performRequest(settings, {
        url: bases.admin + path,
        method: 'POST',
        headers: headersFor('admin', {
          accept: 'text/event-stream',
          'content-type': 'application/json',
        }),
        body: JSON.stringify(valid),
        signal: requestOptions?.signal,
        retryMode: 'unprocessed',
        stream: true,
        read: async (response) => response,
      })
      return {
        sessionId: response.headers.get('x-session-id') ?? undefined,
        branchName: response.headers.get('x-branch-name') ?? undefined,
        response,
      }
    },

    async getUpdateStatus(statusId, requestOptions) {
      return jsonCall({
        method: 'GET',
        path: `/v1/project/update-status/${requireSegment(statusId, 'statusId')}`,
        auth: 'status',
        retryMode: 'idempotent',
        parse: validation.updateStatus,
        what: 'update status',
        signal: requestOptions?.signal,
      })
    },

    async triggerUpdate(projectId, requestOptions) {
      return jsonCall({
        method: 'POST',
        path: `/v1/project/update/${requireSegment(projectId, 'projectId')}`,
        auth: 'admin',
        retryMode: 'unprocessed',
        parse: validation.triggerUpdateResponse,
        what: 'trigger update response',
        signal: requestOptions?.signal,
      })
    },

    async waitForUpdateStatus(statusId, waitOptions = {}) {
      requireSegment(statusId, 'statusId')
      return pollUntil({
        ...waitOptions,
        what: `update ${statusId}`,
        defaultTimeoutMs: 10 * 60_000,
        fetchOnce: (signal) => admin.getUpdateStatus(statusId, { signal }),
        isDone: isUpdateFinished,
      })
    },

    async waitForAgentJob(projectId, id, waitOptions = {}) {
      requireSegment(projectId, 'projectId')
      requireSegment(id, 'id')
      return pollUntil({
        ...waitOptions,
        what: `agent job ${id}`,
        defaultTimeoutMs: 30 * 60_000,
        fetchOnce: (signal) => admin.getAgentJob(projectId, id, { signal }),
        isDone: isAgentJobFinished,
      })
    },
  }
  return admin
}
