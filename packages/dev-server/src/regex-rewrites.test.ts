/**
 * The scans that replaced backtracking regexes (issue 20, the regex lint) give exactly what the
 * regexes gave. Each old regex is kept here, where it only ever sees test data, and compared with
 * its replacement on thousands of random strings over the characters that matter to it (seeded,
 * so a failure replays) and on real docs text.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { seededRandom } from '@docchat/test-utils/streams'
import { describe, expect, it } from 'vitest'
import {
  blocks,
  splitParagraphs,
  withoutHeadingLines,
  withoutListMarkers,
  withoutSuggestionBlocks,
  withoutTags,
  wordTokens,
} from './assistant/text'
import { withoutFailMarkers } from './admin/agent-jobs'
import { apiNames, looksLikeCodeQuestion } from './assistant/compose-answer'
import { bearerToken } from './auth'
import { looseYamlScalar, splitFrontmatter } from './docs/frontmatter'
import {
  atxHeading,
  customAnchor,
  fenceOpening,
  importStatement,
  withoutBraced,
} from './docs/mdx-to-text'
import { normalisePagePath } from './docs/navigation'
import { identifierParts } from './search/search-terms'
import { acronymDefinitions } from './search/synonyms'
import { fixtureFiles } from './test/fixture-docs'
import { cutQueryAndFragment, isWhitespace, trimLeading, trimTrailing } from './text-scan'

/** `count` strings of up to `maxLength` pieces drawn from `alphabet` (characters or words). */
function strings(alphabet: readonly string[], count = 4_000, maxLength = 24, seed = 20): string[] {
  const next = seededRandom(seed)
  return Array.from({ length: count }, () => {
    const length = Math.floor(next() * (maxLength + 1))
    let text = ''
    for (let i = 0; i < length; i++) text += alphabet[Math.floor(next() * alphabet.length)]
    return text
  })
}

const here = dirname(fileURLToPath(import.meta.url))

/** The kit's own docs (apps/docs) and the fixture docs: real Markdown and MDX. */
function realDocs(): string[] {
  const texts = Object.values(fixtureFiles)
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.mdx?$/.test(name)) texts.push(readFileSync(path, 'utf8'))
    }
  }
  walk(resolve(here, '../../../apps/docs'))
  return texts
}
const docs = realDocs()

/** Compares `now` with `before` on every input; the first difference fails with its input. */
function expectSame<T>(
  inputs: readonly string[],
  before: (text: string) => T,
  now: (text: string) => T,
) {
  expect(inputs.length).toBeGreaterThan(0)
  for (const input of inputs) expect(now(input), JSON.stringify(input)).toEqual(before(input))
}

const terminators = ['\n', '\r', '\u2028', '\u2029']
const blanks = [' ', '\t', '\u00a0', '\ufeff', '\u3000', '\v']

