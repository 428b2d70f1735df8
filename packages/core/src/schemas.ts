import { z } from 'zod'
import { DOCS_LIMITS, longestWordLength } from './docs-limits'
import { DocsApiError } from './errors'
import { type DocsWarning, type DocsWarningHandler, reportWarning } from './warnings'

/*
 * Two kinds of schema live here:
 * - request schemas are strict (`.strict()`, closed enums): a typo or a wrong type is caught before
 *   anything is sent, and the error names the field;
 * - response schemas are lenient (`.passthrough()`, open enums): known fields are typed, unknown
 *   fields are kept, and an enum value added by a newer server is reported through `onWarning`.
 */

// Every top-level schema is marked `/* @__PURE__ */`: building one is a call, which bundlers must
// otherwise keep, so an app importing one schema (or none) would carry all of them.

/** A string enum that also accepts values it does not know. */
export type OpenEnum<T extends string> = T | (string & {})

type EnumSink = (path: Array<string | number>, value: string, expected: readonly string[]) => void
// zod parses synchronously, so a module-level sink set around one `safeParse` call is safe.
let enumSink: EnumSink | undefined

function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.string().transform((value, context): OpenEnum<T[number]> => {
    if (!values.includes(value)) enumSink?.(context.path, value, values)
    return value
  })
}

/** Optional response string that also tolerates `null`. */
const looseString = /* @__PURE__ */ z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)

// ---------------------------------------------------------------------------------------------
// Conversation messages (AI SDK v4 `UIMessage`, as sent to the v1 assistant endpoint)

export const contextItemSchema = /* @__PURE__ */ z
  .object({
    type: z.enum(['code', 'textSelection']),
    value: z.string(),
    elementId: z.string().optional(),
    path: z.string().optional(),
  })
  .strict()
export type ContextItem = z.infer<typeof contextItemSchema>

/*
 * Message types are written out (not inferred) so that declarations and editor hovers stay small:
 * inferred zod types would be repeated in full wherever a schema embeds messages.
 */

export interface Attachment {
  name?: string
  contentType?: string
  url: string
  [key: string]: unknown
}

export type ReasoningDetail =
  | { type: 'text'; text: string; signature?: string }
  | { type: 'redacted'; data: string }

interface ToolInvocationFields {
  step?: number
  toolCallId: string
  toolName: string
  args?: unknown
  [key: string]: unknown
}

/** A v4 tool invocation; `result` is present when `state` is `result`. */
export type ToolInvocation =
  | (ToolInvocationFields & { state: 'partial-call' })
  | (ToolInvocationFields & { state: 'call' })
  | (ToolInvocationFields & { state: 'result'; result?: unknown })

export type DocsMessagePart =
  | { type: 'text'; text: string; [key: string]: unknown }
  | { type: 'reasoning'; reasoning: string; details: ReasoningDetail[]; [key: string]: unknown }
  | { type: 'step-start'; [key: string]: unknown }
  | {
      type: 'source'
      source: { sourceType: 'url'; id: string; url: string; title?: string; [key: string]: unknown }
      [key: string]: unknown
    }
  | { type: 'tool-invocation'; toolInvocation: ToolInvocation; [key: string]: unknown }
  | { type: 'file'; mimeType: string; data: string; [key: string]: unknown }

/** An AI SDK v4 `UIMessage` as the v1 assistant endpoint takes it. */
export interface DocsMessage {
  id: string
  role: 'system' | 'assistant' | 'data' | 'user'
  content: string
  parts: DocsMessagePart[]
  /** ISO date-time; a `Date` is accepted and serialised by `JSON.stringify`. */
  createdAt?: string | Date
  annotations?: unknown[]
  experimental_attachments?: Attachment[]
  [key: string]: unknown
}

export const attachmentSchema: z.ZodType<Attachment> = /* @__PURE__ */ z
  .object({ name: z.string().optional(), contentType: z.string().optional(), url: z.string() })
  .passthrough()

