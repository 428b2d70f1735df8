import { render } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Markdown } from './markdown'

const HOSTILE_INPUTS: Array<[name: string, markdown: string]> = [
  ['script tag', '<script>window.__pwned = true</script>'],
  ['script tag in a paragraph', 'Hello <script>window.__pwned = true</script> world'],
  ['event handler attribute', '<div onclick="window.__pwned = true">click</div>'],
  ['img onerror', '<img src=x onerror="window.__pwned = true">'],
  ['markdown image with js', '![x](javascript:window.__pwned=true)'],
  ['markdown image remote', '![tracker](https://evil.example/pixel.gif)'],
  ['svg onload', '<svg onload="window.__pwned = true"><circle r="1"/></svg>'],
  ['iframe', '<iframe src="javascript:window.__pwned = true"></iframe>'],
  ['iframe srcdoc', '<iframe srcdoc="<script>window.__pwned = true</script>"></iframe>'],
  ['nested html', '<div><p><b onmouseover="x()"><a href="javascript:x()">a</a></b></p></div>'],
  ['html comment', '<!-- <script>window.__pwned = true</script> --> visible'],
  ['style tag', '<style>body { display: none }</style>'],
  ['object/embed', '<object data="javascript:x()"></object><embed src="javascript:x()">'],
  ['form/input', '<form action="javascript:x()"><input autofocus onfocus="x()"></form>'],
  ['javascript link', '[click](javascript:window.__pwned=true)'],
  ['JavaScript mixed case', '[click](JaVaScRiPt:window.__pwned=true)'],
  ['javascript with entity', '[click](jav&#x61;script:window.__pwned=true)'],
  ['javascript with decimal entity', '[click](&#106;avascript:alert(1))'],
  ['javascript with named colon', '[click](javascript&colon;alert(1))'],
  ['javascript with tab', '[click](java\tscript:alert(1))'],
  ['javascript with encoded tab', '[click](java&Tab;script:alert(1))'],
  ['javascript with newline entity', '[click](java&NewLine;script:alert(1))'],
  ['javascript with leading control char', '[click](\u0001javascript:alert(1))'],
  ['javascript with zero-width space', '[click](java\u200bscript:alert(1))'],
  ['javascript with escaped char', '[click](javascript\\:alert(1))'],
  ['javascript in angle brackets', '[click](<javascript:alert(1)>)'],
  ['javascript autolink', '<javascript:alert(1)>'],
  ['double-encoded entity', '[click](jav&amp;#x61;script:alert(1))'],
  ['data link', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
  ['data autolink', '<data:text/html,<script>alert(1)</script>>'],
  ['vbscript link', '[click](vbscript:msgbox(1))'],
  ['file link', '[click](file:///etc/passwd)'],
  ['protocol-relative link', '[click](//evil.example/x)'],
  ['backslash protocol-relative', '[click](\\\\evil.example/x)'],
  ['slash-backslash', '[click](/\\evil.example/x)'],
  ['link title injection', '[a](https://ok.example "x\\" onmouseover=\\"alert(1)")'],
  ['html inside link text', '[<img src=x onerror=alert(1)>](https://ok.example)'],
  ['html inside code span', '`<script>alert(1)</script>`'],
  ['html inside table', '| a |\n|---|\n| <script>alert(1)</script> |'],
  ['html in heading', '# <img src=x onerror=alert(1)>'],
  ['unclosed fence with html', '```html\n<script>alert(1)</script>\n<img src=x onerror=alert(1)>'],
  ['fence language injection', '```" onload="alert(1)\ncode\n```'],
  ['reference-style link', '[a][1]\n\n[1]: javascript:alert(1)'],
  ['deeply nested quotes', `${'>'.repeat(500)} deep`],
  ['deeply nested emphasis', `${'*'.repeat(2000)}a${'*'.repeat(2000)}`],
  ['many brackets', '['.repeat(5000)],
]

function assertInert(container: HTMLElement) {
  for (const tag of [
    'script',
    'iframe',
    'img',
    'svg',
    'object',
    'embed',
    'style',
    'form',
    'input',
    'link',
    'meta',
    'base',
  ]) {
    expect(container.querySelector(tag), `<${tag}> must not be created`).toBeNull()
  }
  for (const element of Array.from(container.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      expect(attribute.name.startsWith('on'), `${attribute.name} on <${element.tagName}>`).toBe(
        false,
      )
      expect(attribute.name).not.toBe('srcdoc')
    }
  }
  for (const anchor of Array.from(container.querySelectorAll('a'))) {
    const href = anchor.getAttribute('href') ?? ''
    expect(href, 'links are http(s), mailto or relative').toMatch(
      /^(https?:\/\/|mailto:|\/(?![/\\])|#|\?|[\w.-]+(?:\/|$))/i,
    )
    expect(href.toLowerCase()).not.toMatch(/^\s*(javascript|data|vbscript|file):/)
  }
}

describe('Markdown against hostile input', () => {
  it.each(HOSTILE_INPUTS)('%s: nothing executed or injected', (_name, markdown) => {
    const pwned = vi.fn()
    ;(window as unknown as { __pwned?: unknown }).__pwned = undefined
    ;(window as unknown as { x: () => void }).x = pwned
    ;(window as unknown as { alert: () => void }).alert = pwned
    const { container } = render(
      <Markdown content={markdown} docsBaseUrl="https://docs.example.com" />,
    )
    assertInert(container)
    expect((window as unknown as { __pwned?: unknown }).__pwned).toBeUndefined()
    expect(pwned).not.toHaveBeenCalled()
  })

  it.each(HOSTILE_INPUTS)('%s: inert while streaming, at every prefix', (_name, markdown) => {
    const { container, rerender } = render(<Markdown content="" streaming />)
    const step = Math.max(1, Math.floor(markdown.length / 40))
    for (let end = 0; end <= markdown.length; end += step) {
      rerender(<Markdown content={markdown.slice(0, end)} streaming />)
      assertInert(container)
    }
  })

  it('renders raw HTML as visible text', () => {
    const { container } = render(<Markdown content={'Hi <b onclick="x()">there</b>'} />)
    expect(container.textContent).toContain('<b onclick="x()">there</b>')
    expect(container.querySelector('b')).toBeNull()
  })

  it('turns disallowed links into inert spans that keep their text', () => {
    const { container } = render(<Markdown content="[click me](javascript:alert(1))" />)
    expect(container.querySelector('a')).toBeNull()
    const inert = container.querySelector('[data-inert-link]')
    expect(inert?.tagName).toBe('SPAN')
    expect(inert?.textContent).toBe('click me')
  })

  it('never uses dangerouslySetInnerHTML in the package sources', async () => {
    const { readdir, readFile } = await import('node:fs/promises')
    const { join } = await import('node:path')
    const root = join(__dirname, '..')
    const files: string[] = []
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) await walk(path)
        else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')) files.push(path)
      }
    }
    await walk(root)
    for (const file of files) {
      const source = await readFile(file, 'utf8')
      expect(source, file).not.toMatch(
        /dangerouslySetInnerHTML|innerHTML\s*=|outerHTML\s*=|insertAdjacentHTML/,
      )
    }
  })
})

