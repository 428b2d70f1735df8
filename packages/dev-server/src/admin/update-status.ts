/**
 * Project updates (deployments). Like agent jobs, a record's state is derived from its creation
 * time and the clock: queued → in_progress (logs growing) → success | failure, with `endedAt`.
 */
import type { UpdateStatus } from '@docchat/core'
import { hash, objectId } from '../ids'

export type UpdateOutcome = 'success' | 'failure'
type UpdateSource =
  | 'internal'
  | 'github-app-installation'
  | 'api'
  | 'github'
  | 'dashboard'
  | 'gitlab'
  | 'onboarding'

export interface UpdateRecord {
  _id: string
  projectId: string
  subdomain: string
  createdAt: number
  outcome: UpdateOutcome
  source: UpdateSource
  commitMessage: string
  filesChanged: { added: string[]; modified: string[]; removed: string[] }
  pageCount: number
}

export interface UpdateTiming {
  /** Time in the queue (ms at speed 1). */
  queuedMs: number
  /** Time per build log line (ms at speed 1). */
  logLineMs: number
}

export const defaultUpdateTiming: UpdateTiming = { queuedMs: 1000, logLineMs: 500 }

function screenshot(subdomain: string, theme: 'light' | 'dark'): string {
  const [bg, fg] = theme === 'light' ? ['#ffffff', '#111827'] : ['#0b0d12', '#e5e7eb']
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="${bg}"/><rect x="0" y="0" width="640" height="48" fill="#4F46E5"/><text x="24" y="31" font-family="sans-serif" font-size="18" fill="#fff">${subdomain} docs</text><rect x="24" y="80" width="140" height="256" rx="6" fill="${fg}" opacity="0.08"/><rect x="188" y="80" width="420" height="28" rx="4" fill="${fg}" opacity="0.8"/><rect x="188" y="124" width="400" height="12" rx="3" fill="${fg}" opacity="0.3"/><rect x="188" y="148" width="360" height="12" rx="3" fill="${fg}" opacity="0.3"/><rect x="188" y="172" width="380" height="12" rx="3" fill="${fg}" opacity="0.3"/></svg>`
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

function sha(id: string): string {
  let out = ''
  for (let i = 0; out.length < 40; i++) out += hash(`${id}:${i}`).toString(16).padStart(8, '0')
  return out.slice(0, 40)
}

export class UpdateStore {
  private readonly records = new Map<string, UpdateRecord>()
  private counter = 0

  constructor(
    private readonly now: () => number,
    private readonly speed: number,
    private readonly timing: UpdateTiming = defaultUpdateTiming,
  ) {}

  create(
    input: Omit<UpdateRecord, '_id' | 'createdAt'> & { createdAt?: number; _id?: string },
  ): UpdateRecord {
    const createdAt = input.createdAt ?? this.now()
    const record: UpdateRecord = {
      ...input,
      createdAt,
      _id:
        input._id ?? objectId(createdAt, ++this.counter + (hash(input.projectId) % 4096) * 65536),
    }
    this.records.set(record._id, record)
    return record
  }

  get(id: string): UpdateRecord | undefined {
    return this.records.get(id)
  }

  logsOf(record: UpdateRecord): string[] {
    const files = [...record.filesChanged.added, ...record.filesChanged.modified]
    const lines = [
      `Queued update for ${record.subdomain} (${record.source})`,
      `Cloning repository at ${sha(record._id).slice(0, 7)}`,
      'Installing dependencies',
      `Reading docs.json: ${record.pageCount} pages`,
      `Building ${record.pageCount} pages${files.length > 0 ? ` (${files.length} changed)` : ''}`,
    ]
    if (record.outcome === 'failure') {
      const file = files[0] ?? 'docs.json'
      lines.push(`Error: could not parse ${file}: unexpected closing tag </Card> at line 42`)
      lines.push('Build failed')
    } else {
      lines.push(
        'Generating search index',
        'Uploading assets',
        `Deployed to https://${record.subdomain}.mintlify.site`,
      )
    }
    return lines
  }

  endsAt(record: UpdateRecord): number {
    const { queuedMs, logLineMs } = this.timing
    return record.createdAt + (queuedMs + this.logsOf(record).length * logLineMs) / this.speed
  }

  view(record: UpdateRecord): UpdateStatus {
    const now = this.now()
    const { queuedMs, logLineMs } = this.timing
    const elapsed = (now - record.createdAt) * this.speed
    const all = this.logsOf(record)
    const base = {
      _id: record._id,
      projectId: record.projectId,
      createdAt: new Date(record.createdAt).toISOString(),
      subdomain: record.subdomain,
      author: {
        name: 'DocChat Dev',
        avatarUrl: screenshot('avatar', 'light'),
        githubUserId: 1000001,
      },
      commit: {
        sha: sha(record._id),
        ref: 'main',
        message: record.commitMessage,
        filesChanged: record.filesChanged,
      },
      source: record.source,
    }
    if (elapsed < queuedMs) {
      return {
        ...base,
        status: 'queued',
        summary: 'Waiting for a build worker',
        logs: all.slice(0, 1),
      }
    }
    if (now < this.endsAt(record)) {
      const shown = Math.min(all.length - 1, 1 + Math.floor((elapsed - queuedMs) / logLineMs))
      return {
        ...base,
        status: 'in_progress',
        summary: `Building ${record.subdomain}: ${all[shown - 1] ?? 'starting'}`,
        logs: all.slice(0, Math.max(1, shown)),
      }
    }
    const endedAt = new Date(this.endsAt(record)).toISOString()
    if (record.outcome === 'failure') {
      return {
        ...base,
        status: 'failure',
        endedAt,
        summary: 'Build failed: a page could not be parsed. See the logs for the file and line.',
        logs: all,
      }
    }
    return {
      ...base,
      status: 'success',
      endedAt,
      summary: `Deployed ${record.pageCount} pages to https://${record.subdomain}.mintlify.site`,
      logs: all,
      screenshot: screenshot(record.subdomain, 'light'),
      screenshotLight: screenshot(record.subdomain, 'light'),
      screenshotDark: screenshot(record.subdomain, 'dark'),
    }
  }
}
