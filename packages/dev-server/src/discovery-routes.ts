/** The discovery group: assistant (v1, v2), search and page content. Assistant keys only. */
import {
  type AssistantRequest,
  type Attachment,
  assistantRequestSchema,
  attachmentRequestProblem,
  DOCS_LIMITS,
  isAttachmentPlaceholder,
  type SearchRequest,
  type ChatMessageLike,
  pageRequestSchema,
  readDataStream,
  readDataUrl,
  searchRequestSchema,
  toUIMessageChunks,
  toV4Messages,
} from '@docchat/core'
import { createUIMessageStream, createUIMessageStreamResponse, type UIMessageChunk } from 'ai-v5'
import { z } from 'zod'
import {
  type AssistantDocs,
  absoluteFileUrl,
  streamAssistantTurn,
} from './assistant/assistant-turn'
import { answerCounter, regenerationAttempt } from './assistant/regenerations'
import { authenticate } from './auth'
import { linkResults } from './search/result-links'
import { HttpError, json } from './http'
import { DEV_SERVER_LIMITS } from './limits'
import { windows } from './rate-limits'
import { type RequestContext, requireObject, type ServerContext, validate } from './server-context'
import { trimTrailing } from './text-scan'
import type { Thread, ThreadTurn } from './threads'

/** The files of one question at their limit, base64 in a data URL (4 bytes for 3). */
const questionFilesBytes = Math.ceil((DOCS_LIMITS.attachmentMessageBytes * 4) / 3) + 64 * 1024

/**
 * Bytes an assistant request may be read up to on top of `maxBodyBytes`: one question's files.
 * How much of it a request may use depends on the files it really carries (`checkBodySize`).
 */
export function bodyAllowance(handler: unknown): number {
  if (handler !== assistantV1 && handler !== assistantV2) return 0
  return questionFilesBytes
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Characters of the file URLs users attached, as the raw body carries them: v1
 * `experimental_attachments` and v2 `file` parts alike. The allowance covers these and nothing else.
 */
function attachedFileChars(body: Record<string, unknown>): number {
  let chars = 0
  const count = (file: unknown) => {
    if (isRecord(file) && typeof file.url === 'string') chars += file.url.length
  }
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isRecord(message) || message.role !== 'user') continue
    if (Array.isArray(message.experimental_attachments)) {
      for (const file of message.experimental_attachments) count(file)
    }
    if (Array.isArray(message.parts)) {
      for (const part of message.parts) if (isRecord(part) && part.type === 'file') count(part)
    }
  }
  return chars
}

/**
 * 413 unless the body fits `maxBodyBytes` plus the bytes of the files it carries (at most one
 * question's): a request without files keeps the normal limit.
 */
function checkBodySize(server: ServerContext, ctx: RequestContext, body: Record<string, unknown>) {
  const files = Math.min(questionFilesBytes, attachedFileChars(body))
  const limit = server.maxBodyBytes + files
  if (ctx.bodyBytes > limit) {
    throw new HttpError(
      413,
      `Request body is ${ctx.bodyBytes} bytes; the limit is ${limit} bytes (${server.maxBodyBytes}, plus ${files} for the attached files)`,
      { limit },
    )
  }
}

/** Context items within `DEV_SERVER_LIMITS`, checked on the raw body before the schema reads it. */
function checkContext(body: Record<string, unknown>): void {
  const { context } = body
  if (!Array.isArray(context)) return
  const { contextItems, contextChars, pathChars } = DEV_SERVER_LIMITS
  if (context.length > contextItems) {
    throw new HttpError(
      400,
      `Invalid request: context: at most ${contextItems} items (got ${context.length})`,
      { field: 'context', limit: contextItems },
    )
  }
  let chars = 0
  context.forEach((item, index) => {
    if (!isRecord(item)) return
    if (typeof item.value === 'string') chars += item.value.length
    checkLength(item.path, pathChars, `context.${index}.path`)
    checkLength(item.elementId, pathChars, `context.${index}.elementId`)
  })
  if (chars > contextChars) {
    throw new HttpError(
      400,
      `Invalid request: context: the items' values must be at most ${contextChars} characters together (got ${chars})`,
      { field: 'context', limit: contextChars },
    )
  }
}

