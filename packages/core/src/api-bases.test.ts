import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { apiBases } from './api-bases'
import { createDocsClient } from './client'
import { createDocsClientLite } from './lite-client'

describe('apiBases: every host form the API has served', () => {
  it.each([
    ['https://api.mintlify.com', 'https://api.mintlify.com/discovery', 'https://api.mintlify.com'],
    ['https://api.mintlify.com/', 'https://api.mintlify.com/discovery', 'https://api.mintlify.com'],
    [
      'https://api.mintlify.com/discovery',
      'https://api.mintlify.com/discovery',
      'https://api.mintlify.com',
    ],
    [
      'https://api.mintlify.com/discovery/v1',
      'https://api.mintlify.com/discovery',
      'https://api.mintlify.com',
    ],
    [
      'https://api-dsc.mintlify.com',
      'https://api-dsc.mintlify.com',
      'https://api-dsc.mintlify.com',
    ],
    [
      'https://api-dsc.mintlify.com/v1',
      'https://api-dsc.mintlify.com',
      'https://api-dsc.mintlify.com',
    ],
    [
      'https://leaves.mintlify.com/api/discovery',
      'https://leaves.mintlify.com/api/discovery',
      'https://leaves.mintlify.com',
    ],
    ['/api/docs', '/api/docs/discovery', '/api/docs'],
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787/discovery', 'http://127.0.0.1:8787'],
  ])('%s', (baseUrl, discovery, admin) => {
    expect(apiBases(baseUrl)).toEqual({ discovery, admin })
  })
})

describe('clients derive their paths from the host form', () => {
  for (const [name, create] of [
    ['createDocsClient', createDocsClient],
    ['createDocsClientLite', createDocsClientLite],
  ] as const) {
    it(`${name} calls the right URLs on each host`, async () => {
      const seen: string[] = []
      const fetch: typeof globalThis.fetch = async (input) => {
        seen.push(String(input instanceof Request ? input.url : input))
        return Response.json([])
      }
      const urls = (baseUrl: string) => {
        const client = create({ baseUrl, assistantKey: 'mint_dsc_x', fetch, retry: false })
        return client.search('acme', { query: 'q' }).then(() => ({
          assistant: client.assistantUrl('acme'),
          v2: client.assistantUrl('acme', 'v2'),
          search: seen.at(-1),
        }))
      }
      expect(await urls('https://api-dsc.mintlify.com')).toEqual({
        assistant: 'https://api-dsc.mintlify.com/v1/assistant/acme/message',
        v2: 'https://api-dsc.mintlify.com/v2/assistant/acme/message',
        search: 'https://api-dsc.mintlify.com/v1/search/acme',
      })
      expect(await urls('https://api.mintlify.com')).toEqual({
        assistant: 'https://api.mintlify.com/discovery/v1/assistant/acme/message',
        v2: 'https://api.mintlify.com/discovery/v2/assistant/acme/message',
        search: 'https://api.mintlify.com/discovery/v1/search/acme',
      })
      expect(await urls('https://api.mintlify.com/discovery')).toMatchObject({
        search: 'https://api.mintlify.com/discovery/v1/search/acme',
      })
      expect(await urls('https://proxy.example/api/docchat/')).toMatchObject({
        search: 'https://proxy.example/api/docchat/discovery/v1/search/acme',
      })
    })
  }
})

describe('apiBases on a hostile base URL (regex lint, issue 20)', () => {
  it('is linear in runs of slashes, wherever they are', () => {
    expectLinearTime(
      (n) => `https://api.example.com${'/'.repeat(n)}x`,
      (baseUrl) => apiBases(baseUrl),
    )
    expectLinearTime(
      (n) => `https://api.example.com/x${'/'.repeat(n)}`,
      (baseUrl) => apiBases(baseUrl),
    )
    expect(apiBases(`https://api.example.com${'/'.repeat(10)}`).discovery).toBe(
      'https://api.example.com/discovery',
    )
  })
})
