import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { hostileAttachmentUrls, hostileUrls, unsafeHrefReason } from './test/hostile-urls'
import { resolveDocsUrl, toSafeAttachmentUrl, toSafeUrl } from './url-policy'

const bases = [
  undefined,
  'https://docs.example.com',
  'https://docs.example.com/docs',
  'https://docs.example.com/docs/',
  '/docs',
]

describe('toSafeUrl against hostile URLs', () => {
  it('has at least 100 distinct forms', () => {
    expect(new Set(hostileUrls).size).toBe(hostileUrls.length)
    expect(hostileUrls.length).toBeGreaterThanOrEqual(100)
  })

  it.each(hostileUrls.map((raw) => [JSON.stringify(raw), raw]))('refuses %s', (_name, raw) => {
    for (const docsBaseUrl of bases) {
      expect(toSafeUrl(raw, { docsBaseUrl }), `with docsBaseUrl ${docsBaseUrl}`).toBeNull()
      expect(resolveDocsUrl(raw, docsBaseUrl)).toBeNull()
    }
  })

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 5, {}, ['javascript:x'], { toString: () => '/x' }]) {
      expect(toSafeUrl(value)).toBeNull()
    }
  })

  it('refuses URLs longer than 4096 characters', () => {
    expect(toSafeUrl(`/${'a'.repeat(4096)}`)).toBeNull()
    expect(toSafeUrl(`/${'a'.repeat(4000)}`)).not.toBeNull()
  })

  it('the shared href check catches what it should (so layer tests cannot pass vacuously)', () => {
    for (const raw of hostileUrls.filter((url) =>
      /^(javascript|data|vbscript):|^\/\//i.test(url),
    )) {
      expect(unsafeHrefReason(raw), raw).not.toBeNull()
    }
    for (const href of [
      '/quickstart',
      'guides/auth',
      '#top',
      'https://a.example/x',
      'mailto:a@b.c',
    ]) {
      expect(unsafeHrefReason(href), href).toBeNull()
    }
  })
})

describe('toSafeUrl resolution', () => {
  it('keeps the base path for docs paths, with or without a trailing slash', () => {
    for (const base of ['https://x.com/docs', 'https://x.com/docs/', 'https://x.com/docs/?v=1#h']) {
      expect(resolveDocsUrl('/quickstart', base)).toBe('https://x.com/docs/quickstart')
      expect(resolveDocsUrl('quickstart#install', base)).toBe(
        'https://x.com/docs/quickstart#install',
      )
      expect(resolveDocsUrl('/guides/auth?tab=2', base)).toBe(
        'https://x.com/docs/guides/auth?tab=2',
      )
    }
    expect(resolveDocsUrl('/quickstart', 'https://x.com')).toBe('https://x.com/quickstart')
  })

  it('reads a fragment or query against the base page itself', () => {
    expect(resolveDocsUrl('#top', 'https://x.com/docs')).toBe('https://x.com/docs#top')
    expect(resolveDocsUrl('?q=1', 'https://x.com/docs')).toBe('https://x.com/docs?q=1')
  })

  it('keeps relative URLs relative without a base', () => {
    expect(toSafeUrl('/quickstart')).toEqual({ href: '/quickstart', external: false })
    expect(toSafeUrl('guides/auth#x')).toEqual({ href: 'guides/auth#x', external: false })
    expect(toSafeUrl('#top')).toEqual({ href: '#top', external: false })
    // Browsers read `\` as `/`: handed back the way they will read it.
    expect(toSafeUrl('/guides\\auth')).toEqual({ href: '/guides/auth', external: false })
  })

  it('never writes a path that a browser would read as another host', () => {
    for (const raw of ['..//evil.example', '/..//evil.example/x', 'a/../..//evil.example']) {
      expect(resolveDocsUrl(raw, '/docs'), raw).toBeNull()
      for (const docsBaseUrl of [undefined, 'https://x.com/docs']) {
        const safe = toSafeUrl(raw, { docsBaseUrl })
        expect(unsafeHrefReason(safe?.href), raw).toBeNull()
        expect(new URL(safe?.href ?? '/', 'https://page.invalid/a/b').host).not.toBe('evil.example')
      }
    }
  })

  it('writes paths under a path base', () => {
    expect(resolveDocsUrl('/quickstart', '/docs')).toBe('/docs/quickstart')
    expect(resolveDocsUrl('#top', '/docs')).toBe('/docs#top')
    expect(toSafeUrl('https://x.com/a', { docsBaseUrl: '/docs' })).toEqual({
      href: 'https://x.com/a',
      external: true,
    })
  })

  it('marks http(s) links to other origins external; mailto is allowed', () => {
    const docsBaseUrl = 'https://docs.example.com/docs'
    expect(toSafeUrl('https://other.example/a?b#c', { docsBaseUrl })).toEqual({
      href: 'https://other.example/a?b#c',
      external: true,
    })
    expect(toSafeUrl('HTTPS://docs.example.com/docs/x', { docsBaseUrl })).toEqual({
      href: 'https://docs.example.com/docs/x',
      external: false,
    })
    expect(toSafeUrl('http://docs.example.com/x', { docsBaseUrl })?.external).toBe(true)
    expect(toSafeUrl('https://a.example')).toEqual({ href: 'https://a.example/', external: true })
    expect(toSafeUrl('mailto:hi@example.com', { docsBaseUrl })).toEqual({
      href: 'mailto:hi@example.com',
      external: false,
    })
  })

  it('reads entities and stray whitespace the way a browser does, on safe URLs too', () => {
    expect(resolveDocsUrl(' /quick&#115;tart\n', 'https://x.com')).toBe('https://x.com/quickstart')
    expect(toSafeUrl('https&colon;//a.example/p&amp;q')?.href).toBe('https://a.example/p&q')
    expect(toSafeUrl('ht\ttps://a.example')?.href).toBe('https://a.example/')
  })

  it('ignores a docsBaseUrl that is not http(s) or a path', () => {
    for (const docsBaseUrl of ['javascript:alert(1)//', '//evil.example', 'not a url', 'ftp://x']) {
      expect(toSafeUrl('/x', { docsBaseUrl })).toEqual({ href: '/x', external: false })
    }
  })

  it('keeps resolved docs paths on the docs origin', () => {
    expect(resolveDocsUrl('../../../etc', 'https://x.com/docs')).toBe('https://x.com/etc')
    expect(resolveDocsUrl('/\\evil.example', 'https://x.com/docs')).toBeNull()
  })
})

