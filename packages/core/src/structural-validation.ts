/*
 * The checks of createDocsClientLite, createDocsReaderClient and the transport: structural,
 * without zod, each naming the bad field; an assistant request's rules are request-rules.ts'.
 */
import type {
  DocsClientValidation,
  DocsReaderValidation,
  ResponseParseContext,
} from './base-client'
import { DocsApiError } from './errors'
import { assistantRequestProblems, type RequestShape } from './request-rules'
import { DOCS_LIMITS } from './docs-limits'
// Types only: a runtime import of the schemas would pull zod into the bundle.
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
  AssistantV2Request,
  CreateAgentJobRequest,
  ListAgentJobsRequest,
  PageRequest,
  SearchRequest,
} from './request-schemas'

/** A request that breaks a rule: nothing is sent, and the error names the field. */
function badRequest(field: string, problem: string): never {
  throw new DocsApiError(`Invalid request: ${field}: ${problem}`, { kind: 'bad-request', field })
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const roles = {
  // v4 messages (the v1 endpoint) have a `data` role too; v2's UI messages do not.
  v1: ['system', 'user', 'assistant', 'data'],
  v2: ['system', 'user', 'assistant'],
}

/**
 * The zod-free check of an assistant request body (v1: AI SDK v4 messages; v2: v5+ UI messages),
 * naming the first bad field, with the defaults applied: what `assistantRequestSchema` /
 * `assistantV2RequestSchema` check, minus the per-part detail, so a client or transport without
 * zod checks by the same rules.
 */
function checkAssistantRequest(value: unknown, protocol: 'v1'): AssistantRequest
function checkAssistantRequest(value: unknown, protocol: 'v2'): AssistantV2Request
function checkAssistantRequest(value: unknown, protocol: 'v1' | 'v2') {
  if (!isRecord(value)) badRequest('body', 'must be a JSON object')
  if (typeof value.fp !== 'string' || !value.fp) {
    badRequest('fp', 'is required: use "anonymous" or a stable user id')
  }
  const messages = value.messages
  if (!Array.isArray(messages) || messages.length === 0) {
    badRequest('messages', 'must be a non-empty array')
  }
  messages.forEach((message: unknown, index: number) => {
    const at = `messages.${index}`
    if (!isRecord(message)) badRequest(at, 'must be an object')
    if (typeof message.id !== 'string' || !message.id) badRequest(`${at}.id`, 'must be a string')
    if (!roles[protocol].includes(message.role as string)) {
      badRequest(`${at}.role`, `must be ${roles[protocol].join(', ')}`)
    }
    if (protocol === 'v2' || message.parts !== undefined) {
      if (!Array.isArray(message.parts)) badRequest(`${at}.parts`, 'must be an array')
      message.parts.forEach((part: unknown, partIndex: number) => {
        if (!isRecord(part) || typeof part.type !== 'string') {
          badRequest(`${at}.parts.${partIndex}.type`, 'must be a string')
        }
      })
    }
  })
  const size = value.retrievalPageSize
  if (size !== undefined && !(typeof size === 'number' && Number.isInteger(size) && size > 0)) {
    badRequest('retrievalPageSize', 'must be a positive integer')
  }
  const path = value.currentPath
  if (
    path !== undefined &&
    (typeof path !== 'string' || path.length > DOCS_LIMITS.currentPathChars)
  ) {
    badRequest(
      'currentPath',
      `must be a string of at most ${DOCS_LIMITS.currentPathChars} characters`,
    )
  }
  const [problem] = assistantRequestProblems(value as unknown as RequestShape)
  if (problem) badRequest(problem.path.join('.'), problem.message)
  return { retrievalPageSize: 5, ...value }
}

/**
 * The zod-free check of a v2 body (`checkAssistantRequest(value, 'v2')`): the transport's default
 * for `protocol: 'v2'`, so it stays small.
 */
export const checkAssistantV2Request = (value: unknown): AssistantV2Request =>
  checkAssistantRequest(value, 'v2')

type Fields = Record<string, unknown>

function requestObject(value: unknown, field = 'body'): Fields {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    return badRequest(field, 'must be an object')
  }
  return value as Fields
}

function requireString(body: Fields, field: string, prefix = ''): void {
  const value = body[field]
  if (typeof value !== 'string' || value.trim() === '') {
    badRequest(prefix + field, 'must be a non-empty string')
  }
}

