import { describeWithShared } from '@docchat/test-utils/shared-dir'
import { getMessageSources } from './message-sources'
import { getMessageDisplayText, getMessageSuggestions } from './message-suggestions'
import { isMessageNotFound } from './message-not-found'
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
