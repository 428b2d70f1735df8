import { z } from 'zod'
import { DocsApiError } from './errors'
import { type DocsWarning, type DocsWarningHandler, reportWarning } from './warnings'

/*
 * Two kinds of schema live here:
 * - request schemas are strict (`.strict()`, closed enums): a typo or a wrong type is caught before
 *   anything is sent, and the error names the field;
 * - response schemas are lenient (`.passthrough()`, open enums): known fields are typed, unknown
 *   fields are kept, and an enum value added by a newer server is reported through `onWarning`.
 */

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
const looseString = z
  .string()
  .nullish()
  .transform((value) => value ?? undefined)

// ---------------------------------------------------------------------------------------------
// Conversation messages (AI SDK v4 `UIMessage`, as sent to the v1 assistant endpoint)

export const contextItemSchema = z
  .object({
    type: z.enum(['code', 'textSelection']),
    value: z.string(),
    elementId: z.string().optional(),
    path: z.string().optional(),
  })
  .strict()
export type ContextItem = z.infer<typeof contextItemSchema>

export const attachmentSchema = z
  .object({ name: z.string().optional(), contentType: z.string().optional(), url: z.string() })
  .passthrough()
export type Attachment = z.infer<typeof attachmentSchema>

const reasoningDetailSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string(), signature: z.string().optional() }),
  z.object({ type: z.literal('redacted'), data: z.string() }),
])

const toolInvocationBase = {
  step: z.number().optional(),
  toolCallId: z.string(),
  toolName: z.string(),
  args: z.unknown(),
}

export const toolInvocationSchema = z.discriminatedUnion('state', [
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
])
export type ToolInvocation = z.infer<typeof toolInvocationSchema>

export const messagePartSchema = z.discriminatedUnion('type', [
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
])
export type DocsMessagePart = z.infer<typeof messagePartSchema>

const dateTimeSchema = z.union([
  z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Expected an ISO date-time'),
  z.date(),
])

/**
 * An AI SDK v4 `UIMessage`. Known fields are checked; other keys (`revisionId`, `toolInvocations`,
 * `reasoning`, which `useChat` adds) pass through, because the server tolerates them and AI SDK
 * clients resend stored messages as they are.
 */
export const messageSchema = z
  .object({
    id: z.string().min(1),
    role: z.enum(['system', 'assistant', 'data', 'user']),
    content: z.string(),
    parts: z.array(messagePartSchema),
    createdAt: dateTimeSchema.optional(),
    annotations: z.array(z.unknown()).optional(),
    experimental_attachments: z.array(attachmentSchema).optional(),
  })
  .passthrough()
export type DocsMessage = z.infer<typeof messageSchema>

// ---------------------------------------------------------------------------------------------
// Requests (strict)

export const searchFilterSchema = z
  .object({
    version: z.string().optional(),
    language: z.string().optional(),
    tag: z.string().optional(),
    groups: z.array(z.string()).optional(),
  })
  .strict()
export type SearchFilter = z.infer<typeof searchFilterSchema>

const assistantFilterSchema = z
  .object({
    version: z.string().optional(),
    language: z.string().optional(),
    groups: z.array(z.string()).optional(),
  })
  .strict()

