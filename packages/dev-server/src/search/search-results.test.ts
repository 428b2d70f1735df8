/**
 * Search over the kit's own docs through the real search route (issue 23): results that match
 * one word of a query don't rank as if they matched it, a query most of whose words the docs lack
 * finds nothing, a page the query names leads, and snippets keep code as code.
 */
import { searchResultsSchema } from '@docchat/core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { DevServer } from '../server'
import { kitDocsServer } from '../test/corpora'
import { post } from '../test/requests'
import { snippetOf } from './snippet'

interface Result {
  path: string
  content: string
  metadata: {
    page: string
    score: number
    snippet?: string
    snippetKind?: 'prose' | 'code'
    snippetLanguage?: string
  }
}

let server: DevServer
beforeAll(async () => {
  server = await kitDocsServer()
}, 60_000)

async function search(query: string, pageSize = 5): Promise<Result[]> {
  const response = await post(server, '/discovery/v1/search/docchat', { query, pageSize })
  expect(response.status).toBe(200)
  const body = await response.json()
  // Still the API's shape: a bare array of { content, path, metadata }.
  expect(() => searchResultsSchema.parse(body)).not.toThrow()
  return body as Result[]
}

describe('search results', () => {
  it('finds nothing for a query most of whose words the docs lack, as for its one unknown word', async () => {
    expect(await search('kubernetes')).toEqual([])
    expect(await search('kubernetes helm chart')).toEqual([])
  })

  it('a hit on one word of a two-word query scores well below a hit on both', async () => {
    const results = await search('sidebar width')
    expect(results[0]?.path).toBe('/widget/theming#css-custom-properties')
    const partial = results.filter((r) => !/width/i.test(r.content))
    expect(partial.length).toBeGreaterThan(0)
    // Half the words matched: at most a quarter of the score of the whole query matched.
    for (const r of partial) expect(r.metadata.score).toBeLessThan(results[0]!.metadata.score / 4)
  })

  it('puts the page the query names first: "deep link" → Deep links, not a section of it', async () => {
    const [first] = await search('deep link')
    expect(first?.path).toBe('/widget/deep-links')
  })

  it('marks code snippets as code, in a fenced block with the language', async () => {
    const results = await search('createDocsClient baseUrl')
    const code = results.find((r) => r.metadata.snippetKind === 'code')
    expect(code).toBeDefined()
    expect(code!.metadata.snippet).toMatch(/^```ts\n[\s\S]*createDocsClient[\s\S]*\n```$/)
    expect(code!.metadata.snippetLanguage).toBe('ts')
    const prose = results.find((r) => r.metadata.snippetKind === 'prose')
    expect(prose?.metadata.snippet).not.toContain('```')
  })
})

describe('snippetOf', () => {
  it('keeps a comment in code as code, not as the start of a sentence', () => {
    const content =
      'Share memory between agents.\n\n```python\n# Both agents share the same memory instance\nresponse = agent.run(memory=memory)\n```'
    expect(snippetOf(content, 'memory instance')).toEqual({
      snippet:
        '```python\n# Both agents share the same memory instance\nresponse = agent.run(memory=memory)\n```',
      snippetKind: 'code',
      snippetLanguage: 'python',
    })
  })

  it('gives prose as one line around the first match', () => {
    const long = `${'Lorem ipsum dolor sit amet. '.repeat(20)}The webhook secret signs every delivery. ${'More text. '.repeat(20)}`
    const snippet = snippetOf(long, 'webhook secret')!
    expect(snippet.snippetKind).toBe('prose')
    expect(snippet.snippet).toContain('The webhook secret signs every delivery.')
    expect(snippet.snippet.length).toBeLessThanOrEqual(230)
    expect(snippet.snippet).not.toContain('\n')
  })
})