describe('assistant text helpers', () => {
  it('splitBlocks finds the fences the fence regex found', () => {
    const before = (markdown: string) => {
      const out: { kind: string; text: string; language?: string }[] = []
      const fence = /^(```+|~~~+)([^\n]*)\n([\s\S]*?)\n\1[ \t]*$/gm
      let last = 0
      for (const match of markdown.matchAll(fence)) {
        const index = match.index ?? 0
        if (index > last) out.push({ kind: 'prose', text: markdown.slice(last, index) })
        const info = (match[2] ?? '').trim()
        out.push({
          kind: 'code',
          text: match[3] ?? '',
          language: info.split(/\s+/)[0] || undefined,
        })
        last = index + match[0].length
      }
      if (last < markdown.length) out.push({ kind: 'prose', text: markdown.slice(last) })
      return out
    }
    const alphabet = [
      '`',
      '```',
      '````',
      '~',
      '~~~',
      '~~~~',
      '\n',
      '\n',
      ' ',
      '\t',
      'a',
      'js',
      '\r',
      '\u2028',
    ]
    expectSame([...strings(alphabet, 20_000, 16), ...docs], before, (text) => blocks(text))
  })

  it('splitParagraphs splits where the paragraph regex split', () => {
    const alphabet = [
      '\n',
      '\n\n',
      ' ',
      '\t',
      '-',
      '*',
      '+',
      '1',
      '12.',
      '.',
      'a',
      ...terminators,
      ...blanks,
    ]
    expectSame(
      [...strings(alphabet), ...docs],
      (text) => text.split(/\n{2,}|\n(?=\s*(?:[-*+]|\d+\.)\s)/),
      splitParagraphs,
    )
  })

  it('withoutHeadingLines and withoutListMarkers remove what the line regexes removed', () => {
    const alphabet = [
      '#',
      '###',
      '######',
      '#######',
      '\n',
      ' ',
      '- ',
      '*',
      '+',
      '1',
      '12.',
      'a',
      ...terminators,
      ...blanks,
    ]
    const inputs = [...strings(alphabet), ...docs]
    expectSame(inputs, (text) => text.replace(/^\s*#{1,6}\s+.*$/gm, ''), withoutHeadingLines)
    expectSame(inputs, (text) => text.replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, ''), withoutListMarkers)
  })

  it('withoutTags, withoutSuggestionBlocks and wordTokens match their regexes', () => {
    expectSame(
      [...strings(['<', '<', '>', '>', 'a', ' ', '\n']), ...docs],
      (text) => text.replace(/<[^>]+>/g, ''),
      withoutTags,
    )
    expectSame(
      [...strings(['`', '`', '`', '```suggestions', 'suggestions', 'a', '\n']), ...docs],
      (text) => text.replace(/```+suggestions[\s\S]*?(```+|$)/g, ''),
      withoutSuggestionBlocks,
    )
    expectSame(
      [...strings([' ', 'a', 'b', '\n', ...terminators, ...blanks]), ...docs],
      (text) => text.match(/\s*\S+\s*/g),
      wordTokens,
    )
  })
})

describe('question readers (compose-answer)', () => {
  const alphabet = ['_', '_', 'a', 'b', 'B', 'Q', '1', '.', '(', ')', '()', '`', ' ', 'é', '\n']
  const questions = [
    ...strings(alphabet, 6_000, 16),
    ...strings(
      ['what does ', ' look like', 'x', ' ', '\n', 'WHAT DOES ', ' LOOK LIKE', 'show me', 'a'],
      3_000,
      8,
    ),
    'How do I call `createDocsClient()`?',
    'what does a config look like?',
    'what does  look like',
    ...docs.flatMap((text) => text.split('\n')),
  ]

  it('looksLikeCodeQuestion reads questions as the identifier and show-me regexes did', () => {
    const codeWords =
      /\b(code|example|examples|snippet|snippets|sample|install|installation|command|commands|curl|npm|pnpm|yarn|pip|import|syntax|typescript|javascript|python|tsx|jsx|bash|html|css|json|yaml)\b/i
    const identifier = /`[^`]+`|\b[a-z]+[A-Z]\w*|\b\w+_\w+\b|\b\w+\.\w+\(|\b\w+\(\)/
    const showMe = /\bshow me\b|\bwhat does .+ look like\b/i
    expectSame(
      questions,
      (q) => codeWords.test(q) || identifier.test(q) || showMe.test(q),
      looksLikeCodeQuestion,
    )
  })

  it('apiNames finds the names the identifier regex found', () => {
    const languages = [
      /\b(typescript|ts)\b/i,
      /\b(tsx|jsx|react)\b/i,
      /\b(javascript|js|node(\.?js)?)\b/i,
      /\b(python|py)\b/i,
      /\b(bash|shell|terminal|command line|cli|curl)\b/i,
      /\bhtml\b/i,
      /\bcss\b/i,
      /\b(json)\b/i,
      /\b(yaml|yml)\b/i,
    ]
    expectSame(
      questions,
      (question) => {
        const names = new Set<string>()
        for (const match of question.matchAll(/`([^`]+)`/g))
          names.add(match[1]!.replace(/\(\)$/, ''))
        for (const match of question.matchAll(
          /\b(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|\w+_\w+)\b/g,
        )) {
          if (!languages.some((pattern) => pattern.test(match[0]))) names.add(match[0])
        }
        return [...names]
      },
      apiNames,
    )
  })
})

