import { DATA_LIMITS } from './docs-limits'
import type { ContextItem } from './request-schemas'

/**
 * The context a question was sent with (selected text, a code block), kept on the question itself
 * as an annotation, so it survives a reload, a switch to another conversation and an export. The
 * API's message schema allows any annotations; the server reads the request's `context` field.
 */
export interface ContextAnnotation {
  type: 'docchat-context'
  items: ContextItem[]
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The annotation to put on a question sent with `items`. */
export function contextAnnotation(items: readonly ContextItem[]): ContextAnnotation {
  return { type: 'docchat-context', items: items.map((item) => ({ ...item })) }
}

/** A label read from storage: kept within its cap, else left out. */
const label = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= DATA_LIMITS.labelChars

function readContextItem(value: unknown): ContextItem | undefined {
  if (!isObject(value) || typeof value.value !== 'string') return undefined
  if (value.type !== 'code' && value.type !== 'textSelection') return undefined
  return {
    type: value.type,
    // Cut to its cap before anything (chips, the export, a resend) reads it.
    value:
      value.value.length > DATA_LIMITS.contextItemChars
        ? value.value.slice(0, DATA_LIMITS.contextItemChars)
        : value.value,
    ...(label(value.elementId) ? { elementId: value.elementId } : {}),
    ...(label(value.path) ? { path: value.path } : {}),
  }
}

/**
 * The context items a question was sent with. Messages come back from storage, so anything that
 * is not a well-formed item is left out, never thrown, and what is read is capped: at most
 * `DATA_LIMITS.contextItems` items, each value cut to `contextItemChars`, paths and element ids
 * over `labelChars` left out.
 */
export function getMessageContext(message: { annotations?: unknown }): ContextItem[] {
  if (!Array.isArray(message.annotations)) return []
  const items: ContextItem[] = []
  for (const annotation of message.annotations) {
    if (!isObject(annotation) || annotation.type !== 'docchat-context') continue
    if (!Array.isArray(annotation.items)) continue
    for (const value of annotation.items) {
      const item = readContextItem(value)
      if (item) items.push(item)
      if (items.length === DATA_LIMITS.contextItems) return items
    }
  }
  return items
}