function optionalNumber(body: Fields, field: string): void {
  if (body[field] !== undefined && typeof body[field] !== 'number') {
    badRequest(field, 'must be a number')
  }
}

function requireList(body: Fields, field: string): unknown[] {
  const value = body[field]
  if (!Array.isArray(value) || value.length === 0) badRequest(field, 'must be a non-empty array')
  return value
}

function invalid(context: ResponseParseContext, field: string, problem: string, body: unknown) {
  const where = field ? ` field ${field}` : ''
  return new DocsApiError(`Invalid ${context.what}:${where} ${problem}`, {
    kind: 'invalid-response',
    ...(field ? { field } : {}),
    body,
  })
}

function responseObject(value: unknown, context: ResponseParseContext, field = ''): Fields {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid(context, field, 'must be an object', value)
  }
  return value as Fields
}

function responseList(value: unknown, context: ResponseParseContext, field = ''): unknown[] {
  if (!Array.isArray(value)) throw invalid(context, field, 'must be an array', value)
  return value
}

function responseStrings(record: Fields, fields: string[], context: ResponseParseContext, at = '') {
  for (const field of fields) {
    if (typeof record[field] !== 'string') {
      throw invalid(context, at + field, 'must be a string', record)
    }
  }
}

const listOrEmpty = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])

/** The structural checks of the reader endpoints (assistant key): `createDocsReaderClient`. */
export const readerValidation: DocsReaderValidation = {
  searchRequest(value) {
    const body = requestObject(value)
    requireString(body, 'query')
    optionalNumber(body, 'pageSize')
    optionalNumber(body, 'scoreThreshold')
    return { pageSize: 10, ...body } as SearchRequest
  },
  pageRequest(value) {
    const body = requestObject(value)
    requireString(body, 'path')
    return body as PageRequest
  },
  assistantRequest: (value) => checkAssistantRequest(value, 'v1'),
  searchResults(value, context) {
    return responseList(value, context).map((item, index) => {
      const result = responseObject(item, context, String(index))
      responseStrings(result, ['content', 'path'], context, `${index}.`)
      const metadata = result.metadata
      return {
        ...result,
        metadata:
          metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {},
      } as SearchResult
    })
  },
  pageContent(value, context) {
    const page = responseObject(value, context)
    responseStrings(page, ['path', 'content'], context)
    return page as PageContent
  },
}

/** The structural checks of `createDocsClientLite` (also used where no client is given). */
export const structuralValidation: DocsClientValidation = {
  ...readerValidation,
  listAgentJobsRequest(value) {
    const params = requestObject(value ?? {}, 'params')
    optionalNumber(params, 'skip')
    optionalNumber(params, 'take')
    return params as ListAgentJobsRequest
  },
  createAgentJobRequest(value) {
    const body = requestObject(value)
    requireList(body, 'messages').forEach((message, index) => {
      const field = `messages.${index}`
      const record = requestObject(message, field)
      if (typeof record.content !== 'string') badRequest(`${field}.content`, 'must be a string')
      requireString(record, 'role', `${field}.`)
    })
    return body as CreateAgentJobRequest
  },

  agentJobList(value, context) {
    const list = responseObject(value, context)
    const allSessions = responseList(list.allSessions, context, 'allSessions').map(
      (item, index) => {
        const job = responseObject(item, context, `allSessions.${index}`)
        responseStrings(job, ['sessionId'], context, `allSessions.${index}.`)
        return { ...job, todos: listOrEmpty(job.todos) }
      },
    )
    return { ...list, allSessions } as AgentJobList
  },
  agentJob(value, context) {
    const job = responseObject(value, context)
    responseStrings(job, ['sessionId'], context)
    if (typeof job.haulted !== 'boolean')
      throw invalid(context, 'haulted', 'must be a boolean', job)
    return { ...job, todos: listOrEmpty(job.todos) } as AgentJob
  },
  updateStatus(value, context) {
    const status = responseObject(value, context)
    responseStrings(status, ['_id', 'projectId', 'createdAt', 'status', 'source'], context)
    return {
      ...status,
      logs: listOrEmpty(status.logs),
      author: status.author ?? null,
      commit: status.commit ?? undefined,
    } as UpdateStatus
  },
  triggerUpdateResponse(value, context) {
    const response = responseObject(value, context)
    responseStrings(response, ['statusId'], context)
    return response as TriggerUpdateResponse
  },
}