/** What every assistant body must pass before the schema, the thread or the model sees it. */
function checkAssistantBody(
  server: ServerContext,
  ctx: RequestContext,
  body: Record<string, unknown>,
): void {
  checkBodySize(server, ctx, body)
  checkContext(body)
}

/**
 * What is wrong with a file the server would have to read: the URL of every file sent (not an
 * earlier question's placeholder) must be a data URL or an absolute http(s) URL. A relative upload
 * URL passes core's check (a browser resolves it against the page) but means nothing here.
 */
function unreadableFileProblem(attachments: readonly Attachment[] | undefined): string | undefined {
  for (const [index, file] of (attachments ?? []).entries()) {
    if (isAttachmentPlaceholder(file) || readDataUrl(file.url) || absoluteFileUrl(file.url))
      continue
    const name = typeof file.name === 'string' ? ` (${file.name})` : ''
    return `attachment ${index + 1}${name}: url must be an absolute http(s) URL on a public host or a base64 data URL; the dev server cannot resolve a relative URL, and sends no address on your network to the model`
  }
  return undefined
}

/**
 * The files of each question within the limits the composer enforces (count, size, type) and
 * readable by the server, or a 400 naming the message and the problem. Runs before the turn is
 * stored, so a refused question leaves no trace in its thread.
 */
function checkAttachments(request: AssistantRequest, field: 'experimental_attachments' | 'parts') {
  request.messages.forEach((message, index) => {
    if (message.role !== 'user') return
    const problem =
      attachmentRequestProblem(message.experimental_attachments) ??
      unreadableFileProblem(message.experimental_attachments)
    if (problem) {
      const path = `messages.${index}.${field}`
      throw new HttpError(400, `Invalid request: ${path}: ${problem}`, { field: path })
    }
  })
}

/** Keys AI SDK clients add to the body on top of the API's own fields. */
const clientOnlyKeys = ['id', 'data', 'trigger', 'messageId']

function domainOf(server: ServerContext, ctx: RequestContext): AssistantDocs {
  const name = ctx.params.domain ?? ''
  const docs = server.domains.get(name)
  if (!docs) {
    throw new HttpError(
      404,
      `Unknown domain "${name}". Served: ${[...server.domains.keys()].join(', ')}`,
      {
        field: 'domain',
      },
    )
  }
  return docs
}

function authorize(server: ServerContext, ctx: RequestContext, kind: 'assistant' | 'search'): void {
  const key = authenticate(ctx.request, server.keys, 'assistant')
  const limits = server.rateLimits
  const rules = [
    {
      bucket: `org:${server.organization}`,
      limit: limits.perOrgPerHour,
      windowMs: windows.hour,
      what: 'requests per organization per hour',
    },
  ]
  if (kind === 'assistant') {
    rules.push(
      {
        bucket: `key:${key}`,
        limit: limits.perKeyPerMonth,
        windowMs: windows.month,
        what: 'assistant messages per key per month',
      },
      {
        bucket: `ip:${ctx.clientAddress}`,
        limit: limits.perIpPerDay,
        windowMs: windows.day,
        what: 'assistant messages per IP address per day',
      },
    )
  }
  server.limiter.hit(rules)
}

function withoutClientKeys(body: Record<string, unknown>): Record<string, unknown> {
  const rest = { ...body }
  for (const key of clientOnlyKeys) delete rest[key]
  return rest
}

interface PreparedTurn {
  docs: AssistantDocs
  request: AssistantRequest
  thread: Thread
  isNewThread: boolean
  history: ThreadTurn[]
  question: string
  /** Files sent with the question (placeholders of earlier questions' files left out). */
  attachments: Attachment[]
  /** 0 for a new question; n for its n-th regeneration. */
  attempt: number
}

/** What AI SDK clients add to the body: the chat `id` and, from v5 transports, `trigger`. */
interface ClientKeys {
  chatId?: unknown
  trigger?: unknown
}

function textOfMessage(message: AssistantRequest['messages'][number]): string {
  if (message.content) return message.content
  return message.parts
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('')
    .trim()
}

