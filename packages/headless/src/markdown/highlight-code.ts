export type CodeTokenType =
  | 'plain'
  | 'keyword'
  | 'string'
  | 'comment'
  | 'number'
  | 'function'
  | 'punctuation'
  | 'operator'
  | 'property'
  | 'tag'
  | 'attr-name'
  | 'variable'

export interface CodeToken {
  type: CodeTokenType
  value: string
}

interface LanguageSpec {
  keywords: ReadonlySet<string>
  lineComments: readonly string[]
  blockComments: readonly (readonly [string, string])[]
  quotes: string
  /** Quotes whose strings may span lines (template literals, raw strings). */
  multilineQuotes?: string
  tripleQuotes?: boolean
  /** `key:` at the start of a line or before a colon reads as a property (JSON, YAML, CSS). */
  properties?: 'json' | 'yaml' | 'css'
  variables?: boolean
  markup?: boolean
}

const words = (list: string) => new Set(list.split(' '))

const JS_KEYWORDS =
  'as async await break case catch class const continue debugger default delete do else enum export extends false finally for from function get if implements import in instanceof interface let new null of private protected public readonly return satisfies set static super switch this throw true try type typeof undefined var void while with yield keyof declare namespace abstract'

const LANGUAGES: Record<string, LanguageSpec> = {
  js: {
    keywords: words(JS_KEYWORDS),
    lineComments: ['//'],
    blockComments: [['/*', '*/']],
    quotes: '\'"`',
    multilineQuotes: '`',
  },
  json: {
    keywords: words('true false null'),
    lineComments: ['//'],
    blockComments: [['/*', '*/']],
    quotes: '"',
    properties: 'json',
  },
  bash: {
    keywords: words(
      'if then else elif fi for while until do done case esac in function return export local readonly echo exit source alias unset set cd sudo npm npx pnpm yarn bun curl git',
    ),
    lineComments: ['#'],
    blockComments: [],
    quotes: '\'"',
    multilineQuotes: '\'"',
    variables: true,
  },
  python: {
    keywords: words(
      'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield self print',
    ),
    lineComments: ['#'],
    blockComments: [],
    quotes: '\'"',
    tripleQuotes: true,
  },
  html: {
    keywords: new Set(),
    lineComments: [],
    blockComments: [['<!--', '-->']],
    quotes: '\'"',
    markup: true,
  },
  css: {
    keywords: words('important inherit initial unset none auto'),
    lineComments: [],
    blockComments: [['/*', '*/']],
    quotes: '\'"',
    properties: 'css',
  },
  yaml: {
    keywords: words('true false null yes no on off'),
    lineComments: ['#'],
    blockComments: [],
    quotes: '\'"',
    properties: 'yaml',
  },
  go: {
    keywords: words(
      'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false iota string int int64 float64 bool error byte rune',
    ),
    lineComments: ['//'],
    blockComments: [['/*', '*/']],
    quotes: '\'"`',
    multilineQuotes: '`',
  },
  rust: {
    keywords: words(
      'as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while Some None Ok Err String Vec Option Result',
    ),
    lineComments: ['//'],
    blockComments: [['/*', '*/']],
    quotes: '"',
  },
  generic: {
    keywords: words(
      'if else for while return function class import export const let var def true false null nil new public private static void int string',
    ),
    lineComments: ['//', '#'],
    blockComments: [['/*', '*/']],
    quotes: '\'"`',
  },
}

const ALIASES: Record<string, string> = {
  javascript: 'js',
  mjs: 'js',
  cjs: 'js',
  jsx: 'js',
  ts: 'js',
  typescript: 'js',
  tsx: 'js',
  mts: 'js',
  jsonc: 'json',
  json5: 'json',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  terminal: 'bash',
  py: 'python',
  xml: 'html',
  svg: 'html',
  vue: 'html',
  svelte: 'html',
  scss: 'css',
  less: 'css',
  yml: 'yaml',
  golang: 'go',
  rs: 'rust',
}

/** The highlighter's language for a fence info string, or `null` for plain text. */
export function resolveCodeLanguage(language: string): string | null {
  const name = language.toLowerCase()
  if (!name || name === 'text' || name === 'txt' || name === 'plaintext') return null
  if (name in LANGUAGES) return name
  return ALIASES[name] ?? 'generic'
}

const NUMBER = /(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?)[a-zA-Z%]*/y
const IDENTIFIER = /[A-Za-z_$][\w$-]*/y
const IDENTIFIER_STRICT = /[A-Za-z_$][\w$]*/y
const TAG_OPEN = /^<\/?[A-Za-z!?][\w:-]*/
const OPERATORS = '=+-*/%!<>&|^~?:'

/**
 * Tokenises code for colouring with a small, regex-free-ish scanner. Not a parser: it aims for the
 * usual keyword/string/comment/number colours and never throws or fetches anything.
 */
