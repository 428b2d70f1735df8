import { DOCS_LIMITS } from '@docchat/core'
import { afterEach, describe, expect, it } from 'vitest'
import {
  maxDeepLinkHrefChars,
  mayHaveDeepLink,
  readDeepLink,
  resolveDeepLinks,
  shareLink,
  takeDeepLink,
  withoutDeepLink,
} from './deep-links'

const config = resolveDeepLinks(true)!

describe('deep links', () => {
  afterEach(() => history.replaceState(null, '', '/'))

  it('reads ?assistant= as a question and #docchat-search= as a query', () => {
    expect(
      readDeepLink(config, 'https://docs.acme.com/guide?assistant=How%20do%20I%20deploy%3F'),
    ).toEqual({
      view: 'assistant',
      question: 'How do I deploy?',
    })
    expect(readDeepLink(config, 'https://docs.acme.com/guide#docchat-search=rate+limits')).toEqual({
      view: 'search',
      query: 'rate limits',
    })
    expect(readDeepLink(config, 'https://docs.acme.com/guide?q=x#intro')).toBeUndefined()
    expect(readDeepLink(config, 'https://docs.acme.com/guide?assistant=%20%20')).toBeUndefined()
  })

  it("looks cheaply whether there may be a link (the drop-in's first file)", () => {
    expect(mayHaveDeepLink(config, 'https://a.example/guide?ref=mail&assistant=How%3F')).toBe(true)
    expect(mayHaveDeepLink(config, 'https://a.example/guide?x=1#docchat-search=limits')).toBe(true)
    expect(mayHaveDeepLink(config, 'https://a.example/guide#a=1&docchat-search=b')).toBe(true)
    // Blank values, other keys, search turned off, deep links turned off: nothing to load for.
    expect(mayHaveDeepLink(config, 'https://a.example/guide?assistant=%20%20')).toBe(false)
    expect(mayHaveDeepLink(config, 'https://a.example/guide?utm_source=x#intro')).toBe(false)
    expect(mayHaveDeepLink(config, 'https://a.example/#docchat-search=b', false)).toBe(false)
    expect(mayHaveDeepLink(resolveDeepLinks(false), 'https://a.example/?assistant=x')).toBe(false)
    const custom = resolveDeepLinks({ assistantParam: 'ask' })
    expect(mayHaveDeepLink(custom, 'https://a.example/?assistant=x')).toBe(false)
    expect(mayHaveDeepLink(custom, 'https://a.example/?ask=x')).toBe(true)
  })

  it('renames the parameter and hash key, and turns off with false', () => {
    const custom = resolveDeepLinks({ assistantParam: 'ask', searchHash: 'find' })!
    expect(custom).toEqual({ assistantParam: 'ask', searchHash: 'find' })
    expect(readDeepLink(custom, 'https://a.example/?assistant=no')).toBeUndefined()
    expect(readDeepLink(custom, 'https://a.example/?ask=yes')).toEqual({
      view: 'assistant',
      question: 'yes',
    })
    expect(readDeepLink(custom, 'https://a.example/#find=it')).toEqual({
      view: 'search',
      query: 'it',
    })
    expect(resolveDeepLinks(false)).toBeUndefined()
    expect(resolveDeepLinks(undefined)).toEqual(config)
  })

  it('keeps a question plain text: control characters collapse, length is capped', () => {
    const hostile = encodeURIComponent('<img src=x onerror=alert(1)>\n\u202Eignore\u0000 me')
    expect(readDeepLink(config, `https://a.example/?assistant=${hostile}`)).toEqual({
      view: 'assistant',
      question: '<img src=x onerror=alert(1)> ignore me',
    })
    const long = 'a'.repeat(DOCS_LIMITS.questionChars + 50)
    const link = readDeepLink(config, `https://a.example/?assistant=${long}`)
    expect(link?.view === 'assistant' && link.question.length).toBe(DOCS_LIMITS.questionChars)
    const query = readDeepLink(config, `https://a.example/#docchat-search=${long}`)
    expect(query?.view === 'search' && query.query.length).toBe(DOCS_LIMITS.queryChars)
  })

  it('removes only its own parameter and hash key', () => {
    expect(withoutDeepLink(config, 'https://a.example/p?x=1&assistant=hi&y=2#top')).toBe(
      'https://a.example/p?x=1&y=2#top',
    )
    expect(withoutDeepLink(config, 'https://a.example/p#docchat-search=hi')).toBe(
      'https://a.example/p',
    )
    expect(withoutDeepLink(config, 'https://a.example/p?x=1#docchat-search=hi&tab=2')).toBe(
      'https://a.example/p?x=1#tab=2',
    )
  })

  it('takes the link out of the address bar once, with replaceState', () => {
    history.replaceState(null, '', '/guide?v=2&assistant=What%20is%20DocChat%3F')
    const entries = history.length
    expect(takeDeepLink(config)).toEqual({ view: 'assistant', question: 'What is DocChat?' })
    expect(location.pathname + location.search).toBe('/guide?v=2')
    expect(history.length).toBe(entries)
    expect(takeDeepLink(config)).toBeUndefined()
    expect(takeDeepLink(undefined)).toBeUndefined()
  })

  it('builds a share link on the current page, replacing an older question and the hash', () => {
    expect(
      shareLink(config, 'How do I\ndeploy?', 'https://a.example/p?v=2&assistant=old#top'),
    ).toBe('https://a.example/p?v=2&assistant=How+do+I+deploy%3F')
    const link = shareLink(config, 'Rate limits?', 'https://a.example/p')
    expect(readDeepLink(config, link)).toEqual({ view: 'assistant', question: 'Rate limits?' })
  })
})

// Issue 20: the page URL is input like any other; its length is checked before it is parsed.
describe('deep links from hostile addresses', () => {
  it('reads no link from an address past the bound, and never parses it', () => {
    // A question at the API's limit, percent-encoded, is still read.
    expect(maxDeepLinkHrefChars).toBeGreaterThan(9 * DOCS_LIMITS.questionChars + 100)
    const huge = `https://docs.acme.com/guide?assistant=${'a'.repeat(2_000_000)}`
    expect(readDeepLink(config, huge)).toBeUndefined()
    expect(mayHaveDeepLink(config, huge)).toBe(false)
    const hash = `https://docs.acme.com/guide#docchat-search=${'x'.repeat(2_000_000)}`
    expect(readDeepLink(config, hash)).toBeUndefined()
  })

  it('a question of 100k characters is cut to the API’s limit; markup and control runs are text', () => {
    const question = `${'\u202e\n\t'.repeat(1_000)}<script>alert(1)</script>${'q'.repeat(100_000)}`
    const link = readDeepLink(
      config,
      `https://docs.acme.com/?assistant=${encodeURIComponent(question)}`,
    )
    expect(link?.view).toBe('assistant')
    const text = link?.view === 'assistant' ? link.question : ''
    expect(text.length).toBeLessThanOrEqual(DOCS_LIMITS.questionChars)
    // Nothing but plain characters: the bidi override, newlines and tabs collapsed away.
    expect(text).not.toMatch(/[\u202e\n\t]/)
  })
})