function prepareTurn(
  server: ServerContext,
  ctx: RequestContext,
  request: AssistantRequest,
  client: ClientKeys = {},
): PreparedTurn {
  const docs = domainOf(server, ctx)
  let lastUser = -1
  request.messages.forEach((m, i) => {
    if (m.role === 'user') lastUser = i
  })
  const last = request.messages[lastUser]
  const question = last ? textOfMessage(last).trim() : ''
  if (!last || !question) {
    throw new HttpError(400, 'Invalid request: messages: must contain a user message with text', {
      field: 'messages',
    })
  }
  const domain = ctx.params.domain ?? ''
  let thread: Thread
  let isNewThread = false
  if (request.threadId) {
    thread = server.threads.resume(domain, request.threadId, request.threadKey)
  } else {
    thread = server.threads.create(domain)
    isNewThread = true
    // A new thread may start from history the client kept (e.g. after its thread expired).
    for (const message of request.messages.slice(0, lastUser)) {
      if (message.role !== 'user' && message.role !== 'assistant') continue
      const content = textOfMessage(message)
      if (content) thread.turns.push({ role: message.role, content })
    }
  }
  const attempt = regenerationAttempt({
    turns: thread.turns,
    question,
    chatId: client.chatId,
    messageId: last.id,
    trigger: client.trigger,
    domain,
    threadId: thread.id,
    counter: answerCounter(server),
  })
  const history = [...thread.turns]
  thread.turns.push({ role: 'user', content: question })
  const attachments = (last.experimental_attachments ?? []).filter(
    (attachment) => !isAttachmentPlaceholder(attachment),
  )
  return { docs, request, thread, isNewThread, history, question, attachments, attempt }
}

function startTurn(server: ServerContext, ctx: RequestContext, turn: PreparedTurn) {
  return streamAssistantTurn({
    docs: turn.docs,
    history: turn.history,
    question: turn.question,
    attachments: turn.attachments,
    context: turn.request.context,
    currentPath: turn.request.currentPath,
    filter: turn.request.filter,
    retrievalPageSize: turn.request.retrievalPageSize,
    threadId: turn.thread.id,
    attempt: turn.attempt,
    pace: server.answerPace,
    model: server.llm,
    signal: ctx.request.signal,
    onFinish: (answer) => {
      turn.thread.turns.push({ role: 'assistant', content: answer })
    },
  })
}

/**
 * `extractive` (the offline model: sentences copied from the docs) or `model` (a language model
 * writes the answer), so a client can word its disclaimer to fit.
 */
export const answerModeHeader = 'X-DocChat-Answer-Mode'

function answerModeOf(server: ServerContext): 'extractive' | 'model' {
  return server.llm ? 'model' : 'extractive'
}

function threadHeaders(server: ServerContext, turn: PreparedTurn): Record<string, string> {
  return {
    [answerModeHeader]: answerModeOf(server),
    'X-Thread-Id': turn.thread.id,
    ...(turn.isNewThread ? { 'X-Thread-Key': turn.thread.key } : {}),
  }
}

export async function assistantV1(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authorize(server, ctx, 'assistant')
  domainOf(server, ctx)
  const body = requireObject(await ctx.json())
  checkAssistantBody(server, ctx, body)
  const request = validate(assistantRequestSchema, withoutClientKeys(body))
  checkAttachments(request, 'experimental_attachments')
  const turn = prepareTurn(server, ctx, request, { chatId: body.id, trigger: body.trigger })
  const stream = startTurn(server, ctx, turn)
  return new Response(stream, {
    status: 200,
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'X-Vercel-AI-Data-Stream': 'v1',
      'Cache-Control': 'no-cache',
      ...threadHeaders(server, turn),
    },
  })
}

/** The AI SDK v5 `UIMessage` envelope; parts are converted to v4 by core's `toV4Messages`. */
const v5MessagesSchema = z.array(
  z
    .object({
      id: z.string().min(1),
      role: z.enum(['system', 'user', 'assistant']),
      parts: z.array(z.object({ type: z.string() }).passthrough()),
      metadata: z.unknown().optional(),
    })
    .passthrough(),
)

