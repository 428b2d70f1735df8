import type { AssistantConnection, AssistantConnectionOptions } from './assistant-connection'
import { type DocsApiError, toDocsApiError } from './errors'
import { type QuestionFields, questionFields, questionMessage } from './question'
import type { Attachment, ContextItem, DocsMessage } from './request-schemas'
import { isCutAnswer } from './stream-failure'
import type { ThreadIdentity } from './thread-identity'
import type { ThreadStore } from './thread-store'

/*
 * One conversation with the docs assistant, framework-free, on the model of AI SDK v5's
 * `AbstractChat` + `ChatState`: the state machine both React engines bind (the drop-in with
 * `useSyncExternalStore` over its own answers, `useAssistantChat` over AI SDK v4's `useChat`). It
 * owns what a chat is beyond the message stream: the question (the one builder: fields, context,
 * attachments), the pending context, the thread (the connection), persistence, the answer mode,
 * Continue, and which error is shown. How an answer is requested and read is its runner's.
 */

export type ChatRunStatus = 'ready' | 'submitted' | 'streaming' | 'error'

/** The conversation as the answer runner holds it. */
export interface ChatRun {
  messages: DocsMessage[]
  status: ChatRunStatus
  error: DocsApiError | undefined
}

/** A chat's snapshot (`getSnapshot`): a new object whenever something in it changes. */
export interface DocsChatState extends ChatRun {
  /** Thread identity sent with the next question; `undefined` before the first answer. */
  thread: ThreadIdentity | undefined
  /** Context items sent with the next question, then cleared. */
  context: ContextItem[]
  /** `X-DocChat-Answer-Mode` of the last answer (`'extractive'`, `'model'`), if the server says. */
  answerMode: string | undefined
  /**
   * Whether the last answer can be continued: the server said it can (`X-DocChat-Continue: 1`) and
   * the answer was stopped, or cut before its end. See `chatView` for what a UI offers.
   */
  continuable: boolean
  /** The error `newThread` put aside: not shown again. */
  dismissed: DocsApiError | undefined
}

/**
 * Requests and reads answers for a chat, and holds the messages while they stream: AI SDK v4's
 * `useChat` (the React hook) or `connectionRunner` (the drop-in). Reports back through the chat's
 * `report`, `answered`, `finished` and `failed`.
 */
export interface AnswerRunner {
  /** The messages as the runner holds them now. */
  messages(): DocsMessage[]
  setMessages(messages: DocsMessage[]): void
  /**
   * Asks for the answer to `messages`: they end with the question, or with the partial answer
   * to continue (then the answer is added to that message).
   */
  ask(messages: DocsMessage[], fields: QuestionFields): Promise<void>
  stop(): void
}

/** How a chat asks, and whom it tells; a binding passes its latest on every render. */
export interface DocsChatSettings {
  /** Fingerprint sent as `fp`. Defaults to `'anonymous'`. */
  fp?: string | undefined
  /** Search results the assistant retrieves as context. Defaults to `5`. */
  retrievalPageSize?: number | undefined
  filter?: QuestionFields['filter']
  /** Page the reader is on (≤ 200 characters). Defaults to `location.pathname` at send time. */
  currentPath?: string | (() => string | undefined) | undefined
  /** Streamed updates at most this often, in ms (the drop-in's runner). Defaults to one per frame. */
  throttleMs?: number | undefined
  onFinish?: ((message: DocsMessage) => void) | undefined
  onError?: ((error: DocsApiError) => void) | undefined
  /** The server no longer knew the thread (404), so the question was sent again as a new one. */
  onThreadExpired?: ((expired: ThreadIdentity) => void) | undefined
}

export interface DocsChatOptions extends DocsChatSettings {
  id: string
  /** `client.connectAssistant` and the domain: the chat's one connection. */
  client: {
    connectAssistant(domain: string, options?: AssistantConnectionOptions): AssistantConnection
  }
  domain: string
  /**
   * Where the thread and the messages persist, called when needed (so never during a server
   * render). Without it the chat keeps both in memory.
   */
  threadStore?: (() => ThreadStore) | undefined
}

