/**
 * Conversion of AI SDK v5+ `UIMessage`s into the v4 message shape the v1 assistant endpoint expects
 * (ai-sdk-protocol §3.6). Structural types only: nothing here imports `ai`.
 */

/** The part of an AI SDK v5+ `UIMessage` part that every variant shares. */
export interface ChatMessagePartLike {
  type: string
}

/** Structural AI SDK v5+ `UIMessage`. */
export interface ChatMessageLike {
  id: string
  role: 'system' | 'user' | 'assistant'
  metadata?: unknown
  parts: ChatMessagePartLike[]
}

export type V4ToolInvocation =
  | { state: 'partial-call'; toolCallId: string; toolName: string; args: unknown }
  | { state: 'call'; toolCallId: string; toolName: string; args: unknown }
  | { state: 'result'; toolCallId: string; toolName: string; args: unknown; result: unknown }

export type V4MessagePart =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; reasoning: string; details: Array<{ type: 'text'; text: string }> }
  | { type: 'step-start' }
  | { type: 'source'; source: { sourceType: 'url'; id: string; url: string; title?: string } }
  | { type: 'file'; mimeType: string; data: string }
  | { type: 'tool-invocation'; toolInvocation: V4ToolInvocation }

export interface V4Attachment {
  name?: string
  contentType?: string
  url: string
}

export interface V4Message {
  id: string
  role: 'system' | 'user' | 'assistant'
  content: string
  parts: V4MessagePart[]
  createdAt?: string
  annotations?: unknown[]
  experimental_attachments?: V4Attachment[]
}

type Part = Record<string, unknown> & { type: string }

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

function toolInvocation(part: Part, toolName: string): V4ToolInvocation | undefined {
  const toolCallId = str(part.toolCallId)
  if (toolCallId === undefined) return undefined
  const args = part.input ?? {}
  switch (part.state) {
    case 'input-streaming':
      return { state: 'partial-call', toolCallId, toolName, args }
    case 'output-available':
      return { state: 'result', toolCallId, toolName, args, result: part.output }
    case 'output-error':
      return { state: 'result', toolCallId, toolName, args, result: { error: part.errorText } }
    case 'output-denied':
      return { state: 'result', toolCallId, toolName, args, result: { error: 'denied' } }
    default:
      // input-available and the approval states of v6+: the call exists, its result does not.
      return { state: 'call', toolCallId, toolName, args }
  }
}

/** The base64 payload of a `data:` URL, or undefined for any other URL. */
function base64Of(url: string): string | undefined {
  const match = /^data:[^,]*;base64,/.exec(url)
  return match ? url.slice(match[0].length) : undefined
}

function createdAtOf(metadata: Record<string, unknown> | undefined): string | undefined {
  const value = metadata?.createdAt
  if (value instanceof Date) return value.toISOString()
  return typeof value === 'string' ? value : undefined
}

/** Converts one v5+ UI message into the v4 message the v1 endpoint accepts. */
export function toV4Message(message: ChatMessageLike): V4Message {
  const parts: V4MessagePart[] = []
  const attachments: V4Attachment[] = []
  let content = ''
  for (const raw of message.parts) {
    const part = raw as Part
    const { type } = part
    if (type === 'text') {
      const text = str(part.text) ?? ''
      content += text
      parts.push({ type: 'text', text })
    } else if (type === 'reasoning') {
      const text = str(part.text) ?? ''
      parts.push({ type: 'reasoning', reasoning: text, details: [{ type: 'text', text }] })
    } else if (type === 'step-start') {
      parts.push({ type: 'step-start' })
    } else if (type === 'source-url') {
      const url = str(part.url)
      if (url === undefined) continue
      const source: { sourceType: 'url'; id: string; url: string; title?: string } = {
        sourceType: 'url',
        id: str(part.sourceId) ?? url,
        url,
      }
      const title = str(part.title)
      if (title !== undefined) source.title = title
      parts.push({ type: 'source', source })
    } else if (type === 'file') {
      const url = str(part.url)
      const mediaType = str(part.mediaType)
      if (url === undefined || mediaType === undefined) continue
      if (message.role === 'user') {
        const attachment: V4Attachment = { contentType: mediaType, url }
        const name = str(part.filename)
        if (name !== undefined) attachment.name = name
        attachments.push(attachment)
      } else {
        const data = base64Of(url)
        if (data !== undefined) parts.push({ type: 'file', mimeType: mediaType, data })
      }
    } else if (type === 'dynamic-tool' || type.startsWith('tool-')) {
      const toolName = type === 'dynamic-tool' ? (str(part.toolName) ?? 'unknown') : type.slice(5)
      const invocation = toolInvocation(part, toolName)
      if (invocation) parts.push({ type: 'tool-invocation', toolInvocation: invocation })
    }
    // source-document and data-* parts have no v4 equivalent and are dropped.
  }

  const metadata =
    typeof message.metadata === 'object' && message.metadata !== null
      ? (message.metadata as Record<string, unknown>)
      : undefined
  const v4: V4Message = { id: message.id, role: message.role, content, parts }
  const createdAt = createdAtOf(metadata)
  if (createdAt !== undefined) v4.createdAt = createdAt
  if (Array.isArray(metadata?.annotations)) v4.annotations = metadata.annotations
  if (attachments.length > 0) v4.experimental_attachments = attachments
  return v4
}

export function toV4Messages(messages: readonly ChatMessageLike[]): V4Message[] {
  return messages.map(toV4Message)
}