// A malformed attachment is dropped, never the message: a stored conversation survives one bad
// entry (and what is shown of the rest goes through the URL policy: readAttachments). Typed as the
// list it yields, so a message's input type stays `DocsMessage`.
const attachmentListSchema = /* @__PURE__ */ z.preprocess(
  (list) =>
    Array.isArray(list) ? list.filter((item) => attachmentSchema.safeParse(item).success) : list,
  z.array(attachmentSchema),
) as unknown as z.ZodType<Attachment[]>

const reasoningDetailSchema = /* @__PURE__ */ z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
  z.object({ type: z.literal('redacted'), data: z.string() }),
])

const toolInvocationBase = {
  step: /* @__PURE__ */ z.number().optional(),
  toolCallId: /* @__PURE__ */ z.string(),
  toolName: /* @__PURE__ */ z.string(),
  args: /* @__PURE__ */ z.unknown(),
}

export const toolInvocationSchema: z.ZodType<ToolInvocation> = /* @__PURE__ */ z.discriminatedUnion(
  'state',
  [
    z.object({ state: z.literal('partial-call'), ...toolInvocationBase }).passthrough(),
    z.object({ state: z.literal('call'), ...toolInvocationBase }).passthrough(),
    z
      .object({
        state: z.literal('result'),
        ...toolInvocationBase,
        // `z.unknown()` accepts a missing key; the spec requires it when state is `result`.
        result: z.unknown().refine((value) => value !== undefined, 'Required'),
      })
      .passthrough(),
  ],
)

export const messagePartSchema: z.ZodType<DocsMessagePart> = /* @__PURE__ */ z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('text'), text: z.string() }).passthrough(),
    z
      .object({
        type: z.literal('reasoning'),
        reasoning: z.string(),
        details: z.array(reasoningDetailSchema),
      })
      .passthrough(),
    z.object({ type: z.literal('step-start') }).passthrough(),
    z
      .object({
        type: z.literal('source'),
        source: z
          .object({
            sourceType: z.literal('url'),
            id: z.string(),
            url: z.string(),
            title: z.string().optional(),
          })
          .passthrough(),
      })
      .passthrough(),
    z
      .object({ type: z.literal('tool-invocation'), toolInvocation: toolInvocationSchema })
      .passthrough(),
    z.object({ type: z.literal('file'), mimeType: z.string(), data: z.string() }).passthrough(),
  ],
)

const dateTimeSchema = /* @__PURE__ */ z.union([
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Expected an ISO date-time'),
  z.date(),
])

/**
 * An AI SDK v4 `UIMessage`. Known fields are checked; other keys (`revisionId`, `toolInvocations`,
 * `reasoning`, which `useChat` adds) pass through, because the server tolerates them and AI SDK
 * clients resend stored messages as they are.
 */
export const messageSchema: z.ZodType<DocsMessage> = /* @__PURE__ */ z
  .object({
    id: z.string().min(1),
    role: z.enum(['system', 'assistant', 'data', 'user']),
    content: z.string(),
    parts: z.array(messagePartSchema),
    createdAt: dateTimeSchema.optional(),
    annotations: z.array(z.unknown()).optional(),
    experimental_attachments: attachmentListSchema.optional(),
  })
  .passthrough()

// ---------------------------------------------------------------------------------------------
// Requests (strict)

export const searchFilterSchema = /* @__PURE__ */ z
  .object({
    version: z.string().optional(),
    language: z.string().optional(),
    tag: z.string().optional(),
    groups: z.array(z.string()).optional(),
  })
  .strict()
export type SearchFilter = z.infer<typeof searchFilterSchema>

const assistantFilterSchema = /* @__PURE__ */ z
  .object({
    version: z.string().optional(),
    language: z.string().optional(),
    groups: z.array(z.string()).optional(),
  })
  .strict()