export interface SendOptions {
  /** Context for this question only, sent with (after) the pending `context` items. */
  context?: ContextItem[]
  /**
   * Files for this question (`experimental_attachments`: data URLs or uploaded URLs; core's
   * `toAttachment` makes them from `File`s). Shown in the question and stored with the thread.
   */
  attachments?: Attachment[]
}

export interface DocsChat {
  readonly id: string
  readonly connection: AssistantConnection
  subscribe(listener: () => void): () => void
  getSnapshot(): DocsChatState
  /** The binding's latest settings (callbacks included). */
  configure(settings: DocsChatSettings): void
  settings(): DocsChatSettings
  /** Plugs in the answer runner (the binding's). */
  setRunner(runner: AnswerRunner): void
  /**
   * Message ids: `<chat id>-<n>` until the first question, then a prefix drawn at that event, so
   * nothing is random during a render (Next.js `cacheComponents` refuses that).
   */
  generateId(): string
  /** Reads the stored thread and messages (once; a binding calls it after mounting). */
  hydrate(): void

  send(text: string, options?: SendOptions): Promise<void>
  /** Asks again for the last answer. */
  regenerate(): Promise<void>
  /** Continues the last answer where it stopped (when `chatView(…).canContinue`). */
  continue(): Promise<void>
  stop(): void
  /** Forgets the conversation and its thread (memory and storage). */
  newThread(): void
  setMessages(messages: DocsMessage[]): void
  addContext(item: ContextItem | ContextItem[]): void
  removeContext(item: ContextItem | number): void
  clearContext(): void

  // What the runner reports.
  /** The conversation as the runner now holds it. */
  report(run: Partial<ChatRun>): void
  /**
   * The status to show for what the runner reports: still `streaming` after it says `ready` until
   * its messages hold the finished answer (AI SDK v4's useChat says `ready` before its throttled
   * last update lands; an empty or partial answer would show as complete, and settle).
   */
  statusOf(status: ChatRun['status'], messages: readonly DocsMessage[]): ChatRun['status']
  /** An answer's response arrived: its headers say the answer mode and whether it can continue. */
  answered(response: { headers: Headers }): void
  finished(message: DocsMessage): void
  failed(error: unknown): void
}

/** What a UI shows of a chat (the same rules for both engines). */
export interface ChatView {
  /** `idle` once settled (an error put aside by `newThread` is idle too). */
  status: 'idle' | 'submitted' | 'streaming' | 'error'
  isLoading: boolean
  error: DocsApiError | undefined
  /** Continue is offered: the last answer was stopped or cut, the server continues, nothing runs. */
  canContinue: boolean
}

export function chatView(state: DocsChatState): ChatView {
  const error = state.error && state.error !== state.dismissed ? state.error : undefined
  const status =
    state.status === 'ready' || (state.status === 'error' && !error) ? 'idle' : state.status
  const last = state.messages.at(-1)
  return {
    status,
    isLoading: status === 'submitted' || status === 'streaming',
    error,
    canContinue:
      state.continuable &&
      (status === 'idle' || status === 'error') &&
      last?.role === 'assistant' &&
      Boolean(last.content),
  }
}

/** The answer asked for last: what decides whether it can be continued. */
interface Answer {
  /** What the runner reported it doing: only an answer seen running can settle. */
  running: boolean
  settled: boolean
  continues: boolean
  stopped: boolean
  /** The answer as the runner said it finished (`undefined` while it has not). */
  final?: DocsMessage
  /** The partial answer this one continues. */
  continuing: DocsMessage | undefined
  /** How many messages were sent (the question or the partial answer last). */
  asked: number
  /** The continued answer as the chat joined it (see `joinContinued`). */
  joined?: DocsMessage
}

