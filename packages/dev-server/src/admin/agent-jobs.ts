/**
 * Agent jobs (v1 admin API). A job's state is a pure function of its creation time and the clock,
 * so it "progresses by itself" without timers and tests can step time instead of waiting.
 */
import type { AgentJob, AgentJobSummary, CreateAgentJobRequest } from '@docchat/core'
import { hash, randomToken } from '../ids'
import { terms } from '../assistant/text'

export type AgentJobOutcome = 'completed' | 'error' | 'github_missconfigured' | 'interrupted'

export const agentJobOutcomes: readonly AgentJobOutcome[] = [
  'completed',
  'error',
  'github_missconfigured',
  'interrupted',
]

interface TodoPlan {
  id: string
  content: string
  priority: 'high' | 'medium' | 'low'
}

export interface AgentJobRecord {
  sessionId: string
  projectId: string
  subdomain: string
  branch: string
  title: string
  userId: string
  createdAt: number
  outcome: AgentJobOutcome
  model: 'sonnet' | 'opus'
  asDraft: boolean
  todos: TodoPlan[]
  pullRequestNumber: number
}

export interface AgentJobTiming {
  /** Time spent planning before the first todo starts (ms at speed 1). */
  planningMs: number
  /** Time each todo takes (ms at speed 1). */
  todoMs: number
}

export const defaultAgentJobTiming: AgentJobTiming = { planningMs: 400, todoMs: 1500 }

/** Pages the job will touch, found by searching the docs for the request. */
export type RelatedPages = (text: string) => { title: string; path: string }[]

function slug(text: string): string {
  return terms(text)
    .slice(0, 4)
    .join('-')
    .replace(/[^a-z0-9-]/g, '')
    .slice(0, 40)
}