describe('toSafeAttachmentUrl (attached files)', () => {
  it.each([...hostileUrls, ...hostileAttachmentUrls].map((raw) => [JSON.stringify(raw), raw]))(
    'refuses %s',
    (_name, raw) => {
      expect(toSafeAttachmentUrl(raw)).toBeNull()
    },
  )

  it('allows base64 data of the attachment types, uploads and paths, exactly as written', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf']) {
      const url = `data:${type};base64,iVBORw0KGgo=`
      expect(toSafeAttachmentUrl(url)).toBe(url)
    }
    expect(toSafeAttachmentUrl('https://cdn.example.com/a.png')).toBe(
      'https://cdn.example.com/a.png',
    )
    expect(toSafeAttachmentUrl('/uploads/a.pdf')).toBe('/uploads/a.pdf')
    expect(toSafeAttachmentUrl('data:image/png;base64,' + 'A'.repeat(7_200_000))).toBeNull()
  })
})

describe('the URL policy does bounded work on hostile lengths (issue 20, finding 3)', () => {
  // Runs inside a URL that do not reach its end: the old `[\0-\x20]+$` trim retried from every
  // position of such a run (0.4 s at 30,000 characters, 5 s at 100,000).
  const runs: Array<[string, (n: number) => string]> = [
    ['spaces', (n) => `https://a.example/${' '.repeat(n)}x`],
    ['control characters', (n) => `https://a.example/${'\u0001'.repeat(n)}x`],
    ['tabs and newlines', (n) => `/docs${'\t\n'.repeat(n / 2)}x`],
    ['a relative path of spaces', (n) => `${' '.repeat(n)}x${' '.repeat(n)}`],
    ['entities', (n) => `java${'&#x09;'.repeat(n / 6)}script:x`],
    ['backslashes', (n) => `${'\\'.repeat(n)}x`],
  ]

  it.each(runs)('toSafeUrl is linear on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (raw) =>
      toSafeUrl(raw, { docsBaseUrl: 'https://docs.example.com' }),
    )
  })

  it.each(runs)('resolveDocsUrl and toSafeAttachmentUrl are linear on %s', (_name, makeInput) => {
    expectLinearTime(makeInput, (raw) => resolveDocsUrl(raw, '/docs'))
    expectLinearTime(makeInput, (raw) => toSafeAttachmentUrl(raw))
  })

  it('toSafeAttachmentUrl is linear on long data URLs, valid or not', () => {
    expectLinearTime(
      (n) => `data:image/png;base64,${'A'.repeat(n)}`,
      (raw) => toSafeAttachmentUrl(raw),
    )
    expectLinearTime(
      (n) => `data:image/png;base64,${'A'.repeat(n)}!`,
      (raw) => toSafeAttachmentUrl(raw),
    )
  })

  it('refuses a URL past the cap as written, before decoding it', () => {
    // 4,097 characters that would decode to a short, safe path: refused all the same.
    const padded = `/a${'&#x20;'.repeat(700)}`
    expect(padded.length).toBeGreaterThan(4096)
    expect(toSafeUrl(padded)).toBeNull()
    expect(toSafeUrl(`https://a.example/${' '.repeat(100_000)}x`)).toBeNull()
    expect(toSafeUrl(`https://a.example/${' '.repeat(100)}x`)?.href).toBe(
      `https://a.example/${'%20'.repeat(100)}x`,
    )
  })
})
