import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import type { DocsClientOptions } from './client'
import { createDocsClientLite } from './lite-client'
import { createDocsReaderClient } from './reader-client'
import { json, useRecordingServer } from '@docchat/test-utils/recording-server'
import { dataStream, failure, part, userMessage } from './test/harness'

// A real HTTP server on 127.0.0.1, as in client.test.ts: the lite client goes through undici too.
// A real HTTP server on 127.0.0.1 (undici underneath), recording what it receives.
const http = useRecordingServer()

function client(options: DocsClientOptions = {}) {
  return createDocsClientLite({
    baseUrl: http.baseUrl,
    assistantKey: 'mint_dsc_test',
    retry: { minDelayMs: 5, maxDelayMs: 20 },
    ...options,
  })
}

describe('createDocsClientLite', () => {
  it('searches with the same path, auth and defaults as createDocsClient', async () => {
    http.handler = (_request, response) =>
      json(response, 200, [
        { content: 'Hooks', path: '/hooks', metadata: { title: 'Webhooks', score: 0.9 } },
        { content: 'No metadata', path: '/bare' },
      ])
    const results = await client({ headers: { 'x-extra': '1' } }).search('acme docs', {
      query: 'hooks',
    })
    expect(results).toEqual([
      { content: 'Hooks', path: '/hooks', metadata: { title: 'Webhooks', score: 0.9 } },
      { content: 'No metadata', path: '/bare', metadata: {} },
    ])
    const sent = http.recorded[0]!
    expect([sent.method, sent.url, sent.headers.authorization, sent.headers['x-extra']]).toEqual([
      'POST',
      '/discovery/v1/search/acme%20docs',
      'Bearer mint_dsc_test',
      '1',
    ])
    expect(JSON.parse(sent.body)).toEqual({ query: 'hooks', pageSize: 10 })
  })

  it('gets a page', async () => {
    http.handler = (_request, response) =>
      json(response, 200, { path: '/quickstart', content: '# Start', extra: true })
    const page = await client().getPage('acme', { path: '/quickstart' })
    expect(page).toEqual({ path: '/quickstart', content: '# Start', extra: true })
    expect(http.recorded[0]!.url).toBe('/discovery/v1/page/acme')
  })

  it('rejects a malformed request before sending it, naming the field', async () => {
    const docs = client()
    const empty = await failure(docs.search('acme', { query: '  ' }))
    expect(empty).toMatchObject({ kind: 'bad-request', field: 'query' })
    const noId = await failure(
      docs.streamAssistantMessage('acme', {
        fp: 'anonymous',
        messages: [{ ...userMessage, id: '' }],
      }),
    )
    expect(noId).toMatchObject({ kind: 'bad-request', field: 'messages.0.id' })
    expect(noId.message).toContain('messages.0.id')
    const noFp = await failure(docs.streamAssistantMessage('acme', { fp: '', messages: [] }))
    expect(noFp).toMatchObject({ kind: 'bad-request', field: 'fp' })
    const orphanKey = await failure(
      docs.streamAssistantMessage('acme', {
        fp: 'anonymous',
        messages: [userMessage],
        threadKey: 'k',
      }),
    )
    expect(orphanKey).toMatchObject({ kind: 'bad-request', field: 'threadKey' })
    expect(await failure(docs.getPage('', { path: '/a' }))).toMatchObject({ field: 'domain' })
    expect(http.recorded).toHaveLength(0)
  })

  it('checks responses structurally, naming the field', async () => {
    http.handler = (_request, response) => json(response, 200, [{ content: 'x', path: 7 }])
    const search = await failure(client().search('acme', { query: 'q' }))
    expect(search).toMatchObject({ kind: 'invalid-response', field: '0.path' })
    http.handler = (_request, response) => json(response, 200, { results: [] })
    expect(await failure(client().search('acme', { query: 'q' }))).toMatchObject({
      kind: 'invalid-response',
    })
    http.handler = (_request, response) => json(response, 200, { path: '/a' })
    expect(await failure(client().getPage('acme', { path: '/a' }))).toMatchObject({
      kind: 'invalid-response',
      field: 'content',
    })
    http.handler = (_request, response) => response.writeHead(200).end('<html>')
    expect(await failure(client().getPage('acme', { path: '/a' }))).toMatchObject({
      kind: 'invalid-response',
    })
  })

  it.each([
    [400, { message: 'query is required' }, 'bad-request'],
    [401, { error: 'Invalid API key' }, 'unauthorized'],
    [403, { error: 'IP not allowed' }, 'forbidden'],
    [404, { message: 'Page not found' }, 'not-found'],
  ] as const)('%i maps to its kind with the server message', async (code, body, kind) => {
    http.handler = (_request, response) => json(response, code, body)
    const error = await failure(client().getPage('acme', { path: '/missing' }))
    expect(error).toMatchObject({ kind, status: code, retryable: false })
    expect(error.message).toBe('message' in body ? body.message : body.error)
    expect(http.recorded).toHaveLength(1)
  })

  it('retries 503 and 429 like the full client, then reports them', async () => {
    http.handler = (_request, response) => json(response, 503, { message: 'busy' })
    const server503 = await failure(client().search('acme', { query: 'q' }))
    expect(server503).toMatchObject({ kind: 'server', status: 503 })
    expect(http.recorded).toHaveLength(3)
    http.recorded.length = 0
    http.handler = (_request, response) =>
      json(response, 429, { message: 'slow down' }, { 'retry-after': '0' })
    const limited = await failure(client({ retry: false }).search('acme', { query: 'q' }))
    expect(limited).toMatchObject({ kind: 'rate-limited', retryAfterMs: 0 })
    expect(http.recorded).toHaveLength(1)
  })

  it('reports timeout, aborted and network errors', async () => {
    http.handler = () => new Promise(() => {})
    const timeout = await failure(client({ timeoutMs: 50 }).search('acme', { query: 'q' }))
    expect(timeout.kind).toBe('timeout')
    const controller = new AbortController()
    const pending = client().search('acme', { query: 'q' }, { signal: controller.signal })
    setTimeout(() => controller.abort(), 20)
    expect((await failure(pending)).kind).toBe('aborted')
    http.closeConnections()
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const refused = await failure(
      client({ baseUrl: `http://127.0.0.1:${port}`, retry: false }).search('acme', { query: 'q' }),
    )
    expect(refused.kind).toBe('network')
  })

  it('streams an assistant message with the thread identity', async () => {
    http.handler = (_request, response) => {
      dataStream(response, { 'x-thread-id': 'thr_1', 'x-thread-key': 'key_1' })
      response.write(part('f', { messageId: 'msg_1' }))
      response.write(part('0', 'Hello '))
      response.write(part('0', 'world'))
      response.end(
        part('d', { finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 2 } }),
      )
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    expect(stream.threadId).toBe('thr_1')
    const result = await stream.collect()
    expect(result).toMatchObject({
      text: 'Hello world',
      finishReason: 'stop',
      finished: true,
      messageId: 'msg_1',
      thread: { threadId: 'thr_1', threadKey: 'key_1' },
    })
    const sent = http.recorded[0]!
    expect(sent.url).toBe('/discovery/v1/assistant/acme/message')
    expect(sent.headers.authorization).toBe('Bearer mint_dsc_test')
    expect(JSON.parse(sent.body)).toEqual({
      fp: 'anonymous',
      messages: [userMessage],
      retrievalPageSize: 5,
    })
  })

  it('an error part rejects as server', async () => {
    http.handler = (_request, response) => {
      response.writeHead(200, { 'x-vercel-ai-data-stream': 'v1' })
      response.write(part('0', 'Partial'))
      response.end(part('3', 'model overloaded'))
    }
    const stream = await client().streamAssistantMessage('acme', {
      fp: 'anonymous',
      messages: [userMessage],
    })
    expect(await failure(stream.collect())).toMatchObject({ kind: 'server' })
  })

  it('calls the admin endpoints with the admin key and fills nullish lists', async () => {
    http.handler = (request, response) => {
      const url = request.url!
      const job = { sessionId: 'job_1', haulted: true, todos: null }
      if (url.includes('/jobs')) return json(response, 200, { allSessions: [job] })
      if (url.includes('/job/')) return json(response, 200, job)
      if (url.startsWith('/v1/project/update-status/'))
        return json(response, 200, {
          _id: 'st_1',
          projectId: 'proj',
          createdAt: '2026-01-01T00:00:00Z',
          status: 'success',
          source: 'api',
          logs: null,
        })
      if (url.startsWith('/v1/project/update/')) return json(response, 202, { statusId: 'st_1' })
      return json(response, 404, { message: 'no route' })
    }
    const docs = client({ adminKey: 'mint_admin' })
    expect((await docs.listAgentJobs('proj', { take: 5 })).allSessions[0]!.todos).toEqual([])
    expect(await docs.getAgentJob('proj', 'job_1')).toMatchObject({ haulted: true, todos: [] })
    expect(await docs.waitForUpdateStatus('st_1')).toMatchObject({ logs: [], author: null })
    expect(await docs.triggerUpdate('proj')).toEqual({ statusId: 'st_1' })
    expect(http.recorded.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['GET', '/v1/agent/proj/jobs?take=5', 'Bearer mint_admin'],
      ['GET', '/v1/agent/proj/job/job_1', 'Bearer mint_admin'],
      ['GET', '/v1/project/update-status/st_1', 'Bearer mint_admin'],
      ['POST', '/v1/project/update/proj', 'Bearer mint_admin'],
    ])
  })

  it('bundles without zod', async () => {
    const packageDir = fileURLToPath(new URL('..', import.meta.url))
    // Through the package entry, as browser builds import it: the schemas must shake out.
    const result = await build({
      stdin: {
        contents: "export { createDocsClientLite } from './src/index.ts'",
        resolveDir: packageDir,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      minify: true,
      write: false,
      logLevel: 'silent',
    })
    const code = result.outputFiles[0]!.text
    expect(code).toContain('discovery')
    expect(code).not.toContain('ZodError')
    expect(code).not.toMatch(/zod/i)
    const gzip = gzipSync(code).length
    console.info(
      `createDocsClientLite bundle: ${(code.length / 1024).toFixed(1)} KB min, ${(gzip / 1024).toFixed(1)} KB gzip`,
    )
    expect(gzip).toBeLessThan(12 * 1024)
  })
})

