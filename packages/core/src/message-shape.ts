import type { DocsMessage } from './request-schemas'

// The structural twin of `messageSchema` (schemas.ts), without zod: the drop-in reads stored
// conversations back with it, and zod would add ~18 KB gzip there. message-shape.test.ts checks
// that both agree on a table of valid and broken messages, so the two cannot drift apart.

type Fields = Record<string, unknown>

const ROLES = new Set(['system', 'assistant', 'data', 'user'])
const TOOL_STATES = new Set(['partial-call', 'call', 'result'])

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const isString = (value: unknown): value is string => typeof value === 'string'
const optional = (value: unknown, check: (value: unknown) => boolean) =>
  value === undefined || check(value)

function isReasoningDetail(value: unknown): boolean {
  if (!isObject(value)) return false
  if (value.type === 'text') return isString(value.text) && optional(value.signature, isString)
  return value.type === 'redacted' && isString(value.data)
}

function isToolInvocation(value: unknown): boolean {
  return (
    isObject(value) &&
    TOOL_STATES.has(value.state as string) &&
    isString(value.toolCallId) &&
    isString(value.toolName) &&
    optional(value.step, (step) => typeof step === 'number') &&
    (value.state !== 'result' || value.result !== undefined)
  )
}

function isMessagePart(value: unknown): boolean {
  if (!isObject(value)) return false
  switch (value.type) {
    case 'text':
      return isString(value.text)
    case 'reasoning':
      return (
        isString(value.reasoning) &&
        Array.isArray(value.details) &&
        value.details.every(isReasoningDetail)
      )
    case 'step-start':
      return true
    case 'source': {
      const source = value.source
      return (
        isObject(source) &&
        source.sourceType === 'url' &&
        isString(source.id) &&
        isString(source.url) &&
        optional(source.title, isString)
      )
    }
    case 'tool-invocation':
      return isToolInvocation(value.toolInvocation)
    case 'file':
      return isString(value.mimeType) && isString(value.data)
    default:
      return false
  }
}

const isDateTime = (value: unknown): boolean =>
  value instanceof Date || (isString(value) && !Number.isNaN(Date.parse(value)))

/**
 * Whether `value` is a well-formed AI SDK v4 message (the shape `messageSchema` accepts). Used for
 * everything read back from storage: a message that fails is dropped, never rendered.
 */
export function isDocsMessage(value: unknown): value is DocsMessage {
  return (
    isObject(value) &&
    isString(value.id) &&
    value.id !== '' &&
    ROLES.has(value.role as string) &&
    isString(value.content) &&
    Array.isArray(value.parts) &&
    value.parts.every(isMessagePart) &&
    optional(value.createdAt, isDateTime) &&
    optional(value.annotations, Array.isArray) &&
    // Malformed attachments are dropped where they are read (messageSchema, readAttachments),
    // never the message.
    optional(value.experimental_attachments, Array.isArray)
  )
}