function sentenceCase(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * `text` without its `[fail…]` markers: what `text.replace(/\[fail[^\]]*\]/gi, '')` gave (each
 * `[fail`, any case, to the next `]`). Found with `indexOf`: the regex rescanned the rest of the
 * request from every `[fail` with no `]` after it (a 40,000-character request took 0.8 s).
 */
export function withoutFailMarkers(text: string): string {
  const marker = /\[fail/gi
  let out = ''
  let copied = 0
  for (let found = marker.exec(text); found; found = marker.exec(text)) {
    const close = text.indexOf(']', found.index + 5)
    // No `]` after this `[fail` means none after any later one either.
    if (close === -1) break
    out += text.slice(copied, found.index)
    copied = close + 1
    marker.lastIndex = copied
  }
  return copied === 0 ? text : out + text.slice(copied)
}

function outcomeFromText(text: string): AgentJobOutcome | undefined {
  const match = /\[fail(?::([a-z_]+))?\]/i.exec(text)
  if (!match) return undefined
  const reason = (match[1] ?? 'error').toLowerCase()
  return (agentJobOutcomes as readonly string[]).includes(reason)
    ? (reason as AgentJobOutcome)
    : 'error'
}

export class AgentJobStore {
  private readonly jobs = new Map<string, AgentJobRecord>()
  private counter = 0

  constructor(
    private readonly now: () => number,
    private readonly speed: number,
    private readonly timing: AgentJobTiming = defaultAgentJobTiming,
  ) {}

  create(
    projectId: string,
    subdomain: string,
    request: CreateAgentJobRequest,
    options: {
      outcome?: AgentJobOutcome
      defaultOutcome?: AgentJobOutcome
      relatedPages?: RelatedPages
      createdAt?: number
      sessionId?: string
    } = {},
  ): AgentJobRecord {
    const prompt = request.messages
      .filter((m) => m.role === 'user')
      .map((m) => m.content)
      .join('\n')
      .trim()
    const createdAt = options.createdAt ?? this.now()
    const sessionId = options.sessionId ?? randomToken(12)
    const topic = terms(withoutFailMarkers(prompt)).slice(0, 6).join(' ') || 'the docs'
    const pages = options.relatedPages?.(prompt).slice(0, 2) ?? []
    // The request in the reader's words (first line), not its search terms: to-dos are read.
    const subject = withoutFailMarkers(prompt.split('\n')[0] ?? '').trim()
    const about = subject
      ? `“${subject.length > 60 ? `${subject.slice(0, 57)}…` : subject}”`
      : topic
    const todos: TodoPlan[] = [
      { id: '1', content: `Find the pages to change for ${about}`, priority: 'high' },
      ...(pages.length > 0
        ? pages.map((page, i) => ({
            id: String(i + 2),
            content: `Update ${page.title} (${page.path})`,
            priority: 'high' as const,
          }))
        : [{ id: '2', content: `Draft the changes for ${about}`, priority: 'high' as const }]),
    ]
    todos.push(
      {
        id: String(todos.length + 1),
        content: 'Check links and navigation in docs.json',
        priority: 'medium',
      },
      {
        id: String(todos.length + 2),
        content: 'Open a pull request with the changes',
        priority: 'low',
      },
    )
    const firstLine = withoutFailMarkers(prompt.split('\n')[0] ?? '').trim()
    const record: AgentJobRecord = {
      sessionId,
      projectId,
      subdomain,
      branch: request.branch ?? `docchat/${slug(prompt) || 'docs-update'}-${sessionId.slice(0, 6)}`,
      title:
        sentenceCase(firstLine.length > 72 ? `${firstLine.slice(0, 69)}…` : firstLine) ||
        'Docs update',
      userId: 'user_dev_local',
      createdAt,
      outcome: options.outcome ?? outcomeFromText(prompt) ?? options.defaultOutcome ?? 'completed',
      model: request.model ?? 'sonnet',
      asDraft: request.asDraft ?? false,
      todos,
      pullRequestNumber: 100 + (hash(sessionId) % 800) + ++this.counter,
    }
    this.jobs.set(sessionId, record)
    return record
  }

  get(projectId: string, id: string): AgentJobRecord | undefined {
    const job = this.jobs.get(id)
    return job && job.projectId === projectId ? job : undefined
  }

  /** Newest first, like a dashboard. */
  list(projectId: string): AgentJobRecord[] {
    return [...this.jobs.values()]
      .filter((job) => job.projectId === projectId)
      .sort((a, b) => b.createdAt - a.createdAt)
  }

  /** When the job stops, in clock time. */
  endsAt(job: AgentJobRecord): number {
    const { planningMs, todoMs } = this.timing
    const n = job.todos.length
    const elapsed =
      job.outcome === 'completed'
        ? planningMs + n * todoMs
        : job.outcome === 'github_missconfigured'
          ? planningMs
          : planningMs + Math.floor(n / 2) * todoMs + todoMs / 2
    return job.createdAt + elapsed / this.speed
  }

  view(job: AgentJobRecord): AgentJob {
    const now = this.now()
    const { planningMs, todoMs } = this.timing
    const elapsed = (now - job.createdAt) * this.speed
    const ended = now >= this.endsAt(job)
    const stoppedAt = (this.endsAt(job) - job.createdAt) * this.speed
    const todos = job.todos.map((todo, i) => {
      const start = planningMs + i * todoMs
      const end = start + todoMs
      const at = ended ? stoppedAt : elapsed
      let status: 'pending' | 'in_progress' | 'completed' | 'cancelled'
      if (at >= end) status = 'completed'
      else if (at >= start) status = 'in_progress'
      else status = 'pending'
      if (ended && job.outcome !== 'completed' && status !== 'completed') status = 'cancelled'
      return { content: todo.content, status, priority: todo.priority, id: todo.id }
    })
    const base = {
      sessionId: job.sessionId,
      subdomain: job.subdomain,
      branch: job.outcome === 'github_missconfigured' && ended ? null : job.branch,
      userId: job.userId,
      title: job.title,
      createdAt: new Date(job.createdAt).toISOString(),
      todos,
    }
    if (!ended) {
      const current = todos.find((t) => t.status === 'in_progress')
      return {
        ...base,
        haulted: false,
        haultReason: 'processing',
        messageToUser: current ? `Working on: ${current.content}` : 'Planning the changes',
      }
    }
    switch (job.outcome) {
      case 'completed':
        return {
          ...base,
          haulted: true,
          haultReason: 'completed',
          pullRequestLink: `https://github.com/docchat-dev/${job.projectId}/pull/${job.pullRequestNumber}`,
          messageToUser: `Done. I opened ${job.asDraft ? 'a draft' : 'a'} pull request from ${job.branch} that updates ${pageCount(todos.length)}.`,
        }
      case 'github_missconfigured':
        return {
          ...base,
          haulted: true,
          haultReason: 'github_missconfigured',
          messageToUser:
            'The GitHub app is not installed on the docs repository, so I could not create a branch. Install it from the dashboard and try again.',
        }
      case 'interrupted':
        return {
          ...base,
          haulted: true,
          haultReason: 'interrupted',
          messageToUser: 'The job was interrupted before it finished. No pull request was opened.',
        }
      default:
        return {
          ...base,
          haulted: true,
          haultReason: 'error',
          messageToUser:
            'I hit an error while editing the pages and stopped. No pull request was opened.',
        }
    }
  }

  /** The list shape: no `haultReason`, todos with `content` and `id` only. */
  summary(job: AgentJobRecord): AgentJobSummary {
    const { haultReason: _reason, todos, ...rest } = this.view(job)
    return { ...rest, todos: todos.map((todo) => ({ content: todo.content, id: todo.id })) }
  }
}

/** The plan is find, one to-do per page, check, open the PR: the pages are the middle ones. */
function pageCount(todoCount: number): string {
  const pages = Math.max(1, todoCount - 3)
  return pages === 1 ? '1 page' : `${pages} pages`
}
