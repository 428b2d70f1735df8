import { type ChildProcess, spawn } from 'node:child_process'
import { connect } from 'node:net'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixtureFiles } from './test/fixture-docs'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const tsx = join(packageDir, 'node_modules/.bin/tsx')

let child: ChildProcess
let output = ''
let url = ''

function writeDocsFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'docchat-cli-'))
  for (const [file, content] of Object.entries(fixtureFiles)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true })
    writeFileSync(join(dir, file), content)
  }
  return dir
}

beforeAll(async () => {
  // The real CLI source over real HTTP; tsx runs it without a build.
  child = spawn(
    tsx,
    [
      '--conditions=@docchat/source',
      'src/cli.ts',
      '--docs',
      `acme=${writeDocsFolder()}`,
      '--port',
      '0',
      '--record',
      // The CLI paces answers like a model by default; tests read them whole.
      '--pace',
      'instant',
      '--allowed-host',
      'docs.test',
      '--allowed-origin',
      'https://admin.example',
    ],
    {
      cwd: packageDir,
      env: { ...process.env, OPENAI_API_KEY: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not start:\n${output}`)), 20_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match && output.includes('keys')) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) => reject(new Error(`CLI exited with ${code}:\n${output}`)))
  })
}, 30_000)

afterAll(() => {
  child?.kill('SIGTERM')
})

describe('docchat-dev-server CLI', () => {
  it('prints its URL', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it.each([
    'domain    acme (5 pages)',
    'assistant mint_dsc_dev_local',
    'admin mint_dev_local',
    'no language model involved',
    'set OPENAI_API_KEY',
    'pace      instant',
    'network   Host: loopback names, docs.test; admin CORS: https://admin.example; X-Forwarded-For: ignored',
  ])('prints its settings: %s', (line) => {
    expect(output).toContain(line)
  })

  it('serves search over real HTTP', async () => {
    const response = await fetch(`${url}/discovery/v1/search/acme`, {
      method: 'POST',
      headers: { Authorization: 'Bearer mint_dsc_dev_local', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'webhooks' }),
    })
    expect(response.status).toBe(200)
    const results = await response.json()
    expect(results[0].path).toBe('/guides/webhooks')
  })

  it('streams the assistant over real HTTP with thread headers', async () => {
    const response = await fetch(`${url}/discovery/v1/assistant/acme/message`, {
      method: 'POST',
      headers: { Authorization: 'Bearer mint_dsc_dev_local', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [
          {
            id: '1',
            role: 'user',
            content: 'How do retries work?',
            parts: [{ type: 'text', text: 'How do retries work?' }],
          },
        ],
      }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-thread-id')).toBeTruthy()
    const text = await response.text()
    expect(text).toMatch(/^f:/)
    expect(text).toContain('eight times')
    expect(text.trimEnd().split('\n').at(-1)).toMatch(/^d:/)
  })

  it('answers errors as JSON and preflight for browsers', async () => {
    const unauthorized = await fetch(`${url}/v1/agent/docchat-project/jobs`)
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.statusText).toBe('Unauthorized')
    expect(await unauthorized.json()).toMatchObject({
      error: expect.any(String),
      message: expect.any(String),
    })
    const preflight = await fetch(`${url}/discovery/v1/search/acme`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
  })

  it('answers only loopback and --allowed-host names, and a 400 to a malformed Host', async () => {
    const statusFor = (host: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(new URL(url).port), '127.0.0.1')
        let reply = ''
        socket.setEncoding('latin1')
        socket.on('data', (chunk: string) => {
          reply += chunk
        })
        socket.on('end', () => resolve(reply.split('\r\n')[0] ?? ''))
        socket.on('error', reject)
        socket.write(`GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
      })
    expect(await statusFor('localhost')).toBe('HTTP/1.1 200 OK')
    expect(await statusFor('docs.test')).toBe('HTTP/1.1 200 OK')
    expect(await statusFor('rebind.attacker.example')).toBe('HTTP/1.1 403 Forbidden')
    expect(await statusFor('a b')).toBe('HTTP/1.1 400 Bad Request')
    // Still serving after the malformed one.
    expect(await statusFor('127.0.0.1')).toBe('HTTP/1.1 200 OK')
  })

  it('gives admin routes CORS only for --allowed-origin, discovery routes for any origin', async () => {
    const jobs = (origin: string) =>
      fetch(`${url}/v1/agent/docchat-project/jobs`, {
        headers: { Authorization: 'Bearer mint_dev_local', Origin: origin },
      })
    expect((await jobs('https://admin.example')).headers.get('access-control-allow-origin')).toBe(
      'https://admin.example',
    )
    expect(
      (await jobs('https://docs.example')).headers.get('access-control-allow-origin'),
    ).toBeNull()
    const search = await fetch(`${url}/v1/search/acme`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer mint_dsc_dev_local',
        'Content-Type': 'application/json',
        Origin: 'https://docs.example',
      },
      body: JSON.stringify({ query: 'webhooks' }),
    })
    expect(search.status).toBe(200)
    expect(search.headers.get('access-control-allow-origin')).toBe('https://docs.example')
    expect(search.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('with --record, lists the requests it received at GET /_dev/requests', async () => {
    await fetch(`${url}/discovery/v1/search/acme`, {
      method: 'POST',
      headers: { Authorization: 'Bearer mint_dsc_dev_local', 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'recorded query' }),
    })
    const response = await fetch(`${url}/_dev/requests?path=/discovery/v1/search/acme`)
    expect(response.status).toBe(200)
    const recorded = await response.json()
    expect(recorded.at(-1)).toMatchObject({
      method: 'POST',
      path: '/discovery/v1/search/acme',
      body: { query: 'recorded query' },
      headers: { authorization: '[redacted]' },
    })
  })
})
