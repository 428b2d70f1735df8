import { z } from 'zod'
import { type OpenEnum, openEnum } from './schema-validation'

/*
 * Response schemas are lenient (`.passthrough()`, open enums): known fields are typed, unknown
 * fields are kept, and an enum value added by a newer server is reported through `onWarning`
 * (`parseResponse`, schema-validation.ts).
 */

// Every top-level schema is marked `/* @__PURE__ */`: building one is a call, which bundlers must
// otherwise keep, so an app importing one schema (or none) would carry all of them.

/** Optional response string that also tolerates `null`. */
const looseString = /* @__PURE__ */ z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)

// ---------------------------------------------------------------------------------------------
// Responses (lenient)

// Response types are written out (not inferred) so that declarations and editor hovers stay
// small.

export interface SearchResultMetadata {
  title?: string
  breadcrumbs?: string[]
  section?: string
  anchor?: string
  /** Relevance in 0..1 where the server reports it. */
  score?: number
  version?: string
  language?: string
  [key: string]: unknown
}

export interface SearchResult {
  content: string
  /** Path (or URL) of the page, as `getPage` takes it. */
  path: string
  metadata: SearchResultMetadata
  [key: string]: unknown
}

export interface PageContent {
  path: string
  content: string
  [key: string]: unknown
}

export interface AgentJobTodo {
  content: string
  status?: OpenEnum<'pending' | 'in_progress' | 'completed' | 'cancelled'>
  priority?: OpenEnum<'high' | 'medium' | 'low'>
  id: string
  [key: string]: unknown
}

interface AgentJobFields {
  sessionId: string
  subdomain?: string
  branch?: string | null
  pullRequestLink?: string
  messageToUser?: string
  userId?: string
  title?: string
  createdAt?: string
  [key: string]: unknown
}

export interface AgentJobSummary extends AgentJobFields {
  haulted?: boolean
  todos: Array<{ content: string; id: string; [key: string]: unknown }>
}

/** `processing` while the job runs; the misspelling is the API's. */
export type AgentJobHaultReason = OpenEnum<
  'completed' | 'github_missconfigured' | 'error' | 'processing' | 'interrupted'
>

export interface AgentJob extends AgentJobFields {
  /** `true` once the job stopped (see `haultReason`). */
  haulted: boolean
  haultReason?: AgentJobHaultReason
  todos: AgentJobTodo[]
}

export interface AgentJobList {
  allSessions: AgentJobSummary[]
  [key: string]: unknown
}

export interface UpdateAuthor {
  name?: string
  avatarUrl?: string
  githubUserId?: number | null
  [key: string]: unknown
}

export interface UpdateCommit {
  sha: string
  ref: string
  message: string
  filesChanged: { added: string[]; modified: string[]; removed: string[]; [key: string]: unknown }
  [key: string]: unknown
}

export type UpdateStatusState = OpenEnum<'queued' | 'in_progress' | 'success' | 'failure'>

export type UpdateSource = OpenEnum<
  'internal' | 'github-app-installation' | 'api' | 'github' | 'dashboard' | 'gitlab' | 'onboarding'
>

export interface UpdateStatus {
  _id: string
  projectId: string
  createdAt: string
  endedAt?: string
  status: UpdateStatusState
  summary?: string
  logs: string[]
  subdomain?: string
  screenshot?: string
  screenshotLight?: string
  screenshotDark?: string
  /** A plain string before 2026-03-23, an object (or `null`) since. */
  author: string | UpdateAuthor | null
  commit?: UpdateCommit
  source: UpdateSource
  [key: string]: unknown
}

export interface TriggerUpdateResponse {
  statusId: string
  [key: string]: unknown
}

type ResponseSchema<T> = z.ZodType<T, z.ZodTypeDef, unknown>

export const searchResultSchema: ResponseSchema<SearchResult> = /* @__PURE__ */ z
  .object({
    content: z.string(),
    path: z.string(),
    metadata: z
      .object({
        title: looseString,
        breadcrumbs: z
          .array(z.string())
          .nullish()
          .transform((value) => value ?? undefined),
        section: looseString,
        anchor: looseString,
        score: z
          .number()
          .nullish()
          .transform((value) => value ?? undefined),
        version: looseString,
        language: looseString,
      })
      .passthrough()
      .nullish()
      .transform((value) => value ?? {}),
  })
  .passthrough()

