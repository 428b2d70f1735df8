import { describe, expect, it } from 'vitest'
import { highlightCode, resolveCodeLanguage } from './highlight-code'

function types(code: string, language: string) {
  return highlightCode(code, language)
    .filter((token) => token.type !== 'plain')
    .map((token) => `${token.type}:${token.value}`)
}

describe('highlightCode', () => {
  it('colours JS/TS keywords, strings, comments, numbers and calls', () => {
    expect(types('const a = "x" // note\nlet b = 0x1F; run(`t`)', 'tsx')).toEqual([
      'keyword:const',
      'operator:=',
      'string:"x"',
      'comment:// note',
      'keyword:let',
      'operator:=',
      'number:0x1F',
      'punctuation:;',
      'function:run',
      'punctuation:(',
      'string:`t`',
      'punctuation:)',
    ])
  })

  it('handles python, bash, json, yaml, css, html, go and rust', () => {
    expect(types('def f():\n    """doc"""\n    return None # c', 'py')).toEqual(
      expect.arrayContaining(['keyword:def', 'string:"""doc"""', 'keyword:None', 'comment:# c']),
    )
    expect(types('npm install $PKG # go', 'bash')).toEqual(
      expect.arrayContaining(['keyword:npm', 'variable:$PKG', 'comment:# go']),
    )
    expect(types('{ "key": true, "n": 1.5 }', 'json')).toEqual(
      expect.arrayContaining(['property:"key"', 'keyword:true', 'number:1.5']),
    )
    expect(types('name: docchat\n# c\nenabled: yes', 'yml')).toEqual(
      expect.arrayContaining(['property:name', 'comment:# c', 'property:enabled', 'keyword:yes']),
    )
    expect(types('a { color: #fff; margin: 4px }', 'css')).toEqual(
      expect.arrayContaining(['property:color', 'number:#fff', 'number:4px']),
    )
    expect(types('<a href="/x">hi</a><!-- c -->', 'html')).toEqual(
      expect.arrayContaining(['tag:a', 'attr-name:href', 'string:"/x"', 'comment:<!-- c -->']),
    )
    expect(types('func main() { return nil }', 'go')).toEqual(
      expect.arrayContaining(['keyword:func', 'function:main', 'keyword:nil']),
    )
    expect(types('fn main() { let mut x = 1; }', 'rust')).toEqual(
      expect.arrayContaining(['keyword:fn', 'keyword:let', 'keyword:mut', 'number:1']),
    )
  })

  it('keeps all text, handles unterminated strings/comments, and plain text', () => {
    for (const [code, language] of [
      ['"unterminated', 'js'],
      ['/* open comment', 'ts'],
      ['<div class="x', 'html'],
      ['</ >', 'html'],
      ['x'.repeat(1000), 'unknown-lang'],
    ] as const) {
      expect(
        highlightCode(code, language)
          .map((token) => token.value)
          .join(''),
      ).toBe(code)
    }
    expect(highlightCode('plain <b>', 'text')).toEqual([{ type: 'plain', value: 'plain <b>' }])
    expect(resolveCodeLanguage('')).toBeNull()
    expect(resolveCodeLanguage('TypeScript')).toBe('js')
  })
})
