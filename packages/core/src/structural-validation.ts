/*
 * The checks of createDocsClientLite and createDocsReaderClient: structural, without zod, each
 * naming the bad field.
 */
import type {
  DocsClientValidation,
  DocsReaderValidation,
  ResponseParseContext,
} from './base-client'
import { DocsApiError } from './errors'
import { badRequest, checkAssistantRequest } from './request-rules'
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
  CreateAgentJobRequest,
  ListAgentJobsRequest,
  PageRequest,
  SearchRequest,
} from './request-schemas'

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