export function createDocsChat(options: DocsChatOptions): DocsChat {
  const { id, domain } = options
  let settings: DocsChatSettings = options
  let state: DocsChatState = {
    messages: [],
    status: 'ready',
    error: undefined,
    thread: undefined,
    context: [],
    answerMode: undefined,
    continuable: false,
    dismissed: undefined,
  }
  const listeners = new Set<() => void>()
  const set = (patch: Partial<DocsChatState>) => {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }
  let runner: AnswerRunner | undefined
  const run = (): AnswerRunner => {
    if (!runner) throw new Error('DocsChat: no answer runner (setRunner)')
    return runner
  }
  let answer: Answer | undefined
  let hydrated = false
  // Whether the conversation changed through the chat since it was last stored: a binding's
  // first report (before the stored conversation is read back) must not overwrite it.
  let changed = false
  // What was stored last: the runner may hand over the answer's final messages in a report after
  // the one that said `ready` (AI SDK v4's useChat keeps status and messages apart), and those
  // are stored too.
  let stored: DocsMessage[] | undefined
  let idPrefix: string | undefined
  let idCount = 0

  const store = options.threadStore
  const connection = options.client.connectAssistant(domain, {
    threadStore: store && {
      get: (key) => store().get(key),
      set: (key, thread) => store().set(key, thread),
      clear: (key) => store().clear(key),
    },
    onThread: (thread) => set({ thread }),
    onThreadExpired: (expired) => settings.onThreadExpired?.(expired),
  })

  const generateId = () => `${idPrefix ?? `${id}-`}${(++idCount).toString(36)}`

  /** The fields of the next question: the one builder, with the pending and `extra` context. */
  const fieldsFor = (extra: readonly ContextItem[]) => {
    const path =
      typeof settings.currentPath === 'function' ? settings.currentPath() : settings.currentPath
    return questionFields(
      {
        fp: settings.fp,
        retrievalPageSize: settings.retrievalPageSize ?? 5,
        filter: settings.filter,
        currentPath: path ?? (typeof location === 'undefined' ? undefined : location.pathname),
      },
      [...state.context, ...extra],
    )
  }

  const ask = async (messages: DocsMessage[], fields: QuestionFields) => {
    const last = messages.at(-1)
    answer = {
      running: false,
      settled: false,
      continues: false,
      stopped: false,
      continuing: last?.role === 'assistant' ? last : undefined,
      asked: messages.length,
    }
    changed = true
    set({ continuable: false, dismissed: undefined })
    await run().ask(messages, fields)
  }

  /** Drawn at the first question (an event, never a render), so ids stay unique across reloads. */
  const beginQuestion = () => {
    idPrefix ??= `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}-`
  }

  /**
   * A continued answer reads as one: its continuation joins the partial's last text. Done when
   * the answer settles, and again if the runner hands back the message unjoined after that
   * (AI SDK v4's useChat on React 18 sets its final messages once more after `ready`).
   */
  const joinContinued = (current: Answer, messages: DocsMessage[]) => {
    const last = messages.at(-1)
    if (!current.continuing || !last || last === current.joined) return
    if (last.id !== current.continuing.id) return
    current.joined = joinContinuation(current.continuing, last)
    if (current.joined === last) return
    changed = true
    runner?.setMessages([...messages.slice(0, -1), current.joined])
  }

  const settle = (current: Answer, run: ChatRun) => {
    current.settled = true
    joinContinued(current, run.messages)
    set({
      continuable:
        current.continues &&
        !current.final &&
        (current.stopped || isCutAnswer(run.error ?? state.error)),
    })
  }

  const persist = () => {
    if (!store || !hydrated || !changed) return
    if (state.status !== 'ready' && state.status !== 'error') return
    // Asked, and the runner's messages do not hold the question yet (useChat reports `ready` once
    // more before it appends): storing now would store the conversation without it, and count it
    // as stored.
    if (answer && !answer.settled && state.messages.length < answer.asked) return
    changed = false
    stored = state.messages
    store().setMessages(domain, state.messages)
  }

  const sameContextItem = (a: ContextItem, b: ContextItem) =>
    a.type === b.type && a.value === b.value && a.elementId === b.elementId && a.path === b.path

  const chat: DocsChat = {
    id,
    connection,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getSnapshot: () => state,
    configure(next) {
      settings = next
    },
    settings: () => settings,
    setRunner(next) {
      runner = next
    },
    generateId,
    hydrate() {
      if (hydrated) return
      hydrated = true
      if (!store) return
      const threads = store()
      set({ thread: threads.get(domain) })
      const stored = threads.getMessages<DocsMessage>(domain)
      if (stored.length > 0 && run().messages().length === 0) {
        run().setMessages(stored.map(reviveMessage))
      }
    },

    async send(text, sendOptions = {}) {
      beginQuestion()
      const fields = fieldsFor(sendOptions.context ?? [])
      set({ context: [] })
      const question = questionMessage(text, {
        id: generateId(),
        context: fields.context,
        attachments: sendOptions.attachments,
      })
      await ask([...run().messages(), question], fields)
    },
    async regenerate() {
      beginQuestion()
      const messages = run().messages()
      if (messages.length === 0) return
      const history = messages.at(-1)?.role === 'assistant' ? messages.slice(0, -1) : messages
      await ask(history, fieldsFor([]))
    },
    async continue() {
      if (!chatView({ ...state, messages: run().messages() }).canContinue) return
      beginQuestion()
      await ask(run().messages(), fieldsFor([]))
    },
    stop() {
      if (answer && !answer.settled) answer.stopped = true
      runner?.stop()
    },
    newThread() {
      chat.stop()
      answer = undefined
      changed = false
      run().setMessages([])
      connection.clearThread()
      set({ thread: undefined, continuable: false, dismissed: state.error })
      if (store) store().setMessages(domain, [])
    },
    setMessages(messages) {
      answer = undefined
      changed = true
      set({ continuable: false })
      run().setMessages(messages)
    },
    addContext(item) {
      const next = [...state.context]
      for (const candidate of Array.isArray(item) ? item : [item]) {
        if (!next.some((existing) => sameContextItem(existing, candidate))) next.push(candidate)
      }
      set({ context: next })
    },
    removeContext(item) {
      set({
        context: state.context.filter((existing, index) =>
          typeof item === 'number' ? index !== item : !sameContextItem(existing, item),
        ),
      })
    },
    clearContext: () => set({ context: [] }),

    report(patch) {
      const current = answer
      if (patch.status) {
        patch = { ...patch, status: chat.statusOf(patch.status, patch.messages ?? state.messages) }
      }
      set(patch)
      if (current && !current.settled) {
        if (state.status === 'submitted' || state.status === 'streaming') current.running = true
        else if (current.running) settle(current, state)
      } else if (current?.joined && patch.messages) {
        joinContinued(current, state.messages)
      }
      if (current?.settled && patch.messages && patch.messages !== stored) changed = true
      persist()
    },
    statusOf(status, messages) {
      const final = answer?.final
      if (status !== 'ready' || !final || answer?.settled) return status
      const last = messages.at(-1)
      // Joined or not (`joinContinued`), the finished answer's text is the same.
      return last?.id === final.id && last.content === final.content ? status : 'streaming'
    },
    answered({ headers }) {
      const mode = headers.get('x-docchat-answer-mode')
      if (mode) set({ answerMode: mode })
      if (answer) answer.continues = headers.get('x-docchat-continue') === '1'
    },
    finished(message) {
      if (answer) answer.final = message
      settings.onFinish?.(message)
    },
    failed(error) {
      settings.onError?.(toDocsApiError(error))
    },
  }
  return chat
}

