import { DOCS_LIMITS } from './docs-limits'

/*
 * The rules of an assistant request (v1 and v2), in one place. The zod schemas
 * (request-schemas.ts) state the field types and refine with `assistantRequestProblems`; the
 * zod-free checks (`checkAssistantRequest`, structural-validation.ts) state the same fields by hand
 * and apply the same problems. No zod here: the lite clients and the transport carry this module.
 */

/** A rule an assistant request breaks: the dotted path of the field, and why. */
export interface RequestProblem {
  path: Array<string | number>
  message: string
}

/** What the rules read of a request (v1 or v2). */
export interface RequestShape {
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
