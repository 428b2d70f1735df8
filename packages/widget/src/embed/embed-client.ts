import {
  DocsApiError,
  type DocsClient,
  errorFromResponse,
  type SearchResult,
  toDocsApiError,
} from '@docchat/core'
import { coalescingFetch } from '../coalesce-text-parts'

export interface EmbedClientOptions {
  /** API origin or proxy. Defaults to `https://api.mintlify.com`. */
  baseUrl?: string | undefined
  assistantKey?: string | undefined
  timeoutMs?: number
}

const segment = (value: string) => encodeURIComponent(value)

/**
 * The drop-in's client: the two calls the widget makes (search and the assistant's URL and
 * headers) with the same paths, auth and `DocsApiError`s as `createDocsClient`, but without its
 * zod response validation, which alone would add ~18 KB gzip to the panel chunk. Responses are
 * checked structurally instead; calls the widget never makes reject. Assistant streams pass through
 * `coalesceTextParts`, so a word-by-word stream costs the chat parser a few parts per frame.
 */
export function createEmbedClient(options: EmbedClientOptions): DocsClient {
  const baseUrl = (options.baseUrl || 'https://api.mintlify.com').replace(/\/+$/, '')
  const timeoutMs = options.timeoutMs ?? 30_000
  const headers = (): Record<string, string> =>
    options.assistantKey ? { Authorization: `Bearer ${options.assistantKey}` } : {}
  const fetchImpl = coalescingFetch((input, init) => globalThis.fetch(input, init))

  async function postJson(path: string, body: unknown, signal?: AbortSignal): Promise<unknown> {
    const controller = new AbortController()
    const abort = () => controller.abort(signal?.reason)
    if (signal?.aborted) abort()
    signal?.addEventListener('abort', abort, { once: true })
    const timer = setTimeout(
      () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
      timeoutMs,
    )
    try {
      const response = await fetchImpl(baseUrl + path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers() },
        body: JSON.stringify(body),
        signal: controller.signal,
      })
      if (!response.ok) throw await errorFromResponse(response)
      return await response.json()
    } catch (error) {
      throw DocsApiError.isInstance(error)
        ? error
        : toDocsApiError(controller.signal.aborted ? (controller.signal.reason ?? error) : error)
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', abort)
    }
  }

  const unavailable = (method: string) => () =>
    Promise.reject(
      new DocsApiError(`${method} is not available in the drop-in client`, {
        kind: 'bad-request',
        retryable: false,
      }),
    )

  return {
    baseUrl,
    fetch: fetchImpl,
    assistantUrl: (domain, version = 'v1') =>
      `${baseUrl}/discovery/${version}/assistant/${segment(domain)}/message`,
    assistantHeaders: headers,
    async search(domain, body, requestOptions) {
      const data = await postJson(
        `/discovery/v1/search/${segment(domain)}`,
        body,
        requestOptions?.signal,
      )
      if (!Array.isArray(data)) {
        throw new DocsApiError('Search returned something other than a list', {
          kind: 'invalid-response',
          body: data,
        })
      }
      return data.filter(isSearchResult).map((result) => ({
        ...result,
        metadata: result.metadata && typeof result.metadata === 'object' ? result.metadata : {},
      }))
    },
    getPage: unavailable('getPage'),
    listAgentJobs: unavailable('listAgentJobs'),
    getAgentJob: unavailable('getAgentJob'),
    createAgentJob: unavailable('createAgentJob'),
    getUpdateStatus: unavailable('getUpdateStatus'),
    triggerUpdate: unavailable('triggerUpdate'),
    waitForUpdateStatus: unavailable('waitForUpdateStatus'),
    waitForAgentJob: unavailable('waitForAgentJob'),
    streamAssistantMessage: unavailable('streamAssistantMessage'),
  }
}

function isSearchResult(value: unknown): value is SearchResult {
  if (!value || typeof value !== 'object') return false
  const result = value as Record<string, unknown>
  return typeof result.path === 'string' && typeof result.content === 'string'
}