/** Stored messages come back from JSON: `createdAt` as a string. */
export function reviveMessage<T extends { createdAt?: unknown }>(message: T): T {
  const createdAt = message.createdAt
  return typeof createdAt === 'string' ? { ...message, createdAt: new Date(createdAt) } : message
}

/**
 * The continued answer as one message: the continuation's text (a new step's text part, the way
 * AI SDK v4 adds to an assistant message) joined to the partial's last text, so the answer does
 * not break into two paragraphs where it was stopped.
 */
function joinContinuation(partial: DocsMessage, continued: DocsMessage): DocsMessage {
  const kept = partial.parts.length
  const lastKept = continued.parts[kept - 1]
  // The continuation's own steps before its text (a step start, a search it ran again) are left
  // out: the partial answer's search already gave its sources.
  let next = kept
  while (
    continued.parts[next]?.type === 'step-start' ||
    continued.parts[next]?.type === 'tool-invocation'
  ) {
    next++
  }
  const added = continued.parts[next]
  if (lastKept?.type !== 'text' || added?.type !== 'text') return continued
  return {
    ...continued,
    parts: [
      ...continued.parts.slice(0, kept - 1),
      { ...lastKept, text: lastKept.text + added.text },
      ...continued.parts.slice(next + 1),
    ],
  }
}
