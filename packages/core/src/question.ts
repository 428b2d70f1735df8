import { withoutPastAttachmentData } from './attachment-data'
import { DOCS_LIMITS } from './docs-limits'
import { contextAnnotation } from './message-context'
import type { AssistantRequestInput, Attachment, ContextItem, DocsMessage } from './request-schemas'

/*
 * The one place a question is put together, whoever asks (the chat engine of the React hook and
 * the drop-in, the v5+ transport on v1 and v2): the fields sent beside the messages, and the
 * question message itself.
 */

/** How questions are asked: the settings of a chat or a transport. */
export interface QuestionSettings {
  /** Fingerprint of the reader: `'anonymous'` or a stable id. Defaults to `'anonymous'`. */
  fp?: string | undefined
  /** Search results the assistant retrieves as context (the server defaults to 5). */
  retrievalPageSize?: number | undefined
  filter?: AssistantRequestInput['filter']
  /** Path of the page the reader is on; cut to the 200 characters the API accepts. */
  currentPath?: string | undefined
}

/** The fields a question is sent with, beside the messages (and the thread, which the connection adds). */
export type QuestionFields = Omit<AssistantRequestInput, 'messages' | 'threadId' | 'threadKey'>

/** The fields of a question asked with `settings` and the `context` items it points at. */
export function questionFields(
  settings: QuestionSettings,
  context: readonly ContextItem[] = [],
): QuestionFields {
  const fields: QuestionFields = { fp: settings.fp || 'anonymous' }
  if (settings.retrievalPageSize !== undefined)
    fields.retrievalPageSize = settings.retrievalPageSize
  if (settings.filter !== undefined) fields.filter = settings.filter
  if (context.length > 0) fields.context = [...context]
  const path = settings.currentPath
  if (path) fields.currentPath = path.slice(0, DOCS_LIMITS.currentPathChars)
  return fields
}

export interface QuestionInit {
  id: string
  /** The context items it is sent with: kept on it as an annotation (see `getMessageContext`). */
  context?: readonly ContextItem[] | undefined
  /** Files for this question (`experimental_attachments`). */
  attachments?: readonly Attachment[] | undefined
}

/**
 * The question as a v4 user message: its text, the context it is sent with kept on it (so a
 * reload, a switch of conversation and an export still have it), its files.
 */
export function questionMessage(text: string, init: QuestionInit): DocsMessage {
  const message: DocsMessage = {
    id: init.id,
    createdAt: new Date(),
    role: 'user',
    content: text,
    parts: [{ type: 'text', text }],
  }
  if (init.context?.length) message.annotations = [contextAnnotation(init.context)]
  if (init.attachments?.length) message.experimental_attachments = [...init.attachments]
  return message
}

/**
 * The body of a question: its fields, then the conversation with the data of earlier questions'
 * files left out (names and types stay): the server reads the newest question's files, and
 * resending every image on every question would soon pass any body limit.
 */
export function questionRequest(
  messages: readonly DocsMessage[],
  fields: QuestionFields,
): AssistantRequestInput {
  return { ...fields, messages: withoutPastAttachmentData(messages) }
}
