import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { hostileUrls, unsafeHrefReason } from '../../core/src/test/hostile-urls'
import { getMessageSources } from './message-sources'
import { getMessageDisplayText, getMessageSuggestions } from './message-suggestions'
import { isMessageNotFound } from './message-not-found'
import { resolveDocsUrl, withAnchor } from './resolve-docs-url'
import {
  CAPTURED_SAMPLE,
  capturedStream,
  messageFromStream,
  withSearchResults,
  withTrailingText,
} from './test/harness'

const docsBaseUrl = 'https://docs.example.com/docs'

describeWithShared('answer helpers on the real captured stream', [CAPTURED_SAMPLE], () => {
  it('reads the capture: not found, no sources (search returned []), no suggestions', async () => {
    const message = await messageFromStream(capturedStream)
    expect(isMessageNotFound(message)).toBe(true)
    expect(getMessageSources(message, { docsBaseUrl })).toEqual([])
    expect(getMessageSuggestions(message, { docsBaseUrl })).toEqual([])
    const text = getMessageDisplayText(message)
    expect(
      text.startsWith(
        'Hey there! 👋 Great question - let me help you get started with Mintlify!\n\nI wasn',
      ),
    ).toBe(true)
    expect(text.endsWith('at support@mintlify.com.')).toBe(true)
  })

  it('extracts search tool results (array form) with titles, anchors and resolved URLs, de-duplicated', async () => {
    const stream = withSearchResults(capturedStream, [
      {
        content: 'Install the CLI',
        path: '/installation',
        metadata: { title: 'Installation', anchor: 'cli' },
      },
      { content: 'Start here', path: 'quickstart', metadata: {} },
      {
        content: 'Install again',
        path: '/installation',
        metadata: { title: 'Installation', anchor: 'cli' },
      },
      { content: 'Elsewhere', path: 'https://mintlify.com/blog', metadata: { title: 'Blog' } },
    ])
    const message = await messageFromStream(stream)
    expect(getMessageSources(message, { docsBaseUrl })).toEqual([
      {
        url: 'https://docs.example.com/docs/installation#cli',
        title: 'Installation',
        path: '/installation',
        content: 'Install the CLI',
        origin: 'search',
      },
      {
        url: 'https://docs.example.com/docs/quickstart',
        title: 'quickstart',
        path: 'quickstart',
        content: 'Start here',
        origin: 'search',
      },
      {
        url: 'https://mintlify.com/blog',
        title: 'Blog',
        path: 'https://mintlify.com/blog',
        content: 'Elsewhere',
        origin: 'search',
      },
    ])
  })

  it('accepts the `{ results }` form and source parts (h: lines)', async () => {
    const stream = withSearchResults(capturedStream, {
      results: [{ content: 'x', path: '/quickstart', metadata: { title: 'Quickstart' } }],
    }).replace(
      /^(f:\{"messageId":"msg-F5u01klSR3MPW2vVPliqscF2"\})$/m,
      '$1\nh:{"sourceType":"url","id":"s1","url":"/quickstart","title":"Quickstart (source)"}\nh:{"sourceType":"url","id":"s2","url":"https://example.com/x"}',
    )
    const message = await messageFromStream(stream)
    const sources = getMessageSources(message, { docsBaseUrl })
    expect(sources.map((source) => [source.url, source.title, source.origin])).toEqual([
      ['https://docs.example.com/docs/quickstart', 'Quickstart (source)', 'source'],
      ['https://example.com/x', 'https://example.com/x', 'source'],
    ])
  })

  it('parses a suggestions block and removes it from the displayed text', async () => {
    const block =
      '\n\n```suggestions\n(Quickstart)[/quickstart]\n(Install the CLI)[/installation]\n```'
    const message = await messageFromStream(withTrailingText(capturedStream, block))
    expect(getMessageSuggestions(message, { docsBaseUrl })).toEqual([
      { text: 'Quickstart', path: '/quickstart', url: 'https://docs.example.com/docs/quickstart' },
      {
        text: 'Install the CLI',
        path: '/installation',
        url: 'https://docs.example.com/docs/installation',
      },
    ])
    const text = getMessageDisplayText(message)
    expect(text).not.toContain('suggestions')
    expect(text.endsWith('at support@mintlify.com.')).toBe(true)
  })
})

describe('suggestions while streaming', () => {
  it('hides a half-received block and keeps its complete lines', () => {
    const message = { content: 'Answer.\n\n```suggestions\n(Quickstart)[/quickstart]\n(Inst' }
    expect(getMessageDisplayText(message)).toBe('Answer.')
    expect(getMessageSuggestions(message)).toEqual([
      { text: 'Quickstart', path: '/quickstart', url: '/quickstart' },
    ])
  })

  it('keeps text after a closed block and tolerates markdown links', () => {
    const message = { content: 'A\n```suggestions\n- [Guide](/guide)\n```\nB' }
    expect(getMessageDisplayText(message)).toBe('A\n\nB')
    expect(getMessageSuggestions(message, { docsBaseUrl: 'https://d.io/' })[0]?.url).toBe(
      'https://d.io/guide',
    )
  })
})

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
