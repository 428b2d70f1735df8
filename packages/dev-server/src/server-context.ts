/** What route handlers share: state, config and the per-request helpers. */
import { DocsApiError, validateRequest } from '@docchat/core'
import type { LanguageModelV1 } from 'ai'
import type { AnswerPace } from './assistant/pacing'
import type { z } from 'zod'
import type { AgentJobStore } from './admin/agent-jobs'
import type { UpdateStore } from './admin/update-status'
import type { AssistantDocs } from './assistant/assistant-turn'
import type { KeyRing } from './auth'
import type { ProjectOptions } from './dev-server-options'
import type { Faults } from './faults'
import { HttpError } from './http'
import type { RateLimiter, RateLimits } from './rate-limits'
import type { ThreadStore } from './threads'

export interface RecordedRequest {
  method: string
  /** Path without the query string, e.g. `/discovery/v1/search/docchat`. */
  path: string
  url: string
  query: Record<string, string>
  /** Lower-cased header names. */
  headers: Record<string, string>
  /** The parsed JSON body, the raw text when it was not JSON, or undefined. */
  body: unknown
  time: number
}

export interface ServerContext {
  domains: Map<string, AssistantDocs>
  projects: Map<string, Required<Pick<ProjectOptions, 'domain'>> & ProjectOptions>
  keys: KeyRing
  organization: string
  rateLimits: Required<RateLimits>
  limiter: RateLimiter
  threads: ThreadStore
  jobs: AgentJobStore
  updates: UpdateStore
  llm?: LanguageModelV1
  /** How the offline model streams its answers; instant when unset. */
  answerPace?: AnswerPace
  now: () => number
  maxBodyBytes: number
}

export interface RequestContext {
  request: Request
  url: URL
  params: Record<string, string>
  faults: Faults
  clientAddress: string
  record: RecordedRequest
  /** Bytes of the request body as read. */
  bodyBytes: number
  /** Reads and parses the JSON body (recorded), enforcing the size limit. */
  json(): Promise<unknown>
}

/** Runs a core request schema; a failure becomes a 400 naming the field. */
export function validate<S extends z.ZodTypeAny>(schema: S, value: unknown): z.output<S> {
  try {
    return validateRequest(schema, value)
  } catch (error) {
    if (DocsApiError.isInstance(error)) {
      throw new HttpError(400, error.message, { field: error.field })
    }
    throw error
  }
}

export function requireObject(value: unknown): Record<string, unknown> {
  if (value === undefined) throw new HttpError(400, 'Request body is required', { field: 'body' })
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HttpError(400, 'Request body must be a JSON object', { field: 'body' })
  }
  return value as Record<string, unknown>
}
