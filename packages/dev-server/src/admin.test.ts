import { agentJobListSchema, agentJobSchema, updateStatusSchema } from '@docchat/core'
import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { beforeAll, describe, expect, it } from 'vitest'
import { createDevServer, type DevServer } from './server'
import { fixtureCorpus } from './test/fixture-docs'
import { checkResponse, responseSpec, specFixtures } from './test/openapi-check'
import { get, manualClock, post, limitedServer, adminPost } from './test/requests'

const clock = manualClock()
let server: DevServer

/** The fixture docs as `acme`, with the project `acme-project` on them, on `clock`. */
const projectServer = (clock: { now: () => number }) =>
  createDevServer({
    docs: { acme: fixtureCorpus() },
    projects: { 'acme-project': { domain: 'acme' } },
    now: clock.now,
  })

beforeAll(async () => {
  server = await projectServer(clock)
})

function createJob(content: string, headers: Record<string, string> = {}) {
  return adminPost(
    server,
    '/v1/agent/acme-project/job',
    { messages: [{ role: 'user', content }], asDraft: true },
    { headers },
  )
}

async function job(id: string) {
  const response = await get(server, `/v1/agent/acme-project/job/${id}`)
  expect(response.status).toBe(200)
  return response.json()
}

describe('agent jobs', () => {
  it('has seeded jobs, listed in the list shape', async () => {
    const response = await get(server, '/v1/agent/acme-project/jobs')
    expect(response.status).toBe(200)
    const body = await response.json()
    const list = agentJobListSchema.parse(body)
    expect(list.allSessions.length).toBeGreaterThanOrEqual(4)
    for (const item of body.allSessions) {
      expect(item).not.toHaveProperty('haultReason')
      for (const todo of item.todos) expect(Object.keys(todo).sort()).toEqual(['content', 'id'])
    }
    expect(server.seeded['acme-project']?.agentJobIds).toHaveLength(4)
    const reasons = await Promise.all(
      server.seeded['acme-project']!.agentJobIds.map(async (id) => (await job(id)).haultReason),
    )
    expect(reasons).toEqual(['completed', 'error', 'github_missconfigured', 'processing'])
  })

  it('pages with skip/take and rejects bad values', async () => {
    const page = await (await get(server, '/v1/agent/acme-project/jobs?skip=1&take=2')).json()
    expect(page.allSessions).toHaveLength(2)
    for (const query of ['take=0', 'take=101', 'skip=-1', 'take=abc']) {
      const response = await get(server, `/v1/agent/acme-project/jobs?${query}`)
      expect(response.status, query).toBe(400)
      expect((await response.json()).error).toContain(query.split('=')[0])
    }
  })

  it('creates a job that streams a progress log, then progresses on its own to a PR', async () => {
    const response = await createJob('Document webhook retries')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/event-stream')
    const id = response.headers.get('x-session-id')!
    const branch = response.headers.get('x-branch-name')!
    expect(id).toBeTruthy()
    expect(branch).toMatch(/^docchat\/document-webhook-retries-/)
    const log = await response.text()
    expect(log).toContain('Planned')
    expect(log.trimEnd().endsWith('data: [DONE]')).toBe(true)

    const start = await job(id)
    agentJobSchema.parse(start)
    expect(start).toMatchObject({
      sessionId: id,
      branch,
      haulted: false,
      haultReason: 'processing',
      subdomain: 'acme',
    })
    expect(start.todos.every((t: { status: string }) => t.status === 'pending')).toBe(true)
    expect(
      start.todos.some((t: { content: string }) => t.content.includes('/guides/webhooks')),
    ).toBe(true)

    clock.advance(1000)
    const running = await job(id)
    expect(running.todos.map((t: { status: string }) => t.status)).toContain('in_progress')
    expect(running.haulted).toBe(false)

    clock.advance(60_000)
    const done = await job(id)
    expect(done).toMatchObject({ haulted: true, haultReason: 'completed' })
    expect(done.pullRequestLink).toMatch(/^https:\/\/github\.com\/.+\/pull\/\d+$/)
    expect(done.todos.every((t: { status: string }) => t.status === 'completed')).toBe(true)
  })

  it('fails when asked: "[fail:error]" in the message or the fault header', async () => {
    const viaText = (await createJob('Break things [fail:error]')).headers.get('x-session-id')!
    const viaHeader = (
      await createJob('Fix typos', { 'x-docchat-fault': 'fail=github_missconfigured' })
    ).headers.get('x-session-id')!
    clock.advance(60_000)
    const failed = await job(viaText)
    expect(failed).toMatchObject({ haulted: true, haultReason: 'error' })
    expect(failed.pullRequestLink).toBeUndefined()
    expect(failed.todos.map((t: { status: string }) => t.status)).toContain('cancelled')
    expect(await job(viaHeader)).toMatchObject({
      haultReason: 'github_missconfigured',
      branch: null,
    })
  })

  it('validates the create body and 404s unknown jobs and projects', async () => {
    const bad = await adminPost(server, '/v1/agent/acme-project/job', { messages: 'hi' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ field: 'messages' })
    const model = await adminPost(server, '/v1/agent/acme-project/job', {
      messages: [{ role: 'user', content: 'x' }],
      model: 'gpt',
    })
    expect((await model.json()).field).toBe('model')
    expect((await get(server, '/v1/agent/acme-project/job/nope')).status).toBe(404)
    const project = await get(server, '/v1/agent/other/jobs')
    expect(project.status).toBe(404)
    expect((await project.json()).error).toContain('Unknown project')
  })

  it('needs an admin key: 401 without, 403 with an assistant key', async () => {
    expect((await get(server, '/v1/agent/acme-project/jobs', { key: null })).status).toBe(401)
    const wrong = await get(server, '/v1/agent/acme-project/jobs', { key: server.keys.assistant })
    expect(wrong.status).toBe(403)
    expect((await wrong.json()).error).toContain('admin API key')
  })
})