describe('createDocsReaderClient', () => {
  const reader = () =>
    createDocsReaderClient({
      baseUrl: http.baseUrl,
      assistantKey: 'mint_dsc_test',
      retry: { minDelayMs: 5, maxDelayMs: 20 },
    })

  it('asks and searches like createDocsClientLite', async () => {
    http.handler = (request, response) => {
      if (request.url?.includes('/search/')) {
        json(response, 200, [{ content: 'Hooks', path: '/hooks' }])
        return
      }
      response.writeHead(200, { 'content-type': 'text/plain', 'x-vercel-ai-data-stream': 'v1' })
      response.end(part('0', 'Hello') + part('d', { finishReason: 'stop' }))
    }
    const docs = reader()
    expect(await docs.search('acme', { query: 'hooks' })).toEqual([
      { content: 'Hooks', path: '/hooks', metadata: {} },
    ])
    const answer = await (
      await docs.streamAssistantMessage('acme', { fp: 'fp_1', messages: [userMessage] })
    ).collect()
    expect(answer.text).toBe('Hello')
    expect(http.recorded.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['POST', '/discovery/v1/search/acme', 'Bearer mint_dsc_test'],
      ['POST', '/discovery/v1/assistant/acme/message', 'Bearer mint_dsc_test'],
    ])
    // The same request checks: a bad body is refused before it is sent.
    expect(await failure(docs.search('acme', { query: ' ' }))).toMatchObject({
      kind: 'bad-request',
      field: 'query',
    })
  })

  it("refuses the admin-key methods and useChat's fetch without a request, naming the client to use", async () => {
    const docs = reader()
    const calls = [
      docs.listAgentJobs('proj'),
      docs.getAgentJob('proj', 'job_1'),
      docs.createAgentJob('proj', { messages: [{ role: 'user', content: 'Fix it' }] }),
      docs.getUpdateStatus('st_1'),
      docs.triggerUpdate('proj'),
      docs.waitForUpdateStatus('st_1'),
      docs.waitForAgentJob('proj', 'job_1'),
    ]
    for (const call of calls) {
      const error = await failure(call)
      expect(error.kind).toBe('bad-request')
      expect(error.message).toMatch(/needs the admin key.*createDocsClient/)
    }
    expect(http.recorded).toEqual([])
  })

  it("loads useChat's fetch on first use: the same data stream as the lite client's", async () => {
    http.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'x-vercel-ai-data-stream': 'v1' })
      response.end(part('0', 'Hel') + part('0', 'lo') + part('d', { finishReason: 'stop' }))
    }
    const response = await reader()
      .connectAssistant('acme', { coalesceTextMs: 0 })
      .fetch('/', {
        method: 'POST',
        body: JSON.stringify({ id: 'chat', fp: 'fp_1', messages: [userMessage] }),
      })
    expect(await response.text()).toBe(
      part('0', 'Hel') + part('0', 'lo') + part('d', { finishReason: 'stop' }),
    )
    // useChat's own chat id stays out of the request.
    expect(JSON.parse(http.recorded[0]!.body)).not.toHaveProperty('id')
  })

  it("bundles smaller than createDocsClientLite: the admin endpoints and useChat's stream writer stay out", async () => {
    const packageDir = fileURLToPath(new URL('..', import.meta.url))
    const size = async (name: string) => {
      // Split like an app's bundler: what loads on first use is a chunk apart from the entry
      // (esbuild splits real entry files only, not stdin).
      const dir = mkdtempSync(join(tmpdir(), 'docchat-entry-'))
      const entry = join(dir, 'entry.js')
      writeFileSync(
        entry,
        `export { ${name} } from ${JSON.stringify(join(packageDir, 'src/index.ts'))}`,
      )
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        splitting: true,
        outdir: join(dir, 'out'),
        format: 'esm',
        platform: 'browser',
        minify: true,
        write: false,
        logLevel: 'silent',
      })
      rmSync(dir, { recursive: true, force: true })
      // What loads with the entry: it and the chunks it imports statically, not `import()`ed ones.
      const files = new Map(result.outputFiles.map((file) => [basename(file.path), file.text]))
      const loaded = new Set<string>()
      const load = (file: string) => {
        if (loaded.has(file)) return
        loaded.add(file)
        for (const [, next] of files.get(file)!.matchAll(/(?:from|import)\s*"\.\/([^"]+)"/g)) {
          load(next!)
        }
      }
      load('entry.js')
      const code = [...loaded].map((file) => files.get(file)).join('\n')
      return { code, gzip: gzipSync(code).length }
    }
    const [lite, readerOnly] = await Promise.all([
      size('createDocsClientLite'),
      size('createDocsReaderClient'),
    ])
    expect(readerOnly.code).not.toContain('/v1/agent/')
    expect(readerOnly.code).not.toContain('update-status')
    // useChat's fetch and its stream writer.
    expect(readerOnly.code).not.toContain('coalesceTextMs')
    expect(lite.code).toContain('coalesceTextMs')
    expect(lite.code).toContain('/v1/agent/')
    console.info(
      `createDocsReaderClient: ${readerOnly.gzip} B gzip (createDocsClientLite ${lite.gzip} B)`,
    )
    expect(readerOnly.gzip).toBeLessThan(lite.gzip - 1000)
  })
})