describe('Markdown links', () => {
  it('opens external links in a new tab without opener and resolves docs links', () => {
    const { container } = render(
      <Markdown
        docsBaseUrl="https://docs.example.com/docs"
        content={
          '[ext](https://other.example/a) [doc](/quickstart#install) [rel](guides/auth) [mail](mailto:hi@example.com) [anchor](#top)'
        }
      />,
    )
    const links = Array.from(container.querySelectorAll('a'))
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://other.example/a',
      // The base path is kept, as in the sources list (core's URL policy).
      'https://docs.example.com/docs/quickstart#install',
      'https://docs.example.com/docs/guides/auth',
      'mailto:hi@example.com',
      'https://docs.example.com/docs#top',
    ])
    expect(links[0]).toHaveAttribute('target', '_blank')
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer')
    expect(links[1]).not.toHaveAttribute('target')
    expect(links[3]).not.toHaveAttribute('target')
  })

  it('keeps relative links relative without a docsBaseUrl', () => {
    const { container } = render(<Markdown content="[doc](/quickstart) [x](https://a.example)" />)
    const [doc, external] = Array.from(container.querySelectorAll('a'))
    expect(doc).toHaveAttribute('href', '/quickstart')
    expect(doc).not.toHaveAttribute('target')
    expect(external).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('renders images as links, never as <img>', () => {
    const { container } = render(<Markdown content="![diagram](https://cdn.example/d.png)" />)
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('a')).toHaveTextContent('diagram')
  })
})

describe('relative links without docsBaseUrl', () => {
  it('warns once per page, with the link cut short, and never with docsBaseUrl set', async () => {
    vi.resetModules()
    const { Markdown: Fresh } = await import('./markdown')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      render(<Fresh content="See [1](https://docs.example.com/a) and [2](//evil.example/b)." />)
      render(<Fresh content="See [1](/quickstart)." docsBaseUrl="https://docs.example.com" />)
      expect(warn).not.toHaveBeenCalled()
      render(<Fresh content={`See [1](/${'a'.repeat(100_000)}) and [2](/b).`} />)
      render(<Fresh content="See [3](/c)." />)
      expect(warn).toHaveBeenCalledTimes(1)
      const message = String(warn.mock.calls[0]![0])
      expect(message).toContain('docsBaseUrl')
      expect(message.length).toBeLessThan(400)
    } finally {
      warn.mockRestore()
    }
  })
})
