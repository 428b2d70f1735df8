/**
 * The slice of an AI SDK v4 message the pure helpers read. Both `Message` from `@ai-sdk/react`
 * and core's `DocsMessage` satisfy it.
 */
export interface MessageLike {
  content?: string
  parts?: ReadonlyArray<unknown>
  annotations?: ReadonlyArray<unknown>
}

export interface ToolInvocationLike {
  state: string
  toolCallId: string
  toolName: string
  args?: unknown
  result?: unknown
}

export interface SourcePartLike {
  sourceType?: string
  id?: string
  url: string
  title?: string
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function toolInvocationsOf(message: MessageLike): ToolInvocationLike[] {
  const invocations: ToolInvocationLike[] = []
  for (const part of message.parts ?? []) {
    if (!isRecord(part) || part.type !== 'tool-invocation') continue
    const invocation = part.toolInvocation
    if (isRecord(invocation) && typeof invocation.toolName === 'string') {
      invocations.push(invocation as unknown as ToolInvocationLike)
    }
  }
  return invocations
}

export function sourcePartsOf(message: MessageLike): SourcePartLike[] {
  const sources: SourcePartLike[] = []
  for (const part of message.parts ?? []) {
    if (!isRecord(part) || part.type !== 'source' || !isRecord(part.source)) continue
    if (typeof part.source.url === 'string') sources.push(part.source as unknown as SourcePartLike)
  }
  return sources
}

/**
 * The message's text. Text parts of separate steps (text before a tool call, the answer after it)
 * are joined as paragraphs; v4's `content` runs them together ("…Mintlify!I wasn't…").
 */
export function textOf(message: MessageLike): string {
  const texts: string[] = []
  let hasTextParts = false
  for (const part of message.parts ?? []) {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') {
      hasTextParts = true
      texts.push(part.text)
    }
  }
  return hasTextParts ? texts.join('\n\n') : (message.content ?? '')
}
