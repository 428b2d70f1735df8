import { z } from 'zod'
import { DOCS_LIMITS, longestWordLength } from './docs-limits'
import { assistantRequestProblems } from './request-rules'

/*
 * Request schemas are strict (`.strict()`, closed enums): a typo or a wrong type is caught before
 * anything is sent, and the error names the field. The messages they carry pass unknown keys
 * through (AI SDK clients add their own). Checked with `validateRequest` (schema-validation.ts).
 */

// Every top-level schema is marked `/* @__PURE__ */`: building one is a call, which bundlers must
// otherwise keep, so an app importing one schema (or none) would carry all of them.

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
  .superRefine(refineAssistantRequest)
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
  .superRefine(refineAssistantRequest)
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

/**
 * The rules of an assistant request the field types cannot state (request-rules.ts): the same
 * for v1 and v2, and for the zod-free clients.
 */
function refineAssistantRequest(
  value: Parameters<typeof assistantRequestProblems>[0],
  context: z.RefinementCtx,
): void {
  for (const problem of assistantRequestProblems(value)) {
    context.addIssue({ code: z.ZodIssueCode.custom, path: problem.path, message: problem.message })
  }
}
