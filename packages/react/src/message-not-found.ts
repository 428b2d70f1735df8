import { type MessageLike, toolInvocationsOf } from './message-parts'

/**
 * Whether the assistant marked the question as not covered by the docs (its `markNotFound` tool),
 * the signal behind analytics' "unanswered". True as soon as the call streams in.
 */
export function isMessageNotFound(message: MessageLike): boolean {
  return toolInvocationsOf(message).some((invocation) => invocation.toolName === 'markNotFound')
}
