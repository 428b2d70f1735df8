import { searchResultsSchema } from '@docchat/core'
import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { describe, expect, it } from 'vitest'
import { parseDocs } from '../docs/parse-docs'
import { createDevServer } from '../server'
import { fixtureCorpus, fixtureFiles } from '../test/fixture-docs'
import { checkResponse, specFixtures } from '../test/openapi-check'
import { post } from '../test/requests'
import { siteLink } from './result-links'

/** A server whose site is at https://docs.acme.test/docs/, and its results for "webhook". */
async function searchWebhooks() {
  const server = await createDevServer({
    docs: { acme: fixtureCorpus() },
    siteUrl: 'https://docs.acme.test/docs/',
    seed: false,
  })
  const response = await post(server, '/discovery/v1/search/acme', {
    query: 'webhook',
    pageSize: 10,
  })
  return { server, body: await response.json() }
}

describe('search results link to their section', () => {
  it('path#anchor, an absolute url under the site address, and the metadata clients read', async () => {
    const { server, body } = await searchWebhooks()
    expect(searchResultsSchema.parse(body).length).toBeGreaterThan(1)
    const webhooks = body.filter(
      (r: { metadata: { page: string } }) => r.metadata.page === '/guides/webhooks',
    )
    expect(webhooks.length).toBeGreaterThan(1)
    // Two sections of one page are two different links.
    const links = webhooks.map((r: { url: string }) => r.url)
    expect(new Set(links).size).toBe(links.length)
    const verify = webhooks.find(
      (r: { metadata: { anchor: string } }) => r.metadata.anchor === 'verify-signatures',
    )
    expect(verify).toMatchObject({
      path: '/guides/webhooks#verify-signatures',
      url: 'https://docs.acme.test/docs/guides/webhooks#verify-signatures',
      metadata: {
        title: 'Webhooks',
        section: 'Verify signatures',
        breadcrumbs: ['Guides'],
        anchor: 'verify-signatures',
        page: '/guides/webhooks',
      },
    })
    // The page endpoint takes the linked path as it is.
    const page = await post(server, '/discovery/v1/page/acme', { path: verify.path })
    expect(page.status).toBe(200)
  })

  it("the assistant's search tool results carry the same links", async () => {
    const server = await createDevServer({
      docs: { acme: fixtureCorpus() },
      siteUrl: { acme: 'https://docs.acme.test' },
      seed: false,
    })
    const text = await (
      await post(server, '/discovery/v1/assistant/acme/message', {
        fp: 'anonymous',
        messages: [
          {
            id: 'q',
            role: 'user',
            content: 'How do I verify webhook signatures?',
            parts: [{ type: 'text', text: 'How do I verify webhook signatures?' }],
          },
        ],
      })
    ).text()
    const result = JSON.parse(
      text
        .split('\n')
        .find((l) => l.startsWith('a:'))!
        .slice(2),
    ).result
    expect(result[0]).toMatchObject({
      path: '/guides/webhooks#verify-signatures',
      url: 'https://docs.acme.test/guides/webhooks#verify-signatures',
    })
  })

  it('takes the site address from docs.json seo.metatags.canonical', () => {
    const json = JSON.parse(fixtureFiles['docs.json']!)
    const corpus = parseDocs({
      ...fixtureFiles,
      'docs.json': JSON.stringify({
        ...json,
        seo: { metatags: { canonical: 'https://acme.test/docs/' } },
      }),
    })
    expect(corpus.siteUrl).toBe('https://acme.test/docs')
    expect(corpus.siteName).toBe('Acme')
    expect(siteLink('https://acme.test/docs', '/quickstart#install')).toBe(
      'https://acme.test/docs/quickstart#install',
    )
  })
})

describeWithShared(
  'linked search results match the published discovery spec',
  specFixtures('discovery-openapi.json'),
  () => {
    it('path#anchor, url and the added metadata stay within the search response schema', async () => {
      const { body } = await searchWebhooks()
      expect(body.some((r: { url?: string }) => r.url?.includes('#'))).toBe(true)
      expect(
        checkResponse('discovery-openapi.json', '/v1/search/{domain}', 'post', 200, body),
      ).toEqual([])
    })
  },
)