export const assistantRequestSchema = /* @__PURE__ */ z
  .object({
    fp: z.string().min(1, 'fp is required: use "anonymous" or a stable user id'),
    messages: z.array(messageSchema).min(1),
    threadId: z.string().min(1).nullable().optional(),
    threadKey: z.string().min(1).optional(),
    retrievalPageSize: z.number().int().positive().default(5),
    filter: assistantFilterSchema.nullable().optional(),
    context: z.array(contextItemSchema).optional(),
    currentPath: z.string().max(DOCS_LIMITS.currentPathChars).optional(),
  })
  .strict()
  .superRefine((value, context) => {
    value.messages.forEach((message, index) => {
      if (message.role !== 'user') return
      const text =
        message.content ||
        message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
      if (text.length > DOCS_LIMITS.questionChars) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['messages', index, 'content'],
          message: `a question must be at most ${DOCS_LIMITS.questionChars} characters (got ${text.length})`,
        })
      }
    })
    if (value.threadKey !== undefined && !value.threadId) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['threadKey'],
        message: 'threadKey is only valid together with threadId',
      })
    }
  })
/** The assistant request as sent (defaults applied). */
export type AssistantRequest = z.output<typeof assistantRequestSchema>
/** The assistant request as callers write it (`retrievalPageSize` optional). */
export type AssistantRequestInput = z.input<typeof assistantRequestSchema>

/**
 * An AI SDK v5+ `UIMessage` as the v2 endpoint takes it: `id`, `role` and `parts` required. Parts
 * are checked for a `type` only, since v5+ clients send back every part they received (tool,
 * `data-*`, `source-document`), not only the five types the spec lists.
 */
export const uiMessageSchema = /* @__PURE__ */ z
  .object({
    id: z.string().min(1),
    role: z.enum(['system', 'user', 'assistant']),
    parts: z.array(z.object({ type: z.string().min(1) }).passthrough()),
    metadata: z.unknown().optional(),
    createdAt: z.union([z.string(), z.date()]).optional(),
  })
  .passthrough()
export type DocsUIMessage = z.infer<typeof uiMessageSchema>

/**
 * The body of `POST /v2/assistant/{domain}/message` (api-contract §3): the v1 fields with UI
 * messages, plus the keys AI SDK's `DefaultChatTransport` adds (`id`, `trigger`, `messageId`),
 * which the API accepts.
 */
export const assistantV2RequestSchema = /* @__PURE__ */ z
  .object({
    fp: z.string().min(1, 'fp is required: use "anonymous" or a stable user id'),
    messages: z.array(uiMessageSchema).min(1),
    threadId: z.string().min(1).nullable().optional(),
    threadKey: z.string().min(1).optional(),
    retrievalPageSize: z.number().int().positive().default(5),
    filter: assistantFilterSchema.nullable().optional(),
    context: z.array(contextItemSchema).optional(),
    currentPath: z.string().max(DOCS_LIMITS.currentPathChars).optional(),
    id: z.string().optional(),
    trigger: z.enum(['submit-message', 'regenerate-message']).optional(),
    messageId: z.string().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    value.messages.forEach((message, index) => {
      if (message.role !== 'user') return
      const text = message.parts
        .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
        .join('')
      if (text.length > DOCS_LIMITS.questionChars) {
        context.addIssue({
          code: z.ZodIssueCode.custom,
          path: ['messages', index, 'parts'],
          message: `a question must be at most ${DOCS_LIMITS.questionChars} characters (got ${text.length})`,
        })
      }
    })
    if (value.threadKey !== undefined && !value.threadId) {
      context.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['threadKey'],
        message: 'threadKey is only valid together with threadId',
      })
    }
  })
/** The v2 assistant request as sent (defaults applied). */
export type AssistantV2Request = z.output<typeof assistantV2RequestSchema>
/** The v2 assistant request as callers write it. */
export type AssistantV2RequestInput = z.input<typeof assistantV2RequestSchema>

export const searchRequestSchema = /* @__PURE__ */ z
  .object({
    query: z
      .string()
      .refine((value) => value.trim() !== '', 'query must not be empty')
      .refine(
        (value) => value.length <= DOCS_LIMITS.queryChars,
        `query must be at most ${DOCS_LIMITS.queryChars} characters`,
      )
      .refine(
        (value) =>
          value.length > DOCS_LIMITS.queryChars ||
          longestWordLength(value) <= DOCS_LIMITS.queryWordChars,
        `query words must be at most ${DOCS_LIMITS.queryWordChars} characters`,
      ),
    pageSize: z.number().int().min(1).max(50).default(10),
    filter: searchFilterSchema.optional(),
    scoreThreshold: z.number().min(0).max(1).optional(),
  })
  .strict()