describe('project updates', () => {
  it('triggers an update (202 {statusId}) that moves queued → in_progress → success', async () => {
    const trigger = await post(server, '/v1/project/update/acme-project', undefined, {
      key: server.keys.admin,
    })
    expect(trigger.status).toBe(202)
    const body = await trigger.json()
    const status = async () => {
      const response = await get(server, `/v1/project/update-status/${body.statusId}`)
      expect(response.status).toBe(200)
      const value = await response.json()
      updateStatusSchema.parse(value)
      return value
    }
    const queued = await status()
    expect(queued).toMatchObject({ status: 'queued', projectId: 'acme-project', source: 'api' })
    expect(queued.endedAt).toBeUndefined()
    clock.advance(1600)
    const building = await status()
    expect(building.status).toBe('in_progress')
    clock.advance(600)
    const more = await status()
    expect(more.logs.length).toBeGreaterThan(building.logs.length)
    clock.advance(30_000)
    const done = await status()
    expect(done.status).toBe('success')
    expect(done.endedAt).toBeTruthy()
    expect(done.commit.filesChanged.modified.length).toBeGreaterThan(0)
    expect(done.screenshot).toMatch(/^data:image\/svg\+xml/)
    expect(done.summary).toContain('Deployed')
  })

  it('fails when asked, and seeded records exist', async () => {
    const trigger = await post(server, '/v1/project/update/acme-project', undefined, {
      key: server.keys.admin,
      headers: { 'x-docchat-fault': 'fail' },
    })
    const { statusId } = await trigger.json()
    clock.advance(60_000)
    const failed = await (await get(server, `/v1/project/update-status/${statusId}`)).json()
    expect(failed.status).toBe('failure')
    expect(failed.logs.at(-1)).toBe('Build failed')

    const seeded = server.seeded['acme-project']!.updateStatusIds
    const statuses = await Promise.all(
      seeded.map(
        async (id) => (await (await get(server, `/v1/project/update-status/${id}`)).json()).status,
      ),
    )
    expect(statuses).toEqual(['failure', 'success', 'success'])
    expect((await get(server, '/v1/project/update-status/nope')).status).toBe(404)
  })

  it('rate-limits triggers per organization per 10 seconds', async () => {
    const limited = await limitedServer({ updatesPerOrgPer10s: 1 }, { projects: ['p'] })
    expect(
      (await post(limited, '/v1/project/update/p', undefined, { key: limited.keys.admin })).status,
    ).toBe(202)
    const over = await post(limited, '/v1/project/update/p', undefined, { key: limited.keys.admin })
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBeTruthy()
    expect((await over.json()).error).toContain('Rate limit')
  })
})

