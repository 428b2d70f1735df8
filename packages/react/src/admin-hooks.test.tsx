import { act, renderHook, waitFor } from '@testing-library/react'
import { createTestSetup, projectId, type TestSetup } from './test/harness'
import { useAgentJob } from './use-agent-job'
import { useAgentJobs } from './use-agent-jobs'
import { useTriggerUpdate } from './use-trigger-update'
import { useUpdateStatus } from './use-update-status'

const fastPolling = { intervalMs: 20, maxIntervalMs: 60 }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function createJob(setup: TestSetup): Promise<string> {
  const created = await setup.client.createAgentJob(projectId, {
    messages: [{ role: 'user', content: 'Document the dev server faults' }],
  })
  await created.response.body?.cancel()
  return created.sessionId!
}

describe('agent job hooks', () => {
  it('lists jobs with skip and take', async () => {
    const { wrapper, requestsTo } = await createTestSetup()
    const { result } = renderHook(() => useAgentJobs({ skip: 0, take: 2 }), { wrapper })
    await waitFor(() => expect(result.current.isSuccess).toBe(true))
    expect(result.current.jobs.length).toBeGreaterThan(0)
    expect(result.current.jobs.length).toBeLessThanOrEqual(2)
    expect(requestsTo('/jobs')[0]).toMatchObject({
      path: `/v1/agent/${projectId}/jobs`,
      query: { skip: '0', take: '2' },
    })
  })

  it('polls a job until it stops, exposing todo progress, then stops polling', async () => {
    const setup = await createTestSetup({
      server: { agentJobTiming: { planningMs: 30, todoMs: 30 }, seed: false },
    })
    const id = await createJob(setup)
    const progress: string[] = []
    const { result } = renderHook(
      () => {
        const job = useAgentJob(id, fastPolling)
        progress.push(`${job.progress.completed}/${job.progress.total}`)
        return job
      },
      { wrapper: setup.wrapper },
    )
    await waitFor(() => expect(result.current.isTerminal).toBe(true), { timeout: 10_000 })
    expect(result.current.job).toMatchObject({ haulted: true, haultReason: 'completed' })
    const { total } = result.current.progress
    expect(total).toBeGreaterThan(0)
    expect(result.current.progress.completed).toBe(total)
    expect(new Set(progress).size).toBeGreaterThan(1)

    const polls = setup.requestsTo(`/job/${id}`).length
    expect(polls).toBeGreaterThan(1)
    await sleep(300)
    expect(setup.requestsTo(`/job/${id}`)).toHaveLength(polls)
  })

  it('polls through a passing 503, as client.waitForAgentJob does, and still reaches the end', async () => {
    const setup = await createTestSetup({
      server: { agentJobTiming: { planningMs: 300, todoMs: 100 }, seed: false },
    })
    const id = await createJob(setup)
    const { result } = renderHook(() => useAgentJob(id, fastPolling), { wrapper: setup.wrapper })
    await waitFor(() => expect(result.current.job).toBeDefined())
    setup.setFault('status=503')
    await waitFor(() => expect(result.current.error).toMatchObject({ kind: 'server', status: 503 }))
    const failedPolls = setup.requestsTo(`/job/${id}`).length
    await sleep(150)
    expect(setup.requestsTo(`/job/${id}`).length).toBeGreaterThan(failedPolls)
    setup.setFault(undefined)
    await waitFor(() => expect(result.current.isTerminal).toBe(true), { timeout: 10_000 })
    expect(result.current.error).toBeNull()
  })

  it('stops at a failed job too, and does not retry a 404', async () => {
    const setup = await createTestSetup({
      server: { agentJobTiming: { planningMs: 20, todoMs: 20 } },
    })
    const { result } = renderHook(() => useAgentJob('no-such-job', fastPolling), {
      wrapper: setup.wrapper,
    })
    await waitFor(() => expect(result.current.isError).toBe(true))
    expect(result.current.error).toMatchObject({ kind: 'not-found', status: 404 })
    await sleep(200)
    expect(setup.requestsTo('/job/no-such-job')).toHaveLength(1)
  })
})

describe('update hooks', () => {
  it('triggers an update and polls its status until success, then stops', async () => {
    // Long enough that the first poll sees a running update even on a loaded 2-core machine.
    const setup = await createTestSetup({
      server: { updateTiming: { queuedMs: 400, logLineMs: 80 } },
    })
    const { result } = renderHook(
      () => {
        const trigger = useTriggerUpdate()
        const status = useUpdateStatus(trigger.statusId, fastPolling)
        return { trigger, status }
      },
      { wrapper: setup.wrapper },
    )
    let statusId: string | undefined
    await act(async () => {
      statusId = await result.current.trigger.mutateAsync()
    })
    expect(statusId).toEqual(expect.any(String))
    await waitFor(() => expect(result.current.trigger.statusId).toBe(statusId))
    await waitFor(() => expect(result.current.status.isTerminal).toBe(true), { timeout: 10_000 })
    expect(result.current.status.update?.status).toBe('success')
    const polls = setup.requestsTo(`/update-status/${statusId}`).length
    expect(polls).toBeGreaterThan(1)
    await sleep(300)
    expect(setup.requestsTo(`/update-status/${statusId}`)).toHaveLength(polls)
  })

  it('stops at failure', async () => {
    const setup = await createTestSetup({
      server: {
        updateTiming: { queuedMs: 20, logLineMs: 5 },
        projects: { [projectId]: { updateOutcome: 'failure' } },
      },
    })
    const { statusId } = await setup.client.triggerUpdate(projectId)
    const { result } = renderHook(() => useUpdateStatus(statusId, fastPolling), {
      wrapper: setup.wrapper,
    })
    await waitFor(() => expect(result.current.isTerminal).toBe(true), { timeout: 10_000 })
    expect(result.current.update?.status).toBe('failure')
  })
})
