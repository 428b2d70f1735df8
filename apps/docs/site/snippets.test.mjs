import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { afterAll, describe, expect, it } from 'vitest'
import {
  builtDropIn,
  documentFiles,
  markedBlocks,
  readSnippet,
  repoRoot,
  syncAll,
  syncDocument,
  syncDropInReferences,
} from './snippets.mjs'

const read = (file) => readFileSync(file, 'utf8')

/** Fenced blocks of a document: `{ info, body, line, source }` (source: inside a #region). */
function fencedBlocks(text) {
  const lines = text.split('\n')
  const blocks = []
  for (let index = 0; index < lines.length; index++) {
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(lines[index])
    if (!open) continue
    let close = index + 1
    while (close < lines.length && lines[close].trim() !== open[1]) close++
    const before = lines.slice(0, index).findLast((line) => line.trim())
    blocks.push({
      info: open[2],
      body: lines.slice(index + 1, close).join('\n'),
      line: index + 1,
      source: /#region\b/.test(before ?? ''),
    })
    index = close
  }
  return blocks
}

describe('the docs and READMEs show the example apps', () => {
  it('every marked code block is its source, and every marker points to one', () => {
    const marked = documentFiles().flatMap((file) => markedBlocks(read(file)))
    // The quickstart, widget, hooks, headless, transport, Next.js and proxy pages, the READMEs.
    expect(marked.length).toBeGreaterThanOrEqual(35)
    expect(syncAll()).toEqual([])
  })

  it('install lines and drop-in CDN tags are never written by hand', () => {
    const unmarked = []
    let checked = 0
    for (const file of documentFiles()) {
      for (const block of fencedBlocks(read(file))) {
        if (
          !/^\s*(npm install|npm i|pnpm add|yarn add) @docchat\/|@docchat\/drop-in@/m.test(
            block.body,
          )
        ) {
          continue
        }
        checked++
        if (!block.source && !/\bfile="/.test(block.info)) {
          unmarked.push(`${file.slice(repoRoot.length)}:${block.line}`)
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(15)
    expect(unmarked).toEqual([])
  })

  it("each example's install lines are its direct dependencies, and name every @docchat one", () => {
    const examples = ['nextjs', 'vite-react', 'static', 'ai-sdk-v5']
    for (const name of examples) {
      const dir = join(repoRoot, 'apps', `example-${name}`)
      const manifest = JSON.parse(read(join(dir, 'package.json')))
      const own = { ...manifest.dependencies, ...manifest.devDependencies }
      const installed = fencedBlocks(read(join(dir, 'README.md')))
        .filter((block) => block.source)
        .flatMap(
          (block) => /^npm install ([^#\n]+)/m.exec(block.body)?.[1].trim().split(/\s+/) ?? [],
        )
      expect(installed.length, name).toBeGreaterThan(0)
      for (const dependency of installed) expect(Object.keys(own), name).toContain(dependency)
      const docchat = Object.keys(manifest.dependencies ?? {}).filter((d) =>
        d.startsWith('@docchat/'),
      )
      for (const dependency of docchat) expect(installed, name).toContain(dependency)
    }
  })

  it('the drop-in URLs name the current version, each with its built file’s sha384', () => {
    const dropIn = builtDropIn()
    expect(dropIn, 'packages/drop-in is built (pnpm -r build)').toBeDefined()
    let references = 0
    for (const file of documentFiles()) {
      const result = syncDropInReferences(read(file), dropIn)
      references += result.count
      expect(result.problems, file).toEqual([])
    }
    expect(references).toBeGreaterThanOrEqual(5)
  })
})

it("the static example's import map checks every file the drop-in loads after docchat.js", () => {
  const dropIn = builtDropIn()
  const page = read(join(repoRoot, 'apps/example-static/index.html'))
  const map = JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(page)[1])
  const listed = Object.keys(map.integrity).map((url) => url.split('/').at(-1))
  const loaded = Object.keys(dropIn.integrity).filter((file) => file !== 'docchat.js')
  expect(loaded.length).toBeGreaterThan(0)
  expect(listed.sort()).toEqual(loaded.sort())
})

describe('snippets.mjs', () => {
  const root = mkdtempSync(join(tmpdir(), 'docchat-snippets-'))
  afterAll(() => rmSync(root, { recursive: true, force: true }))
  const put = (path, text) => {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  put(
    'apps/example-a/app.tsx',
    [
      "import x from 'x'",
      '// #region main',
      'export function App() {',
      '  // #region inner',
      '  return x',
      '  // #endregion inner',
      '}',
      '// #endregion main',
      '',
    ].join('\n'),
  )
  put(
    'apps/example-a/README.md',
    '<!-- #region install -->\n```bash\nnpm install @docchat/core\n```\n<!-- #endregion install -->\n',
  )

  it('reads a region without the markers inside it, dedented; a whole file; a README code block', () => {
    expect(readSnippet('apps/example-a/app.tsx#main', root)).toBe(
      'export function App() {\n  return x\n}',
    )
    expect(readSnippet('apps/example-a/app.tsx#inner', root)).toBe('return x')
    expect(readSnippet('apps/example-a/app.tsx', root)).toBe(
      "import x from 'x'\nexport function App() {\n  return x\n}",
    )
    expect(readSnippet('apps/example-a/README.md#install', root)).toBe('npm install @docchat/core')
  })

  it('reports a marker that points nowhere, and never reads outside the repository', () => {
    const cases = [
      ['apps/example-a/missing.tsx#main', /does not exist/],
      ['apps/example-a/app.tsx#nope', /has no "#region nope"/],
      ['../../etc/passwd', /outside the repository/],
      ['/etc/passwd', /outside the repository/],
      ['apps/example-a/app.tsx#a#b', /is not "path#region"/],
      ['', /is not "path#region"/],
    ]
    for (const [spec, message] of cases) {
      const { problems } = syncDocument(`\`\`\`ts file="${spec}"\n\`\`\`\n`, { root })
      expect(problems, spec).toEqual([
        expect.objectContaining({ spec, message: expect.stringMatching(message) }),
      ])
    }
    expect(cases).toHaveLength(6)
  })

  it('reports a block that differs and rewrites it, keeping the fence and its indentation', () => {
    const page = [
      '# Page',
      '',
      '<CodeGroup>',
      '  ```tsx App file="apps/example-a/app.tsx#main"',
      '  export function App() {}',
      '  ```',
      '</CodeGroup>',
      '',
      '```bash file="apps/example-a/README.md#install"',
      '```',
      '',
    ].join('\n')
    const first = syncDocument(page, { root })
    expect(first.problems.map((problem) => problem.message)).toEqual([
      'differs from its source',
      'differs from its source',
    ])
    expect(first.text).toContain(
      '  ```tsx App file="apps/example-a/app.tsx#main"\n  export function App() {\n    return x\n  }\n  ```',
    )
    expect(first.text).toContain(
      '```bash file="apps/example-a/README.md#install"\nnpm install @docchat/core\n```',
    )
    expect(syncDocument(first.text, { root })).toEqual({ text: first.text, problems: [] })
  })

  it('checks and rewrites the version and sha384 after each drop-in URL', () => {
    const dropIn = {
      version: '1.2.3',
      integrity: {
        'docchat.js': `sha384-${'A'.repeat(64)}`,
        'docchat-panel.js': `sha384-${'B'.repeat(64)}`,
      },
    }
    const page = [
      '<script src="https://cdn.jsdelivr.net/npm/@docchat/drop-in@1.2.2/docchat.js"',
      `  integrity="sha384-${'C'.repeat(64)}"></script>`,
      '{ "https://cdn.jsdelivr.net/npm/@docchat/drop-in@1.2.3/docchat-panel.js": "sha384-' +
        'B'.repeat(64) +
        '" }',
      '<script src="https://cdn.jsdelivr.net/npm/@docchat/drop-in@1.2.3/docchat.js"></script>',
      'https://cdn.jsdelivr.net/npm/@docchat/drop-in@1.2.3/other.js',
    ].join('\n')
    const result = syncDropInReferences(page, dropIn)
    expect(result.count).toBe(3)
    expect(result.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/names 1\.2\.2, not 1\.2\.3/),
      "the integrity of docchat.js is not the built file's",
      expect.stringMatching(/has no sha384 integrity/),
    ])
    expect(result.text).toContain(
      `drop-in@1.2.3/docchat.js"\n  integrity="sha384-${'A'.repeat(64)}"`,
    )
    // What is left: the URL with no hash at all (only a person can add the script's attributes).
    expect(syncDropInReferences(result.text, dropIn).problems).toEqual([
      { line: 4, message: expect.stringMatching(/has no sha384 integrity/) },
    ])
  })

  it('reads markers in linear time and refuses oversized sources', () => {
    put('apps/example-a/huge.ts', `// #region big\n${'x'.repeat(600 * 1024)}\n// #endregion big\n`)
    expect(() => readSnippet('apps/example-a/huge.ts#big', root)).toThrow(/over 524288 characters/)
    for (const unit of ['```ts file="\n', '```\n', '```ts file="a\n````\n', '~~~~~~']) {
      expectLinearTime((n) => unit.repeat(Math.ceil(n / unit.length)), markedBlocks)
    }
    expectLinearTime(
      (n) => `https://cdn.jsdelivr.net/npm/@docchat/drop-in@1.0.0/docchat.js ${'s'.repeat(n)}`,
      (text) => syncDropInReferences(text, { version: '1.0.0', integrity: {} }),
    )
  })
})
