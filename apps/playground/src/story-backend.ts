/**
 * A fresh dev server per story, reached through msw: stories configure it with
 * `parameters.docchat` and read the ready client from `loaded.backend`.
 */
import { createDocsClient, type DocsClient } from '@docchat/core'
import {
  createDevServer,
  type DevServer,
  type DevServerOptions,
  faultHeader,
} from '@docchat/dev-server'
import { docsCorpus, docsDomain } from './docs-corpus'
import { apiBaseUrl, serveDevServer, serveNetworkFailure } from './mock-api'

const projectId = 'docchat-project'

/**
 * The dev server's clock in stories: fixed, so job and update states, rate-limit windows and
 * `Retry-After` values are the same on every run. An hour boundary, so a per-hour limit's window
 * is a full hour.
 */
const storyClockStart = Date.UTC(2026, 0, 15, 9, 0, 0)

export interface StoryBackendOptions {
  /** `x-docchat-fault` sent with every request of the story's client, e.g. `status=503`. */
  fault?: string
  /** Dev server options: rate limits, an `llm`, timings… (`docs` defaults to DocChat's docs). */
  server?: Omit<DevServerOptions, 'now'>
  /**
   * How far the fixed clock moves after the seeded jobs and updates are created (ms). `'real'`
   * uses the wall clock instead, so jobs and updates progress while you watch.
   */
  clock?: number | 'real'
  /** The client sends a key the server doesn't know (401). */
  invalidKey?: boolean
  /** Every request fails like an offline fetch (msw's network error). */
  offline?: boolean
  /** Runs once the backend is up, e.g. to create an agent job; its result is `backend.extra`. */
  setup?: (backend: StoryBackend) => Promise<Record<string, string>>
}

export interface StoryBackend {
  server: DevServer
  client: DocsClient
  domain: string
  projectId: string
  /** Ids of the seeded agent jobs: completed, error, github_missconfigured, running. */
  agentJobIds: string[]
  /** Ids of the seeded updates: failure, success, the one started "now". */
  updateStatusIds: string[]
  /** Requests the server received for a route, e.g. `'/assistant/'`. */
  requestsTo(path: string): DevServer['requests']
  /** What `setup` returned. */
  extra: Record<string, string>
}

/**
 * Conversations and recent searches persist in localStorage (a reload restores them); each story
 * starts clean, or the previous story's thread would reappear.
 */
function clearStoredState(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) {
      if (key.startsWith('docchat')) storage.removeItem(key)
    }
  }
}

async function createStoryBackend(options: StoryBackendOptions = {}): Promise<StoryBackend> {
  clearStoredState()
  const clock = options.clock ?? 0
  let time = storyClockStart
  const server = await createDevServer({
    docs: { [docsDomain]: docsCorpus() },
    ...options.server,
    now: clock === 'real' ? () => Date.now() : () => time,
  })
  if (typeof clock === 'number') time += clock
  if (options.offline) await serveNetworkFailure()
  else await serveDevServer(server)
  const client = createDocsClient({
    baseUrl: apiBaseUrl,
    assistantKey: options.invalidKey ? 'mint_dsc_not_a_real_key' : server.keys.assistant,
    adminKey: server.keys.admin,
    // The admin key is the dev server's local one, in a story sandbox: no secret to leak.
    dangerouslyAllowBrowser: true,
    // Stories show each failure as it is; a retry would hide the state under test.
    retry: false,
    ...(options.fault ? { headers: { [faultHeader]: options.fault } } : {}),
    onWarning: () => {},
  })
  const seeded = server.seeded[projectId] ?? { agentJobIds: [], updateStatusIds: [] }
  const backend: StoryBackend = {
    server,
    client,
    domain: docsDomain,
    projectId,
    agentJobIds: seeded.agentJobIds,
    updateStatusIds: seeded.updateStatusIds,
    requestsTo: (path) => server.requests.filter((r) => r.path.includes(path)),
    extra: {},
  }
  if (options.setup) backend.extra = await options.setup(backend)
  return backend
}

/**
 * Storybook loader: `loaded.backend` is the story's dev server and client, configured by
 * `parameters.docchat`. (A plain function, so it fits every story's args type.)
 */
export async function devServerLoader({
  parameters,
}: {
  parameters: { docchat?: StoryBackendOptions }
}): Promise<{ backend: StoryBackend }> {
  return { backend: await createStoryBackend(parameters.docchat) }
}

export function backendOf(loaded: Record<string, unknown>): StoryBackend {
  const backend = loaded.backend as StoryBackend | undefined
  if (!backend) throw new Error('This story needs the devServerLoader')
  return backend
}
