import { type ChildProcess, spawn } from 'node:child_process'
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
  it('prints its URL, domains and keys', () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(output).toContain('domain    acme (5 pages)')
    expect(output).toContain('assistant mint_dsc_dev_local')
    expect(output).toContain('admin mint_dev_local')
    expect(output).toContain('no language model involved')
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
    expect(await unauthorized.json()).toMatchObject({ error: expect.any(String) })
    const preflight = await fetch(`${url}/discovery/v1/search/acme`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.status).toBe(204)
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