export const assistantRequestSchema = z
  .object({
    fp: z.string().min(1, 'fp is required: use "anonymous" or a stable user id'),
    messages: z.array(messageSchema).min(1),
    threadId: z.string().min(1).nullable().optional(),
    threadKey: z.string().min(1).optional(),
    retrievalPageSize: z.number().int().positive().default(5),
    filter: assistantFilterSchema.nullable().optional(),
    context: z.array(contextItemSchema).optional(),
    currentPath: z.string().max(200).optional(),
  })
  .strict()
  .superRefine((value, context) => {
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

export const searchRequestSchema = z
  .object({
    query: z.string().refine((value) => value.trim() !== '', 'query must not be empty'),
    pageSize: z.number().int().min(1).max(50).default(10),
    filter: searchFilterSchema.optional(),
    scoreThreshold: z.number().min(0).max(1).optional(),
  })
  .strict()
export type SearchRequest = z.output<typeof searchRequestSchema>
export type SearchRequestInput = z.input<typeof searchRequestSchema>

export const pageRequestSchema = z
  .object({ path: z.string().min(1), groups: z.array(z.string()).optional() })
  .strict()
export type PageRequest = z.infer<typeof pageRequestSchema>

export const listAgentJobsRequestSchema = z
  .object({
    skip: z.number().int().min(0).optional(),
    take: z.number().int().min(1).max(100).optional(),
  })
  .strict()
export type ListAgentJobsRequest = z.infer<typeof listAgentJobsRequestSchema>

export const createAgentJobRequestSchema = z
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

export const searchResultSchema = z
  .object({
    content: z.string(),
    path: z.string(),
    metadata: z
      .object({
        title: looseString,
        breadcrumbs: z.array(z.string()).nullish().transform((value) => value ?? undefined),
        section: looseString,
        anchor: looseString,
        score: z.number().nullish().transform((value) => value ?? undefined),
        version: looseString,
        language: looseString,
      })
      .passthrough()
      .nullish()
      .transform((value) => value ?? {}),
  })
  .passthrough()
export type SearchResult = z.output<typeof searchResultSchema>

/** The API returns a bare array; `{ results: [...] }` (seen from some proxies) is accepted too. */
export const searchResultsSchema = z.preprocess(
  (value) =>
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { results?: unknown }).results)
      ? (value as { results: unknown[] }).results
      : value,
  z.array(searchResultSchema),
)

export const pageContentSchema = z.object({ path: z.string(), content: z.string() }).passthrough()
export type PageContent = z.output<typeof pageContentSchema>

export const agentJobTodoSchema = z
  .object({
    content: z.string(),
    status: openEnum(['pending', 'in_progress', 'completed', 'cancelled']).optional(),
    priority: openEnum(['high', 'medium', 'low']).optional(),
    id: z.string(),
  })
  .passthrough()
export type AgentJobTodo = z.output<typeof agentJobTodoSchema>

const agentJobBase = {
  sessionId: z.string(),
  subdomain: looseString,
  branch: z.string().nullish(),
  pullRequestLink: looseString,
  messageToUser: looseString,
  userId: looseString,
  title: looseString,
  createdAt: looseString,
}

/** An item of `GET /v1/agent/{projectId}/jobs` (the list shape: no typed `haultReason`, short todos). */
export const agentJobSummarySchema = z
  .object({
    ...agentJobBase,
    haulted: z.boolean().optional(),
    todos: z
      .array(z.object({ content: z.string(), id: z.string() }).passthrough())
      .nullish()
      .transform((value) => value ?? []),
  })
  .passthrough()
export type AgentJobSummary = z.output<typeof agentJobSummarySchema>

/** `GET /v1/agent/{projectId}/job/{id}`. `haulted`/`haultReason` are the API's own spelling. */
export const agentJobSchema = z
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
export type AgentJob = z.output<typeof agentJobSchema>

export const agentJobListSchema = z
  .object({ allSessions: z.array(agentJobSummarySchema) })
  .passthrough()
export type AgentJobList = z.output<typeof agentJobListSchema>

const updateAuthorSchema = z
  .object({ name: looseString, avatarUrl: looseString, githubUserId: z.number().nullish() })
  .passthrough()

const stringList = z
  .array(z.string())
  .nullish()
  .transform((value) => value ?? [])

export const updateStatusSchema = z
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
    author: z.union([z.string(), updateAuthorSchema]).nullish().transform((value) => value ?? null),
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
export type UpdateStatus = z.output<typeof updateStatusSchema>

export const triggerUpdateResponseSchema = z.object({ statusId: z.string() }).passthrough()
export type TriggerUpdateResponse = z.output<typeof triggerUpdateResponseSchema>

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
