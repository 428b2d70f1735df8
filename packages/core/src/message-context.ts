import type { ContextItem } from './schemas'

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

function readContextItem(value: unknown): ContextItem | undefined {
  if (!isObject(value) || typeof value.value !== 'string') return undefined
  if (value.type !== 'code' && value.type !== 'textSelection') return undefined
  return {
    type: value.type,
    value: value.value,
    ...(typeof value.elementId === 'string' ? { elementId: value.elementId } : {}),
    ...(typeof value.path === 'string' ? { path: value.path } : {}),
  }
}

/**
 * The context items a question was sent with. Messages come back from storage, so anything that
 * is not a well-formed item is left out, never thrown.
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
    }
  }
  return items
}
