// The status page (status.html): <AgentJobStatus> and <UpdateStatusBadge> following the dev
// server's agent jobs and deployments. Admin calls need an admin key, which must never be in a
// browser: this client has no key and calls /api/admin/* on the docs site's own server
// (apps/docs/site/serve.mjs), which forwards to the dev server and adds the key server-side.
import { createDocsClient, type DocsApiError } from '@docchat/core'
import {
  DocChatProvider,
  docChatQueryKeys,
  useAgentJobs,
  useDocChat,
  useTriggerUpdate,
} from '@docchat/react'
import { AgentJobStatus, UpdateStatusBadge } from '@docchat/widget'
import '@docchat/widget/styles.css'
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { onSiteTheme, siteSetting, siteTheme } from './site-settings'

const projectId = 'docchat-project'
const baseUrl = `${window.location.origin}/api/admin`
const adminClient = createDocsClient({ baseUrl })
// Same proxy; the dev server's fault header makes the job or deployment end in failure.
const failingClient = createDocsClient({ baseUrl, headers: { 'x-docchat-fault': 'fail=error' } })
const failingDeployClient = createDocsClient({
  baseUrl,
  headers: { 'x-docchat-fault': 'fail=failure' },
})
const storageKey = 'docchat-demo-status-ids'

// Different tasks, so each job on the page has its own title (and accessible name).
const jobTasks = [
  'Document the --port flag of docchat-dev-server',
  'Add an example of the contextSelector option to the drop-in script page',
  'Explain the 429 retry countdown in the troubleshooting guide',
  'Add a Cloudflare Worker proxy example with thread headers',
  'Document the speed option of the dev server',
]
let jobCount = 0
const nextJobTask = () => `${jobTasks[jobCount++ % jobTasks.length]} (demo ${jobCount})`

function readStatusIds(): string[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? '[]')
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

function StatusDemo() {
  const { queryClient } = useDocChat()
  const [theme, setTheme] = useState(siteTheme)
  const jobs = useAgentJobs({ take: 6 })
  const trigger = useTriggerUpdate()
  const [statusIds, setStatusIds] = useState(readStatusIds)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string>()

  useEffect(() => onSiteTheme(setTheme), [])
  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(statusIds.slice(0, 5)))
    } catch {
      // Session storage unavailable: the list lasts for this page.
    }
  }, [statusIds])

  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    try {
      await action()
    } catch (cause) {
      setError((cause as DocsApiError).message)
    } finally {
      setBusy(false)
    }
  }

  const startJob = (fail: boolean) =>
    run(async () => {
      const client = fail ? failingClient : adminClient
      const created = await client.createAgentJob(projectId, {
        messages: [{ role: 'user', content: nextJobTask() }],
      })
      // The progress stream is not needed: <AgentJobStatus> polls the job.
      await created.response.body?.cancel()
      await queryClient.invalidateQueries({
        queryKey: docChatQueryKeys.agentJobs(adminClient.baseUrl, projectId),
      })
    })

  const deploy = (fail: boolean) =>
    run(async () => {
      const statusId = fail
        ? (await failingDeployClient.triggerUpdate(projectId)).statusId
        : await trigger.mutateAsync()
      setStatusIds((ids) => [statusId, ...ids.filter((id) => id !== statusId)].slice(0, 5))
    })

  return (
    <>
      {error && (
        <p className="demo-error" role="alert">
          {error}
        </p>
      )}
      <section className="demo-panel" aria-labelledby="deployments-title">
        <h2 id="deployments-title">Docs deployments</h2>
        <div className="demo-actions">
          <button
            type="button"
            className="demo-button primary"
            disabled={busy}
            onClick={() => deploy(false)}
          >
            Deploy the docs
          </button>
          <button
            type="button"
            className="demo-button"
            disabled={busy}
            onClick={() => deploy(true)}
          >
            Deploy (ends in failure)
          </button>
        </div>
        {statusIds.length === 0 ? (
          <p>
            No deployment yet. Start one: it moves from queued to in progress to success within a
            few seconds.
          </p>
        ) : (
          <ul className="demo-list">
            {statusIds.map((statusId) => (
              <li key={statusId}>
                <UpdateStatusBadge statusId={statusId} details theme={theme} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="demo-panel" aria-labelledby="jobs-title">
        <h2 id="jobs-title">Agent jobs</h2>
        <div className="demo-actions">
          <button
            type="button"
            className="demo-button primary"
            disabled={busy}
            onClick={() => startJob(false)}
          >
            Start an agent job
          </button>
          <button
            type="button"
            className="demo-button"
            disabled={busy}
            onClick={() => startJob(true)}
          >
            Start a job that fails
          </button>
        </div>
        {jobs.isLoading && <p>Loading jobs…</p>}
        {jobs.error && <p className="demo-error">{jobs.error.message}</p>}
        <ul className="demo-list">
          {jobs.jobs.map((job) => (
            <li key={job.sessionId}>
              <AgentJobStatus jobId={job.sessionId} theme={theme} />
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

const root = document.getElementById('demo-root')
if (root) {
  createRoot(root).render(
    <StrictMode>
      <DocChatProvider
        client={adminClient}
        domain={siteSetting('docchat-domain', 'docchat')}
        projectId={projectId}
      >
        <StatusDemo />
      </DocChatProvider>
    </StrictMode>,
  )
}
