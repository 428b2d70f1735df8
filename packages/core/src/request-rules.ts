import { DOCS_LIMITS } from './docs-limits'
import { DocsApiError } from './errors'
// Types only: the lite clients and the transport check requests with these rules, without zod.
import type { AssistantRequest, AssistantV2Request } from './request-schemas'

/*
 * The rules of an assistant request (v1 and v2), in one place. The zod schemas
 * (request-schemas.ts) state the field types and refine with `assistantRequestProblems`; the
 * zod-free clients and the transport check with `checkAssistantRequest`, which states the same
 * fields by hand and applies the same problems.
 */

/** A rule an assistant request breaks: the dotted path of the field, and why. */
export interface RequestProblem {
  path: Array<string | number>
  message: string
}

interface RequestShape {
  messages: ReadonlyArray<{ role?: unknown; content?: unknown; parts?: unknown }>
  threadId?: unknown
  threadKey?: unknown
}

/** A question's text: v4's `content`, else (v2 messages have none) its text parts. */
function questionText(message: RequestShape['messages'][number]): string {
  if (typeof message.content === 'string' && message.content) return message.content
  if (!Array.isArray(message.parts)) return ''
  let text = ''
  for (const part of message.parts) {
    if (part?.type === 'text' && typeof part.text === 'string') text += part.text
  }
  return text
}

/**
 * What the field types cannot say: a question is at most `DOCS_LIMITS.questionChars` (search cost
 * grows with it), and `threadKey` only comes with its `threadId`.
 */
export function assistantRequestProblems(value: RequestShape): RequestProblem[] {
  const problems: RequestProblem[] = []
  value.messages.forEach((message, index) => {
    if (message.role !== 'user') return
    const text = questionText(message)
    if (text.length > DOCS_LIMITS.questionChars) {
      problems.push({
        path: ['messages', index, typeof message.content === 'string' ? 'content' : 'parts'],
        message: `a question must be at most ${DOCS_LIMITS.questionChars} characters (got ${text.length})`,
      })
    }
  })
  if (value.threadKey !== undefined && !value.threadId) {
    problems.push({
      path: ['threadKey'],
      message: 'threadKey is only valid together with threadId',
    })
  }
  return problems
}

/** A request that breaks a rule: nothing is sent, and the error names the field. */
export function badRequest(field: string, problem: string): never {
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
export function checkAssistantRequest(value: unknown, protocol: 'v1'): AssistantRequest
export function checkAssistantRequest(value: unknown, protocol: 'v2'): AssistantV2Request
export function checkAssistantRequest(value: unknown, protocol: 'v1' | 'v2') {
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
