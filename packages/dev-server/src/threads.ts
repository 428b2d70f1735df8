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

export class ThreadStore {
  private readonly threads = new Map<string, Thread>()

  constructor(private readonly now: () => number) {}

  create(domain: string): Thread {
    const thread: Thread = {
      id: ulid(this.now()),
      key: randomToken(24),
      domain,
      createdAt: this.now(),
      turns: [],
    }
    this.threads.set(thread.id, thread)
    return thread
  }

  /** Like the real service: a thread id without its matching key is indistinguishable from no thread. */
  resume(domain: string, threadId: string, threadKey: string | undefined): Thread {
    const thread = this.threads.get(threadId)
    if (!thread || thread.domain !== domain || !threadKey || thread.key !== threadKey) {
      throw new HttpError(404, 'Thread not found', { field: 'threadId' })
    }
    return thread
  }

  get(threadId: string): Thread | undefined {
    return this.threads.get(threadId)
  }

  list(): Thread[] {
    return [...this.threads.values()]
  }
}
