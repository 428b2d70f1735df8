import type { EmbeddingModel, LanguageModelV1 } from 'ai'
import type { AnswerPaceSetting } from './assistant/pacing'
import type { DocsCorpus } from './docs/types'
import type { Faults } from './faults'
import type { RateLimits } from './rate-limits'
import type { ThreadLimits } from './threads'
import type { AgentJobOutcome, AgentJobTiming } from './admin/agent-jobs'
import type { UpdateOutcome, UpdateTiming } from './admin/update-status'

/** An OpenAI-compatible endpoint for LLM mode (ai@4's `@ai-sdk/openai` provider). */
export interface OpenAICompatibleSettings {
  apiKey: string
  /** e.g. `http://localhost:11434/v1` for a local server; defaults to OpenAI. */
  baseURL?: string
  /** Model name; defaults to `gpt-4o-mini`. */
  model?: string
  /** Embedding model for semantic search; defaults to `text-embedding-3-small`. */
  embeddingModel?: string
}

export interface ProjectOptions {
  /** The docs domain the project deploys (its `subdomain`); defaults to the first domain. */
  domain?: string
  /** How triggered updates end; defaults to `success`. */
  updateOutcome?: UpdateOutcome
  /** How created agent jobs end unless the request asks otherwise; defaults to `completed`. */
  agentJobOutcome?: AgentJobOutcome
}

export interface DevServerOptions {
  /**
   * Docs per domain: a Mintlify docs folder (Node only) or a parsed corpus (anywhere, e.g. from
   * `parseDocs`). Defaults to `{ docchat: <repository>/apps/docs }`.
   */
  docs?: Record<string, string | DocsCorpus>
  /**
   * Where the docs are published (`https://example.com/docs`), one for all domains or per domain.
   * Search results then carry an absolute `url`. Defaults to the docs' `seo.metatags.canonical`.
   */
  siteUrl?: string | Record<string, string>
  /** Assistant keys (`mint_dsc_…`) for the discovery routes. Default `['mint_dsc_dev_local']`. */
  assistantKeys?: string[]
  /** Admin keys (`mint_…`) for agent jobs and updates. Default `['mint_dev_local']`. */
  adminKeys?: string[]
  /** Project ids for the admin routes. Default `['docchat-project']`. */
  projects?: string[] | Record<string, ProjectOptions>
  /** Organization the keys belong to (rate-limit bucket). */
  organization?: string
  rateLimits?: RateLimits
  /** Faults applied to every response (a request's `x-docchat-fault` header adds to them). */
  faults?: Faults | string
  /**
   * LLM mode: a `LanguageModelV1` (e.g. `MockLanguageModelV1` in tests) or OpenAI-compatible
   * settings. Without it the offline extractive model answers.
   */
  llm?: LanguageModelV1 | OpenAICompatibleSettings
  /**
   * Semantic search in LLM mode: an AI SDK embedding model, or `false` for keyword search only.
   * Defaults to the `llm` endpoint's embeddings when `llm` is OpenAI-compatible settings.
   */
  embeddings?: EmbeddingModel<string> | false
  /**
   * Where section embeddings are cached (Node): a private folder of this user. Default
   * `$DOCCHAT_EMBEDDING_CACHE`, else `$XDG_CACHE_HOME` or `~/.cache` (`docchat-dev-server/embeddings`).
   */
  embeddingCacheDir?: string
  /** The clock (ms since epoch). Jobs, updates, threads and rate limits all read it. */
  now?: () => number
  /** How much faster than real time agent jobs and updates progress. Default 1. */
  speed?: number
  /**
   * How offline answers stream: `instant` (the default here, for tests and Storybook), `model`
   * (like a hosted model: a short think, then about 60 tokens per second with jitter; the CLI's
   * default), or a number of tokens per second.
   */
  answerPace?: AnswerPaceSetting
  agentJobTiming?: Partial<AgentJobTiming>
  updateTiming?: Partial<UpdateTiming>
  /** Largest accepted request body in bytes (413 above). Default 1 MiB. */
  maxBodyBytes?: number
  /** Seed agent jobs and update records so dashboards have data on first start. Default true. */
  seed?: boolean
  /** How many requests `server.requests` keeps (oldest dropped). Default 1000. */
  maxRecordedRequests?: number
  /**
   * Bytes of request bodies `server.requests` keeps in all (oldest dropped). Default 8 MiB. A body
   * larger than an eighth of this is recorded as `{ omitted: '<n> bytes' }`.
   */
  maxRecordedBytes?: number
  /** Bounds on assistant threads (least recently used evicted first). */
  threads?: Partial<ThreadLimits>
  /**
   * Origins that may call the admin routes (agent jobs, updates) from a browser. Default none: the
   * admin routes send no CORS headers. Discovery routes are open to any origin, without credentials.
   */
  allowedOrigins?: string[]
  /**
   * Trust `X-Forwarded-For` for the client address (per-IP rate limits). Only behind a proxy you run:
   * otherwise any client could pick its own address. Default false.
   */
  trustProxy?: boolean
}
