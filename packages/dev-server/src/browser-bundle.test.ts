import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { fixtureFiles } from './test/fixture-docs'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

describe('browser build', () => {
  it('bundles for the browser without Node built-ins, and the bundle serves a parsed corpus', async () => {
    const out = mkdtempSync(join(tmpdir(), 'docchat-browser-'))
    // esbuild fails on any `node:` import reachable from the entry (platform=browser).
    execFileSync(
      join(packageDir, 'node_modules/.bin/esbuild'),
      [
        'src/index.ts',
        '--bundle',
        '--platform=browser',
        '--format=esm',
        '--conditions=@docchat/source',
        `--outfile=${join(out, 'index.js')}`,
        '--log-level=error',
      ],
      { cwd: packageDir },
    )
    const bundle = (await import(
      /* @vite-ignore */ pathToFileURL(join(out, 'index.js')).href
    )) as typeof import('./index')
    const server = await bundle.createDevServer({
      docs: { acme: bundle.parseDocs(fixtureFiles, { name: 'acme' }) },
    })
    const response = await server.fetch(
      new Request('http://local/discovery/v1/assistant/acme/message', {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.keys.assistant}` },
        body: JSON.stringify({
          fp: 'anonymous',
          messages: [{ id: '1', role: 'user', content: 'Which fonts?', parts: [] }],
        }),
      }),
    )
    expect(await response.text()).toContain('WOFF2')
  }, 60_000)
})