/** The API returns a bare array; `{ results: [...] }` (seen from some proxies) is accepted too. */
export const searchResultsSchema: ResponseSchema<SearchResult[]> = /* @__PURE__ */ z.preprocess(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { results?: unknown }).results)
      ? (value as { results: unknown[] }).results
      : value,
  z.array(searchResultSchema),
)

export const pageContentSchema: ResponseSchema<PageContent> = /* @__PURE__ */ z
  .object({ path: z.string(), content: z.string() })
  .passthrough()

export const agentJobTodoSchema: ResponseSchema<AgentJobTodo> = /* @__PURE__ */ z
  .object({
    content: z.string(),
    status: openEnum(['pending', 'in_progress', 'completed', 'cancelled']).optional(),
    priority: openEnum(['high', 'medium', 'low']).optional(),
    id: z.string(),
  })
  .passthrough()

const agentJobBase = {
  sessionId: /* @__PURE__ */ z.string(),
  subdomain: looseString,
  branch: /* @__PURE__ */ z.string().nullish(),
  pullRequestLink: looseString,
  messageToUser: looseString,
  userId: looseString,
  title: looseString,
  createdAt: looseString,
}

/** An item of `GET /v1/agent/{projectId}/jobs` (the list shape: no typed `haultReason`, short todos). */
export const agentJobSummarySchema: ResponseSchema<AgentJobSummary> = /* @__PURE__ */ z
  .object({
    ...agentJobBase,
    haulted: z.boolean().optional(),
    todos: z
      .array(z.object({ content: z.string(), id: z.string() }).passthrough())
      .nullish()
      .transform((value) => value ?? []),
  })
  .passthrough()

/** `GET /v1/agent/{projectId}/job/{id}`. `haulted`/`haultReason` are the API's own spelling. */
export const agentJobSchema: ResponseSchema<AgentJob> = /* @__PURE__ */ z
  .object({
    ...agentJobBase,
    haulted: z.boolean(),
    haultReason: openEnum([
      'completed',
      'github_missconfigured',
      'error',
      'processing',
      'interrupted',
    ]).optional(),
    todos: z
      .array(agentJobTodoSchema)
      .nullish()
      .transform((value) => value ?? []),
  })
  .passthrough()

export const agentJobListSchema: ResponseSchema<AgentJobList> = /* @__PURE__ */ z
  .object({ allSessions: z.array(agentJobSummarySchema) })
  .passthrough()

const updateAuthorSchema = /* @__PURE__ */ z
  .object({ name: looseString, avatarUrl: looseString, githubUserId: z.number().nullish() })
  .passthrough()

const stringList = /* @__PURE__ */ z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? [])

export const updateStatusSchema: ResponseSchema<UpdateStatus> = /* @__PURE__ */ z
  .object({
    _id: z.string(),
    projectId: z.string(),
    createdAt: z.string(),
    endedAt: looseString,
    status: openEnum(['queued', 'in_progress', 'success', 'failure']),
    summary: looseString,
    logs: stringList,
    subdomain: looseString,
    screenshot: looseString,
    screenshotLight: looseString,
    screenshotDark: looseString,
    // A plain string before 2026-03-23, an object (or null) since.
    author: z
      .union([z.string(), updateAuthorSchema])
      .nullish()
      .transform((value) => value ?? null),
    commit: z
      .object({
        sha: z.string(),
        ref: z.string(),
        message: z.string(),
        filesChanged: z
          .object({ added: stringList, modified: stringList, removed: stringList })
          .passthrough()
          .nullish()
          .transform((value) => value ?? { added: [], modified: [], removed: [] }),
      })
      .passthrough()
      .nullish()
      .transform((value) => value ?? undefined),
    source: openEnum([
      'internal',
      'github-app-installation',
      'api',
      'github',
      'dashboard',
      'gitlab',
      'onboarding',
    ]),
  })
  .passthrough()

export const triggerUpdateResponseSchema: ResponseSchema<TriggerUpdateResponse> = /* @__PURE__ */ z
  .object({ statusId: z.string() })
  .passthrough()