describeWithShared(
  'admin and project responses match the published specs',
  specFixtures('admin-openapi.json', 'openapi.json'),
  () => {
    const specClock = manualClock()
    let specServer: DevServer
    beforeAll(async () => {
      specServer = await projectServer(specClock)
    })
    const read = async (path: string) => {
      const response = await get(specServer, path)
      expect(response.status).toBe(200)
      return response.json()
    }

    it('agent jobs: the list, a created job (its stream and headers), the job as it starts and ends', async () => {
      const list = await read('/v1/agent/acme-project/jobs')
      expect(list.allSessions.length).toBeGreaterThan(0)
      expect(
        checkResponse('admin-openapi.json', '/v1/agent/{projectId}/jobs', 'get', 200, list),
      ).toEqual([])

      const created = await post(
        specServer,
        '/v1/agent/acme-project/job',
        { messages: [{ role: 'user', content: 'Document webhook retries' }], asDraft: true },
        { key: specServer.keys.admin },
      )
      expect(created.status).toBe(200)
      const declared = responseSpec('admin-openapi.json', '/v1/agent/{projectId}/job', 'post', 200)
      expect(Object.keys(declared.content ?? {})).toEqual(['text/event-stream'])
      expect(created.headers.get('content-type')).toBe('text/event-stream')
      const headers = Object.keys(declared.headers ?? {})
      expect(headers.length).toBeGreaterThan(0)
      for (const header of headers) expect(created.headers.get(header), header).toBeTruthy()
      await created.text()

      const id = created.headers.get('x-session-id')!
      const jobPath = '/v1/agent/{projectId}/job/{id}'
      const start = await read(`/v1/agent/acme-project/job/${id}`)
      expect(start.haulted).toBe(false)
      expect(checkResponse('admin-openapi.json', jobPath, 'get', 200, start)).toEqual([])
      specClock.advance(60_000)
      const done = await read(`/v1/agent/acme-project/job/${id}`)
      expect(done.haultReason).toBe('completed')
      expect(checkResponse('admin-openapi.json', jobPath, 'get', 200, done)).toEqual([])
    })

    it('project updates: the trigger (202) and the status record, queued and done', async () => {
      const trigger = await post(specServer, '/v1/project/update/acme-project', undefined, {
        key: specServer.keys.admin,
      })
      expect(trigger.status).toBe(202)
      const body = await trigger.json()
      expect(
        checkResponse('openapi.json', '/project/update/{projectId}', 'post', 202, body),
      ).toEqual([])
      const statusPath = '/project/update-status/{statusId}'
      const queued = await read(`/v1/project/update-status/${body.statusId}`)
      expect(queued.status).toBe('queued')
      expect(checkResponse('openapi.json', statusPath, 'get', 200, queued)).toEqual([])
      specClock.advance(60_000)
      const done = await read(`/v1/project/update-status/${body.statusId}`)
      expect(done.status).toBe('success')
      expect(checkResponse('openapi.json', statusPath, 'get', 200, done)).toEqual([])
    })
  },
)
