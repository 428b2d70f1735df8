/**
 * Every function that trims, splits or normalises request text (or text a model wrote) runs in
 * linear time on the worst inputs we know: runs of slashes, spaces, backticks, brackets and
 * capitals, 100k characters and up. `expectLinearTime` compares CPU time at n and 8n, so a
 * quadratic regex (ratio ≈ 64) fails however fast or loaded the machine is.
 */
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { normalisePagePath } from './discovery-routes'
import { createDocsIndex } from './search/docs-index'
import { fixtureCorpus } from './test/fixture-docs'

describe('page paths', () => {
  const index = createDocsIndex(fixtureCorpus())

  it.each([
    ['slashes, then a letter', (n: number) => `/${'/'.repeat(n)}x`],
    ['slashes between letters', (n: number) => `a${'/'.repeat(n)}b`],
    ['a URL of many segments', (n: number) => `https://acme.example${'/a'.repeat(n)}`],
    ['question marks and hashes', (n: number) => `${'?#'.repeat(n)}\n`],
  ])('normalisePagePath and getPage with %s', (_, makeInput) => {
    expectLinearTime(makeInput, (path) => normalisePagePath(path), { n: 4_000 })
    expectLinearTime(makeInput, (path) => index.getPage(path), { n: 4_000 })
  })

  it('still read the paths they read before', () => {
    expect(normalisePagePath('https://acme.example/guides/webhooks.mdx#retries')).toBe(
      '/guides/webhooks',
    )
    expect(normalisePagePath(' guides/webhooks///?x=1')).toBe('/guides/webhooks')
    expect(normalisePagePath('//')).toBe('/')
    expect(normalisePagePath('guides/index/')).toBe('/guides')
    expect(index.getPage('https://acme.example/docs/guides/webhooks/?x=1')?.path).toBe(
      '/guides/webhooks',
    )
    expect(index.getPage(`https://acme.example${'/a'.repeat(1_000)}/guides/webhooks`)?.path).toBe(
      '/guides/webhooks',
    )
    expect(index.getPage('///quickstart.mdx///')?.path).toBe('/quickstart')
  })
})
