/**
 * Telling "Regenerate" from a new question. The v1 request has no flag for it: AI SDK v4's
 * `reload()` drops the last answer and re-sends the same user message (same message `id`, same
 * chat `id`), and a client that keeps a thread re-sends the question its thread already answered.
 * The v5 transport says so (`trigger: "regenerate-message"`). The n-th regeneration of a question
 * gets attempt n, so the assistant can give the next-best grounded answer instead of the same one.
 */
import type { ThreadTurn } from '../threads'

const maxRemembered = 5000

/** How many times each (chat, message) was answered; the oldest entries are forgotten first. */
export class AnswerCounter {
  private readonly counts = new Map<string, number>()

  /** The attempt for this answer: 0 the first time the key is seen, then 1, 2, … */
  next(key: string): number {
    const seen = this.counts.get(key) ?? 0
    this.counts.delete(key)
    this.counts.set(key, seen + 1)
    if (this.counts.size > maxRemembered) {
      this.counts.delete(this.counts.keys().next().value as string)
    }
    return seen
  }
}

const counters = new WeakMap<object, AnswerCounter>()

/** The counter kept for one server (or any owner object). */
export function answerCounter(owner: object): AnswerCounter {
  let counter = counters.get(owner)
  if (!counter) {
    counter = new AnswerCounter()
    counters.set(owner, counter)
  }
  return counter
}

export interface RegenerationInput {
  /** The thread's turns so far (mutated: a regenerated question's last exchange is removed). */
  turns: ThreadTurn[]
  question: string
  /** Top-level `id` AI SDK clients send (the chat id), and the last user message's `id`. */
  chatId?: unknown
  messageId?: unknown
  /** v5 transports: `submit-message` or `regenerate-message`. */
  trigger?: unknown
  domain: string
  threadId: string
  counter: AnswerCounter
}

/** Which attempt this turn is (0: a new question), dropping the answer being replaced from history. */
export function regenerationAttempt(input: RegenerationInput): number {
  const { turns, question } = input
  let attempt = 0
  if (typeof input.chatId === 'string' && typeof input.messageId === 'string') {
    attempt = input.counter.next(`${input.domain}\u0000${input.chatId}\u0000${input.messageId}`)
  }
  const last = turns.at(-1)
  const asked = turns.at(-2)
  if (last?.role === 'assistant' && asked?.role === 'user' && asked.content === question) {
    // The thread already answered this question: the answer being replaced leaves the history.
    turns.splice(-2, 2)
    const key = `${input.threadId}\u0000${turns.length}\u0000${question}`
    attempt = Math.max(attempt, input.counter.next(key) + 1)
  }
  if (input.trigger === 'regenerate-message') attempt = Math.max(attempt, 1)
  return attempt
}
