/** Jobs and updates that exist on first start, so dashboards have something real to show. */
import { hash } from '../ids'
import type { AgentJobStore, RelatedPages } from './agent-jobs'
import type { UpdateStore } from './update-status'

const hour = 3600_000

function stableHex(seed: string, length: number): string {
  let out = ''
  for (let i = 0; out.length < length; i++)
    out += hash(`${seed}:${i}`).toString(16).padStart(8, '0')
  return out.slice(0, length)
}

export interface SeededData {
  agentJobIds: string[]
  updateStatusIds: string[]
}

export function seedProject(
  projectId: string,
  domain: string,
  start: number,
  stores: { jobs: AgentJobStore; updates: UpdateStore },
  docs: { files: string[]; relatedPages: RelatedPages },
): SeededData {
  const jobs = [
    {
      prompt: 'Document the x-docchat-fault header of the dev server',
      outcome: 'completed' as const,
      createdAt: start - 50 * hour,
    },
    {
      prompt: 'Rewrite the quickstart for Next.js App Router',
      outcome: 'error' as const,
      createdAt: start - 26 * hour,
    },
    {
      prompt: 'Add a changelog entry for the widget theming options',
      outcome: 'github_missconfigured' as const,
      createdAt: start - 5 * hour,
    },
    {
      // Created just now: it moves through its todos while you watch.
      prompt: 'Explain how threads keep a conversation across page loads',
      outcome: 'completed' as const,
      createdAt: start,
    },
  ]
  const agentJobIds = jobs.map((job, i) => {
    const record = stores.jobs.create(
      projectId,
      domain,
      { messages: [{ role: 'user', content: job.prompt }] },
      {
        outcome: job.outcome,
        createdAt: job.createdAt,
        relatedPages: docs.relatedPages,
        sessionId: stableHex(`${projectId}:job:${i}`, 24),
      },
    )
    return record.sessionId
  })

  const pageCount = docs.files.length
  const updates = [
    {
      outcome: 'failure' as const,
      source: 'dashboard' as const,
      createdAt: start - 72 * hour,
      commitMessage: 'Add widget theming page',
      filesChanged: { added: docs.files.slice(0, 1), modified: [], removed: [] },
    },
    {
      outcome: 'success' as const,
      source: 'github' as const,
      createdAt: start - 24 * hour,
      commitMessage: 'Fix broken Card in the widget theming page',
      filesChanged: { added: [], modified: docs.files.slice(0, 2), removed: [] },
    },
    {
      outcome: 'success' as const,
      source: 'api' as const,
      createdAt: start,
      commitMessage: 'Rebuild on dev server start',
      filesChanged: { added: [], modified: docs.files.slice(2, 3), removed: [] },
    },
  ]
  const updateStatusIds = updates.map((update, i) => {
    const record = stores.updates.create({
      ...update,
      _id: stableHex(`${projectId}:update:${i}`, 24),
      projectId,
      subdomain: domain,
      pageCount,
    })
    return record._id
  })
  return { agentJobIds, updateStatusIds }
}
