import { render, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { axeViolations } from '@docchat/test-utils/axe'
import { projectId } from '@docchat/test-utils/backend'
import { domain, testBackend } from '../test/harness'
import { AgentJobStatus } from './agent-job-status'
import { UpdateStatusBadge } from './update-status-badge'

// The server's clock is ours: jobs and updates move forward only when the test says so.
let now = Date.UTC(2026, 10, 22, 8)
const backend = testBackend({ adminClient: true, now: () => now, seed: false })

async function createJob(prompt: string): Promise<string> {
  const created = await backend.client.createAgentJob(projectId, {
    messages: [{ role: 'user', content: prompt }],
  })
  await created.response.body?.cancel()
  return created.sessionId!
}

function renderJob(jobId: string) {
  return render(
    <AgentJobStatus
      client={backend.client}
      domain={domain}
      projectId={projectId}
      jobId={jobId}
      intervalMs={20}
    />,
  )
}

/** A job run to its end on the server's clock: its region once the badge reads `state`. */
async function finishedJob(prompt: string, state: string) {
  renderJob(await createJob(prompt))
  now += 60 * 60_000
  const region = await screen.findByRole('region', { name: 'Agent job' })
  await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent(state), {
    timeout: 5000,
  })
  return region
}

describe('given an AgentJobStatus', () => {
  it('shows a running job with todos progress, then the completed job with its pull request', async () => {
    const jobId = await createJob('Document the widget theming options')
    renderJob(jobId)
    const region = await screen.findByRole('region', { name: 'Agent job' })
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Running'))
    expect(region).toHaveAttribute('aria-busy', 'true')
    expect(await axeViolations(document.body)).toEqual([])

    now += 60 * 60_000
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Completed'), {
      timeout: 5000,
    })
    expect(region).toHaveAttribute('aria-busy', 'false')
    const progress = within(region).getByRole('progressbar')
    expect(progress).toHaveAttribute('aria-valuenow', progress.getAttribute('aria-valuemax'))
    expect(within(region).getByText(/of \d+ tasks done/)).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: 'View pull request' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\//),
    )
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('shows a failed job', async () => {
    const region = await finishedJob('Rename the config file [fail:error]', 'Failed')
    expect(within(region).getByRole('status')).toHaveAttribute('data-state', 'error')
    // A failed job never reads as finished: tasks it didn't do aren't counted as done.
    const progress = within(region).getByRole('progressbar')
    expect(Number(progress.getAttribute('aria-valuenow'))).toBeLessThan(
      Number(progress.getAttribute('aria-valuemax')),
    )
    expect(within(region).getByText(/^Stopped after \d+ of \d+ tasks$/)).toBeInTheDocument()
    expect(within(region).queryByText(/(\d+) of \1 tasks done/)).toBeNull()
    const todos = within(region).getAllByRole('listitem')
    expect(todos.some((todo) => todo.textContent?.startsWith('Not done: '))).toBe(true)
    expect(todos.map((todo) => todo.textContent).join('\n')).not.toMatch(/\(s\)/)
  })

  it('marks done to-dos as done in words and with a check, not struck through', async () => {
    const region = await finishedJob('Document the dev server port flag', 'Completed')
    const todos = within(region).getAllByRole('listitem')
    expect(todos.length).toBeGreaterThan(1)
    for (const todo of todos) {
      expect(todo.textContent).toMatch(/^Done: /)
      expect(todo.querySelector('svg')).not.toBeNull()
      expect(getComputedStyle(todo).textDecorationLine || '').not.toContain('line-through')
    }
    expect(region).not.toHaveTextContent(/page\(s\)/)
    expect(region).toHaveTextContent(/updates \d+ pages?\./)
  })

  it('explains an unknown job', async () => {
    renderJob('no-such-job')
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      /no longer exists|went wrong/,
    )
  })
})

describe('given an UpdateStatusBadge', () => {
  const renderBadge = (statusId: string, props?: { details?: boolean; logLines?: number }) =>
    render(
      <UpdateStatusBadge
        client={backend.client}
        domain={domain}
        statusId={statusId}
        intervalMs={20}
        {...props}
      />,
    )

  it('goes from queued to deploying to deployed, with the logs tail in details', async () => {
    const { statusId } = await backend.client.triggerUpdate(projectId)
    renderBadge(statusId, { details: true, logLines: 3 })
    const region = await screen.findByRole('region', { name: 'Docs update' })
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Queued'))
    now += 1500
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Deploying'), {
      timeout: 5000,
    })
    now += 60 * 60_000
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Deployed'), {
      timeout: 5000,
    })
    const logs = within(region).getByRole('figure', { name: 'Logs' })
    expect(logs.textContent?.split('\n').length).toBeLessThanOrEqual(3)
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('shows a failed deployment as a compact badge', async () => {
    backend.setFault('fail')
    const { statusId } = await backend.client.triggerUpdate(projectId)
    backend.setFault(undefined)
    renderBadge(statusId)
    now += 60 * 60_000
    const badge = await screen.findByRole('status', { name: /Docs update/ })
    await waitFor(() => expect(badge).toHaveTextContent('Deploy failed'), { timeout: 5000 })
    expect(badge).toHaveAttribute('data-state', 'failure')
  })
})