describe('request and docs readers', () => {
  it('bearerToken reads the Authorization header as /^Bearer\\s+(.+)$/i did', () => {
    const values = strings(
      ['Bearer', 'bearer', 'BEARER', ' ', '\t', '\u00a0', '\u2028', 'k', 'mint_', 'x y'],
      4_000,
      8,
    )
    const before = (value: string) =>
      /^Bearer\s+(.+)$/i.exec(value.trim())?.[1]?.trim() || undefined
    const now = (value: string) => {
      // Headers refuses values it can't carry (outside Latin-1, or with a newline).
      const request = new Request('http://dev.test/', { headers: { Authorization: 'x' } })
      Object.defineProperty(request.headers, 'get', { value: () => value })
      return bearerToken(request)
    }
    expectSame(values, before, now)
  })

  it('the loose YAML reader reads key: value lines as its regex did', () => {
    const lines = strings(
      ['title', 'a_b-c', ':', ' ', '\t', '\u2028', '\r', 'x', '"', '1', '-', '[', 'true'],
      4_000,
      8,
    )
    const before = (yaml: string) => {
      const data: Record<string, unknown> = {}
      for (const line of yaml.split(/\r?\n/)) {
        const match = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line)
        if (!match?.[1]) continue
        // The value reading did not change: only the key regex was rewritten.
        data[match[1]] = looseYamlScalar(match[2] ?? '')
      }
      return data
    }
    // An unparsable line first, so the loose reader reads the rest.
    const now = (line: string) => splitFrontmatter(`---\n: [\n${line}\n---\n`).data
    expectSame(lines, (line) => before(`: [\n${line}`), now)
  })

  it('the MDX line readers read fences, headings, anchors, meta and imports as their regexes did', () => {
    const lineAlphabet = [
      '`',
      '```',
      '~~~',
      '~',
      '#',
      '###',
      '#######',
      ' ',
      '\t',
      'a',
      '\u2028',
      '{#',
      'id',
      '}',
      '{',
      '-',
    ]
    const lines = [...strings(lineAlphabet, 6_000, 12), ...docs.flatMap((text) => text.split('\n'))]
    expectSame(
      lines,
      (line) => {
        const match = /^(`{3,}|~{3,})([^\n]*)$/m.exec(line)
        return match?.[1] ? { marker: match[1], info: match[2] ?? '' } : undefined
      },
      fenceOpening,
    )
    expectSame(
      lines,
      (line) => {
        const match = /^(#{1,6})[ \t]+(.*?)[ \t#]*$/.exec(line)
        return match?.[1] ? { level: match[1].length, text: match[2] ?? '' } : undefined
      },
      atxHeading,
    )
    const headings = [
      ...lines,
      ...strings(['{#', 'id', '-', '}', ' ', '\t', '\u2028', 'a', '#'], 6_000, 8),
    ]
    expectSame(
      headings,
      (raw) => {
        const match = /\s*\{#([\w-]+)\}\s*$/.exec(raw)
        return match ? { anchor: match[1], index: match.index } : undefined
      },
      customAnchor,
    )
    expectSame(lines, (meta) => meta.replace(/\{[^}]*\}/g, ''), withoutBraced)
    const sources = strings(
      ['import', ' ', '\n', 'from', "'", '"', 'x', 'Card', ',', '{', '}', 'a/b.mdx', ';'],
      6_000,
      14,
    ).map((text) => `import${text}`)
    expectSame(
      sources,
      (source) => {
        const match = /^import\s*([\s\S]*?)\s*from\s*(['"])([^'"\n]+)\2[^\n]*\n?/.exec(source)
        if (!match) return undefined
        const defaultName = /^([A-Za-z_$][\w$]*)/.exec(match[1] ?? '')?.[1]
        return {
          end: match[0].length,
          specifier: match[3],
          ...(defaultName ? { defaultName } : {}),
        }
      },
      (source) => importStatement(source, 0),
    )
  })

  it('path trims and cuts match the regexes they replaced', () => {
    const paths = [
      ...strings(
        ['/', '/', 'a', '.', 'mdx', '?', '#', ' ', '\n', '\u2028', 'index', './'],
        6_000,
        12,
      ),
    ]
    expectSame(
      paths,
      (path) => path.replace(/\/+$/, ''),
      (path) => trimTrailing(path, '/'),
    )
    expectSame(
      paths,
      (path) => path.replace(/^\/+/, ''),
      (path) => trimLeading(path, '/'),
    )
    expectSame(paths, (path) => path.replace(/[?#].*$/, ''), cutQueryAndFragment)
    expectSame(
      paths,
      (raw) =>
        raw
          .trim()
          .replace(/[?#].*$/, '')
          .replace(/^\.?\/+/, '')
          .replace(/\.(mdx|md)$/i, '')
          .replace(/\/+$/, ''),
      normalisePagePath,
    )
  })

  it('isWhitespace is exactly \\s', () => {
    for (let code = 0; code <= 0xffff; code++) {
      expect(isWhitespace(code), code.toString(16)).toBe(/\s/.test(String.fromCharCode(code)))
    }
  })
})

describe('agent job requests', () => {
  it('withoutFailMarkers removes what /\\[fail[^\\]]*\\]/gi removed', () => {
    expectSame(
      strings(['[fail', '[FAIL', '[Fail:error', ']', '[', 'x', ' ', '\n', 'fail'], 6_000, 10),
      (text) => text.replace(/\[fail[^\]]*\]/gi, ''),
      withoutFailMarkers,
    )
  })
})

describe('search term readers', () => {
  it('identifierParts splits identifiers as the identifier-parts regex did', () => {
    const tokens = [
      ...strings(['A', 'B', 'a', 'b', '1', '_', '-', 'é', 'TTS', 'Service'], 6_000, 10),
      'CartesiaTTSService',
      'docChatQueryKeys',
    ]
    expectSame(
      tokens,
      (token) => token.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? [],
      identifierParts,
    )
  })

  it('acronymDefinitions finds the definitions the definition regex found', () => {
    const alphabet = [
      'Voice',
      'activity',
      ' ',
      ' ',
      '\n',
      '(VAD)',
      '(Ab)',
      '(TTS)',
      '(',
      ')',
      'a',
      '1',
      "'",
      '-',
      '_',
      'x-y',
      '.',
      'é',
    ]
    const texts = [...strings(alphabet, 8_000, 16), ...docs]
    expectSame(
      texts,
      (text) =>
        [
          ...text.matchAll(
            /((?:[A-Za-z][\w'-]*\s+){0,5}[A-Za-z][\w'-]*)\s+\(([A-Z][A-Za-z]{1,5})\)/g,
          ),
        ].map((match) => [match[1], match[2]]),
      (text) => [...acronymDefinitions(text)],
    )
  })
})
