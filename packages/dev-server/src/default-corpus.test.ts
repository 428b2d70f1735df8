import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { builtinDocsFiles } from './builtin-docs'
import { defaultDocsDir } from './default-docs'
import { parseDocs } from './docs/parse-docs'
import { createDevServer } from './server'
import { ask } from './test/requests'

async function answer(response: Response): Promise<string> {
  const lines = (await response.text()).split('\n').filter((l) => l.startsWith('0:'))
  return lines.map((l) => JSON.parse(l.slice(2)) as string).join('')
}

describe.skipIf(!existsSync(`${defaultDocsDir()}docs.json`))('default corpus (apps/docs)', () => {
  it('serves the kit docs as domain "docchat" with the default keys and project', async () => {
    const server = await createDevServer()
    expect(server.domains).toEqual(['docchat'])
    expect(server.projects).toEqual(['docchat-project'])
    expect(server.keys).toEqual({ assistant: 'mint_dsc_dev_local', admin: 'mint_dev_local' })
    expect(server.docs('docchat')!.corpus.pages.length).toBeGreaterThan(5)
    const text = await answer(await ask(server, 'docchat', 'How do I start the dev server?'))
    expect(text).toMatch(/\[1\]\(\//)
    expect(text).toContain('```suggestions')
  })
})

describe('built-in fallback docs', () => {
  it('parse and answer', async () => {
    const corpus = parseDocs(builtinDocsFiles, { name: 'builtin' })
    expect(corpus.pages.map((p) => p.path)).toEqual(['/introduction', '/endpoints', '/faults'])
    const server = await createDevServer({ docs: { builtin: corpus }, seed: false })
    const text = await answer(await ask(server, 'builtin', 'How do I inject a fault?'))
    expect(text).toContain('x-docchat-fault')
  })
})