export type SearchRequest = z.output<typeof searchRequestSchema>
export type SearchRequestInput = z.input<typeof searchRequestSchema>

export const pageRequestSchema = /* @__PURE__ */ z
  .object({ path: z.string().min(1), groups: z.array(z.string()).optional() })
  .strict()
export type PageRequest = z.infer<typeof pageRequestSchema>

export const listAgentJobsRequestSchema = /* @__PURE__ */ z
  .object({
    skip: z.number().int().min(0).optional(),
    take: z.number().int().min(1).max(100).optional(),
  })
  .strict()
export type ListAgentJobsRequest = z.infer<typeof listAgentJobsRequestSchema>

export const createAgentJobRequestSchema = /* @__PURE__ */ z
  .object({
    branch: z.string().min(1).optional(),
    messages: z
      .array(
        z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }).strict(),
      )
      .min(1),
    asDraft: z.boolean().optional(),
    model: z.enum(['sonnet', 'opus']).optional(),
  })
  .strict()
export type CreateAgentJobRequest = z.infer<typeof createAgentJobRequestSchema>

// ---------------------------------------------------------------------------------------------
// Responses (lenient)

// Response types are written out for the same reason as the message types above.

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

// ---------------------------------------------------------------------------------------------
// Parsing helpers

function dottedPath(issue: z.ZodIssue): string {
  const path = [...issue.path]
  if (issue.code === z.ZodIssueCode.unrecognized_keys && issue.keys[0] !== undefined) {
    path.push(issue.keys[0])
  }
  return path.join('.')
}

function describeIssue(issue: z.ZodIssue): string {
  if (issue.code === z.ZodIssueCode.unrecognized_keys) return 'unknown field'
  return issue.message
}

/**
 * Validates a request body before it is sent. Returns the parsed value (defaults applied) or throws
 * `DocsApiError` of kind `bad-request` whose `field` is the dotted path of the first bad field
 * (`messages.0.id`) and whose message names it.
 */
export function validateRequest<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issue = result.error.issues[0]!
  const field = dottedPath(issue)
  return throwInvalid(
    `Invalid request: ${field || 'body'}: ${describeIssue(issue)}`,
    'bad-request',
    field,
    result.error,
  )
}

function throwInvalid(
  message: string,
  kind: 'bad-request' | 'invalid-response',
  field: string,
  error: z.ZodError,
): never {
  throw new DocsApiError(message, {
    kind,
    ...(field ? { field } : {}),
    body: error.issues,
    cause: error,
  })
}

/**
 * Parses a response leniently. Unknown enum values are reported through `onWarning`
 * (`code: 'unknown-enum-value'`); a response missing required fields throws `DocsApiError` of kind
 * `invalid-response` naming the field.
 */
export function parseResponse<S extends z.ZodTypeAny>(
  schema: S,
  value: unknown,
  options: { onWarning?: DocsWarningHandler | undefined; what?: string } = {},
): z.output<S> {
  const warnings: DocsWarning[] = []
  const previous = enumSink
  enumSink = (path, enumValue, expected) => {
    const dotted = path.join('.')
    warnings.push({
      code: 'unknown-enum-value',
      message: `${options.what ?? 'Response'} field ${dotted} has an unknown value "${enumValue}" (known: ${expected.join(', ')})`,
      path: dotted,
      value: enumValue,
    })
  }
  let result: z.SafeParseReturnType<unknown, z.output<S>>
  try {
    result = schema.safeParse(value)
  } finally {
    enumSink = previous
  }
  if (!result.success) {
    const issue = result.error.issues[0]!
    const field = dottedPath(issue)
    throwInvalid(
      `Unexpected ${options.what ?? 'response'}: ${field || 'body'}: ${describeIssue(issue)}`,
      'invalid-response',
      field,
      result.error,
    )
  }
  for (const warning of warnings) reportWarning(options.onWarning, warning)
  return result.data
}
