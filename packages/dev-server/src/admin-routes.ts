/** Admin routes: agent jobs (v1) and project updates. Admin keys only; errors as `{ error }`. */
import { createAgentJobRequestSchema } from '@docchat/core'
import { createUIMessageStream, createUIMessageStreamResponse } from 'ai-v5'
import {
  type AgentJobOutcome,
  type AgentJobRecord,
  agentJobOutcomes,
  type RelatedPages,
} from './admin/agent-jobs'
import { authenticate } from './auth'
import { HttpError, json } from './http'
import { windows } from './rate-limits'
import { type RequestContext, requireObject, type ServerContext, validate } from './server-context'

function projectOf(server: ServerContext, ctx: RequestContext) {
  const id = ctx.params.projectId ?? ''
  const project = server.projects.get(id)
  if (!project) {
    throw new HttpError(404, `Unknown project "${id}"`, { field: 'projectId' })
  }
  return { id, ...project }
}

function integerParam(
  url: URL,
  name: string,
  fallback: number,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const raw = url.searchParams.get(name)
  if (raw === null || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    const range =
      max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`
    throw new HttpError(400, `Invalid query parameter ${name}: expected ${range}, got "${raw}"`, {
      field: name,
    })
  }
  return value
}

export function relatedPagesFor(server: ServerContext, domain: string): RelatedPages {
  return (text) => {
    const docs = server.domains.get(domain)
    if (!docs || !text.trim()) return []
    const seen = new Set<string>()
    const pages: { title: string; path: string }[] = []
    for (const result of docs.index.search(text.replace(/\[fail[^\]]*\]/gi, ''), {
      pageSize: 10,
    })) {
      if (seen.has(result.path)) continue
      seen.add(result.path)
      const title = typeof result.metadata.title === 'string' ? result.metadata.title : result.path
      pages.push({ title, path: result.path })
    }
    return pages
  }
}

export async function listJobs(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authenticate(ctx.request, server.keys, 'admin')
  const project = projectOf(server, ctx)
  const skip = integerParam(ctx.url, 'skip', 0, 0)
  const take = integerParam(ctx.url, 'take', 12, 1, 100)
  const jobs = server.jobs.list(project.id).slice(skip, skip + take)
  return json({ allSessions: jobs.map((job) => server.jobs.summary(job)) })
}

export async function getJob(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authenticate(ctx.request, server.keys, 'admin')
  const project = projectOf(server, ctx)
  const job = server.jobs.get(project.id, ctx.params.id ?? '')
  if (!job) throw new HttpError(404, `Agent job "${ctx.params.id}" not found`, { field: 'id' })
  return json(server.jobs.view(job))
}

function requestedOutcome(ctx: RequestContext): AgentJobOutcome | undefined {
  const fail = ctx.faults.fail
  if (!fail) return undefined
  return (agentJobOutcomes as readonly string[]).includes(fail)
    ? (fail as AgentJobOutcome)
    : 'error'
}

function progressLog(job: AgentJobRecord, projectId: string): string[] {
  return [
    `Starting agent job ${job.sessionId} (${job.model}) on branch ${job.branch}.\n`,
    `Planned ${job.todos.length} tasks:\n`,
    ...job.todos.map((todo) => `- [ ] ${todo.content}\n`),
    `The job continues in the background. Poll GET /v1/agent/${projectId}/job/${job.sessionId} for progress.\n`,
  ]
}

export async function createJob(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authenticate(ctx.request, server.keys, 'admin')
  const project = projectOf(server, ctx)
  const request = validate(createAgentJobRequestSchema, requireObject(await ctx.json()))
  server.limiter.hit([
    {
      bucket: `agent:${project.id}`,
      limit: server.rateLimits.agentJobsPerProjectPerHour,
      windowMs: windows.hour,
      what: 'agent jobs per project per hour',
    },
  ])
  const job = server.jobs.create(project.id, project.domain, request, {
    outcome: requestedOutcome(ctx) ?? undefined,
    relatedPages: relatedPagesFor(server, project.domain),
    defaultOutcome: project.agentJobOutcome,
  })
  const lines = progressLog(job, project.id)
  // A short progress log as an AI SDK UI message stream (SSE), so `useChat` can show it.
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      writer.write({
        type: 'start',
        messageMetadata: { sessionId: job.sessionId, branch: job.branch },
      })
      writer.write({ type: 'text-start', id: 'log' })
      for (const delta of lines) writer.write({ type: 'text-delta', id: 'log', delta })
      writer.write({ type: 'text-end', id: 'log' })
      writer.write({ type: 'finish' })
    },
  })
  return createUIMessageStreamResponse({
    stream,
    headers: { 'X-Session-Id': job.sessionId, 'X-Branch-Name': job.branch },
  })
}

export async function triggerUpdate(server: ServerContext, ctx: RequestContext): Promise<Response> {
  authenticate(ctx.request, server.keys, 'admin')
  const project = projectOf(server, ctx)
  server.limiter.hit([
    {
      bucket: `update:${server.organization}`,
      limit: server.rateLimits.updatesPerOrgPer10s,
      windowMs: windows.tenSeconds,
      what: 'update triggers per organization per 10 seconds',
    },
  ])
  const docs = server.domains.get(project.domain)
  const files = docs?.corpus.pages.map((p) => p.file) ?? []
  const record = server.updates.create({
    projectId: project.id,
    subdomain: project.domain,
    outcome: ctx.faults.fail ? 'failure' : (project.updateOutcome ?? 'success'),
    source: 'api',
    commitMessage: 'Update docs via API',
    filesChanged: { added: [], modified: files.slice(0, 2), removed: [] },
    pageCount: files.length,
  })
  return json({ statusId: record._id }, { status: 202 })
}

export async function getUpdateStatus(
  server: ServerContext,
  ctx: RequestContext,
): Promise<Response> {
  authenticate(ctx.request, server.keys, 'admin')
  const record = server.updates.get(ctx.params.statusId ?? '')
  if (!record) {
    throw new HttpError(404, `Update status "${ctx.params.statusId}" not found`, {
      field: 'statusId',
    })
  }
  return json(server.updates.view(record))
}