export function highlightCode(code: string, language: string): CodeToken[] {
  const name = resolveCodeLanguage(language)
  if (!name) return [{ type: 'plain', value: code }]
  const spec = LANGUAGES[name]!
  const tokens: CodeToken[] = []
  const push = (type: CodeTokenType, value: string) => {
    if (!value) return
    const last = tokens[tokens.length - 1]
    if (last && last.type === type) last.value += value
    else tokens.push({ type, value })
  }
  const length = code.length
  let index = 0
  /** Pushes what the sticky `pattern` matches at `index` as one token, and moves past it. */
  const take = (type: CodeTokenType, pattern: RegExp): boolean => {
    pattern.lastIndex = index
    const match = pattern.exec(code)
    if (!match) return false
    push(type, match[0])
    index += match[0].length
    return true
  }
  let lineStart = true
  let inTag = false

  while (index < length) {
    const char = code[index]!

    if (char === '\n') {
      push('plain', char)
      index++
      lineStart = true
      continue
    }
    if (char === ' ' || char === '\t') {
      let end = index
      while (code[end] === ' ' || code[end] === '\t') end++
      push('plain', code.slice(index, end))
      index = end
      continue
    }
    const atLineStart = lineStart
    lineStart = false

    const block = spec.blockComments.find(([open]) => code.startsWith(open, index))
    if (block) {
      const close = code.indexOf(block[1], index + block[0].length)
      const end = close === -1 ? length : close + block[1].length
      push('comment', code.slice(index, end))
      index = end
      continue
    }
    if (
      spec.lineComments.some(
        (marker) =>
          code.startsWith(marker, index) &&
          (marker !== '#' || index === 0 || /\s/.test(code[index - 1]!)),
      )
    ) {
      const close = code.indexOf('\n', index)
      const end = close === -1 ? length : close
      push('comment', code.slice(index, end))
      index = end
      continue
    }

    if (spec.markup) {
      const tagMatch = !inTag && char === '<' ? TAG_OPEN.exec(code.slice(index, index + 64)) : null
      if (tagMatch) {
        const tag = tagMatch[0]
        push('punctuation', tag.startsWith('</') ? '</' : '<')
        push('tag', tag.replace(/^<\/?/, ''))
        index += tag.length
        inTag = true
        continue
      }
      if (inTag) {
        if (char === '>' || (char === '/' && code[index + 1] === '>')) {
          const value = char === '>' ? '>' : '/>'
          push('punctuation', value)
          index += value.length
          inTag = false
          continue
        }
        if (char === '"' || char === "'") {
          const close = code.indexOf(char, index + 1)
          const end = close === -1 ? length : close + 1
          push('string', code.slice(index, end))
          index = end
          continue
        }
        if (take('attr-name', IDENTIFIER)) continue
        push('punctuation', char)
        index++
        continue
      }
      push('plain', char)
      index++
      continue
    }

    if (spec.quotes.includes(char)) {
      const triple = spec.tripleQuotes && code.startsWith(char.repeat(3), index)
      const multiline = triple || spec.multilineQuotes?.includes(char)
      const open = triple ? 3 : 1
      let end = index + open
      while (end < length) {
        const current = code[end]
        if (current === '\\') {
          end += 2
          continue
        }
        if (!multiline && current === '\n') break
        if (triple ? code.startsWith(char.repeat(3), end) : current === char) {
          end += open
          break
        }
        end++
      }
      end = Math.min(end, length)
      const value = code.slice(index, end)
      const after = code.slice(end).match(/^[ \t]*:/)
      push(spec.properties === 'json' && after ? 'property' : 'string', value)
      index = end
      continue
    }

    if (spec.variables && char === '$') {
      if (take('variable', /\$(?:\{[^}\n]*\}|[A-Za-z_][\w]*|[0-9@#?*!$-])/y)) continue
    }

    if (/[0-9]/.test(char) && (index === 0 || !/[\w$]/.test(code[index - 1]!))) {
      if (take('number', NUMBER)) continue
    }

    if (spec.properties === 'css' && char === '#' && /[0-9a-fA-F]/.test(code[index + 1] ?? '')) {
      if (take('number', /#[0-9a-fA-F]{3,8}\b/y)) continue
    }

    const identifierPattern =
      spec.properties === 'css' || spec.properties === 'yaml' ? IDENTIFIER : IDENTIFIER_STRICT
    identifierPattern.lastIndex = index
    const identifier = identifierPattern.exec(code)
    if (identifier) {
      const word = identifier[0]
      const rest = code.slice(index + word.length, index + word.length + 40)
      let type: CodeTokenType = 'plain'
      if (spec.properties === 'yaml' && atLineStart && /^[ \t]*:(?:\s|$)/.test(rest))
        type = 'property'
      else if (
        spec.properties === 'css' &&
        /^[ \t]*:[^:]/.test(rest) &&
        !/^[ \t]*:[\w-]+[ \t]*[{,]/.test(rest)
      )
        type = 'property'
      else if (spec.keywords.has(word)) type = 'keyword'
      else if (/^[ \t]*\(/.test(rest)) type = 'function'
      push(type, word)
      index += word.length
      continue
    }

    if (spec.properties === 'yaml' && char === '-' && atLineStart) {
      push('punctuation', char)
      index++
      lineStart = true
      continue
    }

    push(OPERATORS.includes(char) ? 'operator' : 'punctuation', char)
    index++
  }
  return tokens
}
