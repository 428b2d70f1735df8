import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { hostileUrls, unsafeHrefReason } from '../../core/src/test/hostile-urls'
import { getMessageSources } from './message-sources'
import { getMessageSuggestions } from './message-suggestions'
import { resolveDocsUrl, withAnchor } from './resolve-docs-url'
import {
  CAPTURED_SAMPLE,
  capturedStream,
  messageFromStream,
  withSearchResults,
  withTrailingText,
} from './test/harness'

const docsBaseUrl = 'https://docs.example.com/docs'
// A suggestion is one line of the block, so forms with a line break cannot be written there.
const oneLine = hostileUrls.filter((url) => !/[\n\r\u2028]/.test(url) && url.trim() !== '')

function withSourceParts(stream: string, urls: readonly string[]): string {
  const lines = urls.map(
    (url, index) =>
      `h:${JSON.stringify({ sourceType: 'url', id: `s${index}`, url, title: `T${index}` })}`,
  )
  return stream.replace(/^(f:\{"messageId":"[^"]+"\})$/m, `$1\n${lines.join('\n')}`)
}

describeWithShared(
  'links of an answer built by the AI SDK from hostile data',
  [CAPTURED_SAMPLE],
  () => {
    it('source parts and search results: every hostile URL is kept as text with url null', async () => {
      const results = hostileUrls.map((path, index) => ({
        content: `c${index}`,
        path,
        metadata: { title: `R${index}`, anchor: 'x' },
      }))
      const fromParts = await messageFromStream(withSourceParts(capturedStream, hostileUrls))
      const fromSearch = await messageFromStream(withSearchResults(capturedStream, results))
      for (const base of [docsBaseUrl, undefined]) {
        const sources = [
          ...getMessageSources(fromParts, { docsBaseUrl: base }),
          ...getMessageSources(fromSearch, { docsBaseUrl: base }),
        ]
        // Every entry survives as text (its title), none of them as a link.
        expect(sources.filter((s) => s.origin === 'source')).toHaveLength(hostileUrls.length)
        // A result without a path has nothing to show.
        expect(sources.filter((s) => s.origin === 'search')).toHaveLength(hostileUrls.length - 1)
        for (const source of sources) expect(source.url, source.title).toBeNull()
      }
    })

    it('a suggestions block (model output): every hostile link has url null', async () => {
      const block = `\n\n\`\`\`suggestions\n${oneLine.map((url, i) => `(S${i})[${url}]`).join('\n')}\n\`\`\``
      const message = await messageFromStream(withTrailingText(capturedStream, block))
      const suggestions = getMessageSuggestions(message, { docsBaseUrl })
      // Surrounding whitespace of a line is not part of its link; the rest are read as written.
      expect(suggestions.length).toBeGreaterThanOrEqual(oneLine.length - 10)
      expect(suggestions.length).toBeGreaterThan(90)
      for (const suggestion of suggestions) expect(suggestion.url, suggestion.path).toBeNull()
    })

    it('safe links next to hostile ones still resolve under the base path', async () => {
      const stream = withSourceParts(
        withSearchResults(capturedStream, [
          { content: 'a', path: '/auth', metadata: { title: 'Auth', anchor: 'tokens' } },
          { content: 'b', path: 'javascript:window.__pwned=1', metadata: { title: 'Bad' } },
        ]),
        ['/quickstart', '//evil.example/quickstart', 'https://other.example/x'],
      )
      const message = await messageFromStream(
        withTrailingText(
          stream,
          '\n\n```suggestions\n(Go)[/guides/x]\n(Bad)[JaVa&#x53;cript:x]\n```',
        ),
      )
      expect(getMessageSources(message, { docsBaseUrl }).map((s) => [s.url, s.title])).toEqual([
        ['https://docs.example.com/docs/quickstart', 'T0'],
        [null, 'T1'],
        ['https://other.example/x', 'T2'],
        ['https://docs.example.com/docs/auth#tokens', 'Auth'],
        [null, 'Bad'],
      ])
      expect(getMessageSuggestions(message, { docsBaseUrl })).toEqual([
        { text: 'Go', path: '/guides/x', url: 'https://docs.example.com/docs/guides/x' },
        { text: 'Bad', path: 'JaVa&#x53;cript:x', url: null },
      ])
      for (const source of getMessageSources(message, { docsBaseUrl }))
        expect(unsafeHrefReason(source.url)).toBeNull()
    })
  },
)

describe('resolveDocsUrl', () => {
  it('delegates to the core policy: hostile forms are null, docs paths keep the base path', () => {
    for (const raw of hostileUrls) expect(resolveDocsUrl(raw, docsBaseUrl), raw).toBeNull()
    expect(resolveDocsUrl('/quickstart', docsBaseUrl)).toBe(
      'https://docs.example.com/docs/quickstart',
    )
    expect(resolveDocsUrl('/quickstart')).toBe('/quickstart')
    expect(withAnchor(resolveDocsUrl('/a', docsBaseUrl), 'b')).toBe(
      'https://docs.example.com/docs/a#b',
    )
    expect(withAnchor(resolveDocsUrl('//evil.example', docsBaseUrl), 'b')).toBeNull()
  })
})
