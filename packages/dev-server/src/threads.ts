/** Assistant threads: ULID ids, a secret key returned once, and the history the assistant reads. */
import { HttpError } from './http'
import { randomToken, ulid } from './ids'

export interface ThreadTurn {
  role: 'user' | 'assistant'
  content: string
}

export interface Thread {
  id: string
  key: string
  domain: string
  createdAt: number
  turns: ThreadTurn[]
}

/**
 * Every client that sends no `threadId` (stock `useChat` never does) opens a new thread per turn,
 * so threads are bounded: the least recently used go first once there are too many or their text
 * is too large. A thread evicted this way answers like an unknown one (404), as an expired thread
 * of the real service does.
 */
export interface ThreadLimits {
  /** Threads kept. Default 1,000. */
  maxThreads: number
  /** Characters of history kept across all threads. Default 16 Mi (about 32 MB). */
  maxChars: number
  /** Turns kept per thread (oldest dropped). Default 200. */
  maxTurns: number
}

const defaultThreadLimits: ThreadLimits = {
  maxThreads: 1_000,
  maxChars: 16 * 1024 * 1024,
  maxTurns: 200,
}

function threadChars(thread: Thread): number {
  let chars = 0
  for (const turn of thread.turns) chars += turn.content.length
  return chars
}

export class ThreadStore {
  // Insertion order is use order: a used thread is re-inserted, so the first is the least recent.
  private readonly threads = new Map<string, Thread>()
  private readonly limits: ThreadLimits

  constructor(
    private readonly now: () => number,
    limits: Partial<ThreadLimits> = {},
  ) {
    this.limits = { ...defaultThreadLimits, ...limits }
  }

  create(domain: string): Thread {
    const thread: Thread = {
      id: ulid(this.now()),
      key: randomToken(24),
      domain,
      createdAt: this.now(),
      turns: [],
    }
    this.use(thread)
    return thread
  }

  /** Like the real service: a thread id without its matching key is indistinguishable from no thread. */
  resume(domain: string, threadId: string, threadKey: string | undefined): Thread {
    const thread = this.threads.get(threadId)
    if (!thread || thread.domain !== domain || !threadKey || thread.key !== threadKey) {
      throw new HttpError(404, 'Thread not found', { field: 'threadId' })
    }
    this.use(thread)
    return thread
  }

  get(threadId: string): Thread | undefined {
    return this.threads.get(threadId)
  }

  list(): Thread[] {
    return [...this.threads.values()]
  }

  get size(): number {
    return this.threads.size
  }

  /** Characters of history held across all threads. */
  chars(): number {
    let chars = 0
    for (const thread of this.threads.values()) chars += threadChars(thread)
    return chars
  }

  private use(thread: Thread): void {
    this.threads.delete(thread.id)
    this.threads.set(thread.id, thread)
    if (thread.turns.length > this.limits.maxTurns) {
      thread.turns.splice(0, thread.turns.length - this.limits.maxTurns)
    }
    this.evict(thread)
  }

  private evict(keep: Thread): void {
    for (const oldest of this.threads.values()) {
      if (this.threads.size <= this.limits.maxThreads) break
      this.threads.delete(oldest.id)
    }
    let chars = this.chars()
    for (const oldest of this.threads.values()) {
      if (chars <= this.limits.maxChars || oldest === keep) break
      chars -= threadChars(oldest)
      this.threads.delete(oldest.id)
    }
  }
}
