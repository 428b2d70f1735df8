import { describe, expect, it } from 'vitest'
import { hostileUrls } from '../../../core/src/test/hostile-urls'
import { toSafeHref } from './safe-url'

const base = { docsBaseUrl: 'https://docs.example.com' }

describe('toSafeHref', () => {
  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'java\u0000script:alert(1)',
    'jav&#x61;script:alert(1)',
    'jav&#97;script:alert(1)',
    'javascript&colon;alert(1)',
    '&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)',
    'data:text/html,hi',
    'vbscript:msgbox',
    'file:///etc/passwd',
    'blob:https://x/1',
    '//evil.example',
    '\\\\\\\\evil.example',
    '&#92;&#92;evil.example',
    '/\\evil.example',
    '\t//evil.example',
    'ftp://files.example',
    '',
    '   ',
  ])('refuses %j', (raw) => {
    expect(toSafeHref(raw, base)).toBeNull()
    expect(toSafeHref(raw)).toBeNull()
  })

  // A markdown destination escapes its backslashes; unescaped, `\\x` is the path `\x`.
  it.each(hostileUrls.map((raw) => [JSON.stringify(raw), raw.replace(/\\/g, '\\\\')]))(
    'refuses shared form %s',
    (_, destination) => {
      expect(toSafeHref(destination, base)).toBeNull()
      expect(toSafeHref(destination)).toBeNull()
    },
  )

  it('allows http(s), mailto and relative targets', () => {
    expect(toSafeHref('https://a.example/x?y=1#z', base)).toEqual({
      href: 'https://a.example/x?y=1#z',
      external: true,
    })
    expect(toSafeHref('https://docs.example.com/p', base)).toEqual({
      href: 'https://docs.example.com/p',
      external: false,
    })
    expect(toSafeHref('mailto:a@b.c')).toEqual({ href: 'mailto:a@b.c', external: false })
    expect(toSafeHref('/guide', base)).toEqual({
      href: 'https://docs.example.com/guide',
      external: false,
    })
    expect(toSafeHref('/guide')).toEqual({ href: '/guide', external: false })
    expect(toSafeHref('#anchor')).toEqual({ href: '#anchor', external: false })
  })

  it('reads a markdown-escaped backslash as a path, like browsers do', () => {
    expect(toSafeHref('\\\\evil.example')).toEqual({ href: '/evil.example', external: false })
  })

  it('ignores a docsBaseUrl that is not http(s)', () => {
    expect(toSafeHref('/x', { docsBaseUrl: 'javascript:alert(1)//' })).toEqual({
      href: '/x',
      external: false,
    })
  })
})
