import { DocsApiError } from './errors'
import type { ThreadIdentity } from './thread-identity'

/** Where a connection keeps the thread between questions (a `ThreadStore` fits). */
export interface ThreadStoreLike {
  get(domain: string): ThreadIdentity | undefined
  set(domain: string, thread: ThreadIdentity): void
  clear(domain: string): void
}

export interface ThreadContinuityOptions {
  /** Keeps the thread across reloads; without it the connection keeps it in memory. */
  threadStore?: ThreadStoreLike | undefined
  /** Called whenever the thread identity is learned or changes. */
  onThread?: ((thread: ThreadIdentity) => void) | undefined
  /**
   * Called when the server answered 404 to the thread a question was sent with (it expired, or
   * its key was lost) and the question is being sent again as a new conversation.
   */
  onThreadExpired?: ((expired: ThreadIdentity) => void) | undefined
  /**
   * What a 404 on the thread a question carries does: `true` sends the question again, once,
   * as a new thread (reported through `onThreadExpired`); `false` forgets the thread and rejects
   * with the `not-found` error. Defaults to `true`.
   */
  retryWithNewThread?: boolean | undefined
}

/** The thread a body names (v1 and v2 alike). */
export interface ThreadFields {
  threadId?: string | null | undefined
  threadKey?: string | undefined
}

/**
 * The one thread policy of every assistant connection (v1 data stream and v2 UI messages): which
 * thread a question continues, how a thread the server names is learned, and what a 404 on the
 * thread sent does.
 */
export function createThreadContinuity(domain: string, options: ThreadContinuityOptions) {
  const { threadStore } = options
  const retryWithNewThread = options.retryWithNewThread ?? true
  let memoryThread: ThreadIdentity | undefined
  // A thread the server answered 404 to. Remembered instead of clearing the store, because a
  // `ThreadStore` forgets the stored messages with the thread; the next thread learned replaces it.
  let rejectedThreadId: string | undefined

  const get = (): ThreadIdentity | undefined => {
    const thread = threadStore ? threadStore.get(domain) : memoryThread
    return thread && thread.threadId === rejectedThreadId ? undefined : thread
  }

  const clear = (): void => {
    memoryThread = undefined
    threadStore?.clear(domain)
  }

  /** Keeps what the server said, with the key we already hold when it repeats the same id. */
  const learn = (found: ThreadIdentity): void => {
    if (found.threadId === rejectedThreadId) return
    const current = get()
    const threadKey =
      found.threadKey ?? (current?.threadId === found.threadId ? current.threadKey : undefined)
    const next: ThreadIdentity = threadKey ? { threadId: found.threadId, threadKey } : found
    if (current?.threadId === next.threadId && current.threadKey === next.threadKey) return
    memoryThread = next
    threadStore?.set(domain, next)
    options.onThread?.(next)
  }

  /**
   * Sends `input` (continuing the known thread when asked to) and applies the stale-thread
   * policy: a 404 on the thread sent asks once more as a new thread, or forgets it and rejects.
   */
  const ask = async <Input extends ThreadFields, Body extends ThreadFields, Result>(
    input: Input,
    continueThread: boolean | undefined,
    validate: (value: unknown) => Body,
    send: (body: Body) => Promise<Result>,
  ): Promise<Result> => {
    const stored = continueThread && !input.threadId ? get() : undefined
    const body = validate(
      stored
        ? {
            ...input,
            threadId: stored.threadId,
            ...(stored.threadKey ? { threadKey: stored.threadKey } : {}),
          }
        : input,
    )
    try {
      return await send(body)
    } catch (error) {
      const { threadId, threadKey, ...fresh } = body
      if (!threadId || !DocsApiError.isInstance(error) || error.status !== 404) throw error
      if (!retryWithNewThread) {
        clear()
        throw error
      }
      rejectedThreadId = threadId
      memoryThread = undefined
      options.onThreadExpired?.(threadKey ? { threadId, threadKey } : { threadId })
      return send(fresh as Body)
    }
  }

  return { get, clear, learn, ask }
}