export async function assistantV2(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authorize(server, ctx, 'assistant')
  domainOf(server, ctx)
  const raw = requireObject(await ctx.json())
  checkAssistantBody(server, ctx, raw)
  const body = withoutClientKeys(raw)
  const messages = validate(z.object({ messages: v5MessagesSchema }).passthrough(), body).messages
  const v4 = toV4Messages(messages as ChatMessageLike[])
  const request = validate(assistantRequestSchema, { ...body, messages: v4 })
  checkAttachments(request, 'parts')
  const turn = prepareTurn(server, ctx, request, { chatId: raw.id, trigger: raw.trigger })
  const lines = startTurn(server, ctx, turn)
  const chunks = toUIMessageChunks(readDataStream(lines), {
    messageMetadata: { threadId: turn.thread.id, answerMode: answerModeOf(server) },
  })
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      for await (const chunk of chunks) writer.write(chunk as UIMessageChunk)
    },
    onError: (error) => (error instanceof Error ? error.message : 'An error occurred.'),
  })
  return createUIMessageStreamResponse({ stream, headers: threadHeaders(server, turn) })
}

export async function search(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authorize(server, ctx, 'search')
  const docs = domainOf(server, ctx)
  const request = validate(searchRequestSchema, requireObject(await ctx.json()))
  const options = {
    pageSize: request.pageSize,
    filter: request.filter,
    scoreThreshold: request.scoreThreshold,
  }
  const results =
    (await semanticResults(docs, request.query, options)) ??
    docs.index.search(request.query, options)
  return json(linkResults(results, { siteUrl: docs.siteUrl }))
}

/** Words a query needs before search by meaning is worth an embedding call (not while typing one). */
const semanticMinWords = 3

/**
 * Semantic and keyword search fused (LLM mode with embeddings), for queries of a few words: a
 * question rather than the start of a word. Undefined when there is none, or the embedding call
 * failed (the keyword results then stand).
 */
async function semanticResults(
  docs: AssistantDocs,
  query: string,
  options: { pageSize?: number; filter?: SearchRequest['filter']; scoreThreshold?: number },
) {
  if (!docs.semantic || query.trim().split(/\s+/).length < semanticMinWords) return undefined
  try {
    const semantic = await docs.semantic()
    if (!semantic) return undefined
    const pageSize = options.pageSize ?? 10
    const keyword = docs.index.search(query, { ...options, pageSize: 50 })
    const fused = await semantic.hybrid(query, { pageSize, filter: options.filter, keyword })
    const threshold = options.scoreThreshold ?? 0
    return fused.filter((result) => Number(result.metadata.score ?? 0) >= threshold)
  } catch {
    return undefined
  }
}

/**
 * A 400 naming the field and its maximum when a raw body string is longer than `max`: checked
 * before the value reaches a schema, a regex or the index.
 */
function checkLength(value: unknown, max: number, field: string): void {
  if (typeof value === 'string' && value.length > max) {
    throw new HttpError(
      400,
      `Invalid request: ${field}: must be at most ${max} characters (got ${value.length})`,
      { field, limit: max },
    )
  }
}

/** `/quickstart` for `quickstart`, `/quickstart/`, `https://site/quickstart.mdx#x`, … */
export function normalisePagePath(path: string): string {
  let out = path.trim().split('#')[0]?.split('?')[0] ?? ''
  out = out.replace(/^https?:\/\/[^/]+/i, '').replace(/\.(mdx|md)$/i, '')
  if (!out.startsWith('/')) out = `/${out}`
  if (out.length > 1) out = trimTrailing(out, '/')
  return out.replace(/\/index$/, '') || '/'
}

export async function page(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authorize(server, ctx, 'search')
  const docs = domainOf(server, ctx)
  const body = requireObject(await ctx.json())
  checkLength(body.path, DEV_SERVER_LIMITS.pathChars, 'path')
  const request = validate(pageRequestSchema, body)
  const found = docs.index.getPage(normalisePagePath(request.path))
  if (!found) throw new HttpError(404, 'Page not found or no search index available')
  return json(found)
}
