import { expectLinearTime } from '@docchat/test-utils/linear-time'
import { describe, expect, it } from 'vitest'
import { maxNesting, maxPageBytes, nestingDepth, renderMdx } from './render-mdx.mjs'

/** Renders `source` as page `guide.mdx`, collecting warnings. */
function render(source) {
  const warnings = []
  const result = renderMdx(source, { page: 'guide.mdx', warn: (w) => warnings.push(w) })
  return { ...result, warnings }
}

describe('Mintlify components', () => {
  it('renders every component the docs use with the classes of site.css', () => {
    const { html, warnings, codeBlocks } = render(
      [
        '<Note>A **note**.</Note>',
        '<Tip>',
        'A tip.',
        '</Tip>',
        '<Warning>A warning.</Warning>',
        '<Info>Info.</Info>',
        '<Danger>Danger.</Danger>',
        '<Check>Done.</Check>',
        '',
        '<CardGroup cols={3}>',
        '<Card title="Linked" href="https://example.com/x">Body with [a link](/y).</Card>',
        '<Card title="Plain">',
        '',
        'Block body.',
        '',
        '</Card>',
        '</CardGroup>',
        '',
        '<CodeGroup>',
        '```bash npm file="apps/example/README.md#install"',
        'npm i x',
        '```',
        '```ts title="b.ts" {1} file="apps/x.ts#y"',
        'const x = 1',
        '```',
        '</CodeGroup>',
        '',
        '<Tabs>',
        '<Tab title="First">One</Tab>',
        '</Tabs>',
        '',
        '<Step title="Alone">Lone step.</Step>',
        '',
        '<AccordionGroup>',
        '<Accordion title="More">Hidden text.</Accordion>',
        '<Expandable>Nested.</Expandable>',
        '</AccordionGroup>',
        '',
        '<ResponseField name="id" type="string" deprecated>The id.</ResponseField>',
        '<ParamField query="take" type="number" default={10}>How many.</ParamField>',
        '<Frame caption="A frame">![Shot](/shot.png)</Frame>',
        '',
        'Inline <Badge>new</Badge>, <Tooltip tip="hint">word</Tooltip> and <Icon icon="x" />.',
        '',
        '```',
        'plain',
        '```',
      ].join('\n'),
    )
    expect(warnings).toEqual([])
    expect(codeBlocks).toBe(3)
    for (const [kind, label, text] of [
      ['note', 'Note', 'A <strong>note</strong>.'],
      ['tip', 'Tip', '<p>A tip.</p>'],
      ['warning', 'Warning', 'A warning.'],
      ['info', 'Info', 'Info.'],
      ['danger', 'Danger', 'Danger.'],
      ['check', 'Check', 'Done.'],
    ]) {
      expect(html).toContain(
        `<div class="callout callout-${kind}" role="note"><p class="callout-label">${label}</p>${text}</div>`,
      )
    }
    expect(html).toContain('<div class="card-group cols-3">')
    expect(html).toContain(
      '<a class="card" href="https://example.com/x" rel="noopener noreferrer"><span class="card-title">Linked</span><div class="card-body">Body with a link.</div></a>',
    )
    expect(html).toContain(
      '<div class="card"><span class="card-title">Plain</span><div class="card-body"><p>Block body.</p></div></div>',
    )
    expect(html).toContain(
      '<div class="code-group"><figure class="code-block"><figcaption class="code-title">npm</figcaption>',
    )
    expect(html).toContain(
      '<figcaption class="code-title">b.ts</figcaption><button type="button" class="code-copy" data-code-copy="code-2" aria-label="Copy ts code" hidden="">Copy</button><pre id="code-2" tabindex="0"><code class="language-ts">const x = 1</code></pre>',
    )
    // No language: "text", and a plain accessible name.
    expect(html).toContain(
      '<figcaption class="code-title code-language">text</figcaption><button type="button" class="code-copy" data-code-copy="code-3" aria-label="Copy code" hidden="">Copy</button>',
    )
    expect(html).toContain(
      '<div class="tabs"><section class="tab"><p class="tab-title">First</p>One</section></div>',
    )
    expect(html).toContain(
      '<ol class="steps"><li class="step"><p class="step-title">Alone</p><div class="step-body">Lone step.</div></li></ol>',
    )
    expect(html).toContain(
      '<div class="accordion-group"><details class="accordion"><summary>More</summary><div class="accordion-body">Hidden text.</div></details><details class="accordion"><summary>Details</summary>',
    )
    expect(html).toContain(
      '<div class="field"><div class="field-head"><code class="field-name">id</code> <span class="field-type">string</span> <span class="field-deprecated">deprecated</span></div><div class="field-body">The id.</div></div>',
    )
    expect(html).toContain(
      '<code class="field-name">take</code> <span class="field-type">number</span> <span class="field-location">query</span> <span class="field-default">default: <code>10</code></span>',
    )
    expect(html).toContain(
      '<figure class="frame"><img src="/shot.png" alt="Shot" loading="lazy"/><figcaption>A frame</figcaption></figure>',
    )
    expect(html).toContain('Inline <span class="badge">new</span>, word and .')
  })

  it('gives a changelog <Update> a heading with its anchor, in the outline', () => {
    const { html, headings } = render(
      '## Intro\n\nText.\n\n<Update label="v1.2" description="Faster">Notes.</Update>',
    )
    expect(html).toContain(
      '<section class="update"><h2 id="v12"><a class="heading-link" href="#v12">v1.2</a></h2><p class="update-description">Faster</p>Notes.</section>',
    )
    expect(headings).toEqual([
      { depth: 2, text: 'Intro', id: 'intro' },
      { depth: 2, text: 'v1.2', id: 'v12' },
    ])
  })

  it('numbers #–### headings like the dev server, then gives minor headings ids from the same slugger', () => {
    const { html, headings } = render(
      ['#### Install', '', '# Install', '', '## Install', '', '### Set `up` [it](/x)'].join('\n'),
    )
    // The indexed headings come first: `install`, `install-1`; the minor one gets the next.
    expect(headings).toEqual([
      { depth: 2, text: 'Install', id: 'install' },
      { depth: 2, text: 'Install', id: 'install-1' },
      { depth: 3, text: 'Set up it', id: 'set-up-it' },
    ])
    expect(html).toContain(
      '<h4 id="install-2"><a class="heading-link" href="#install-2">Install</a></h4>',
    )
    // A body `#` heading is a section heading (the page title is the one <h1>); no link in a link.
    expect(html).toContain(
      '<h2 id="install"><a class="heading-link" href="#install">Install</a></h2>',
    )
    expect(html).toContain(
      '<h3 id="set-up-it"><a class="heading-link" href="#set-up-it">Set <code>up</code> it</a></h3>',
    )
  })

  it('keeps a shortcut’s keys on one line: ⌘ and K joined by a no-break space', () => {
    const { html } = render('Press <kbd>⌘</kbd> <kbd>K</kbd> or <kbd>Ctrl</kbd> <kbd>K</kbd>.')
    expect(html).toContain('<kbd>⌘</kbd>\u00a0<kbd>K</kbd> or <kbd>Ctrl</kbd>\u00a0<kbd>K</kbd>')
  })

  it('renders an unknown component as its children and warns once, naming it and the page', () => {
    const { html, warnings } = render(
      [
        '<Mystery title="x">',
        '',
        'Hello **there**.',
        '',
        '</Mystery>',
        '',
        'Inline <Mystery>again</Mystery> and <Other />.',
      ].join('\n'),
    )
    expect(html).toBe('<p>Hello <strong>there</strong>.</p>\n<p>Inline again and .</p>')
    expect(warnings).toEqual([
      'guide.mdx: unknown component <Mystery>: rendering its children',
      'guide.mdx: unknown component <Other>: rendering its children',
    ])
  })
})

describe('hostile MDX', () => {
  it('runs nothing a page says: imports, exports and non-literal expressions fail the build', () => {
    const cases = [
      ["import fs from 'node:fs'\n\nText", /guide\.mdx:1:1: import and export are not allowed/],
      ['export const x = 1', /guide\.mdx:1:1: import and export are not allowed/],
      ['Text {globalThis.__docchatPwned = 1}', /guide\.mdx:1:6: expressions must be literals/],
      ['{1 + 1}', /expressions must be literals/],
      ['{(() => {})()}', /expressions must be literals/],
      [
        '<CardGroup cols={process.exit(1)}>x</CardGroup>',
        /attribute cols of <CardGroup> must be a literal/,
      ],
      ['<Card {...props}>x</Card>', /spread attributes are not allowed/],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: MDX source holding a template literal
      ['<Card title={`a${b}`}>x</Card>', /attribute title of <Card> must be a literal/],
      ['<Card title={{ __proto__: 1 }}>x</Card>', /must be a literal/],
      ['<foo.Bar>x</foo.Bar>', /<foo.Bar> is not a component or tag the site renders/],
    ]
    for (const [source, error] of cases) {
      expect(() => render(source), source).toThrow(error)
    }
    expect(globalThis.__docchatPwned).toBeUndefined()
    // Literals and comments are fine.
    expect(render("Braces: {'{'}x{'}'} {/* note */} {-1} {`t`}").html).toBe(
      '<p>Braces: {x}  -1 t</p>',
    )
    expect(render('<Card title="t" extra={{ a: [1, "b", true, null] }}>x</Card>').warnings).toEqual(
      [],
    )
  })

  it('drops tags and attributes pages may not use, and every URL the URL policy refuses', () => {
    const { html, warnings } = render(
      [
        '<iframe src="https://example.com"></iframe>',
        '<style>{`body{}`}</style>',
        '<div onClick="alert(1)" style="color:red" className="ok" class="also">Box</div>',
        '<a href=" JaVaScRiPt:alert(1)">click</a>',
        '<Card title="C" href="javascript:alert(1)">card</Card>',
        '<img src="data:image/svg+xml,<svg onload=alert(1)>" srcSet="x 1x" />',
        '',
        '[proto](//evil.example/x) [mail](mailto:a@b.example) ![pic](vbscript:x) [ok](https://example.com)',
      ].join('\n'),
    )
    expect(html).not.toMatch(/iframe|<style|onclick|style=|javascript|vbscript|data:|evil|srcset/i)
    expect(html).toContain('<div class="also">Box</div>')
    expect(html).toContain('<a>click</a>')
    expect(html).toContain('<div class="card"><span class="card-title">C</span>')
    expect(html).toContain(
      'proto <a href="mailto:a@b.example">mail</a>  <a href="https://example.com/" rel="noopener noreferrer">ok</a>',
    )
    expect(warnings).toEqual([
      'guide.mdx: dropped <iframe> (not a tag pages may use)',
      'guide.mdx: dropped <style> (not a tag pages may use)',
      'guide.mdx: dropped the onClick attribute of <div>',
      'guide.mdx: dropped the style attribute of <div>',
      'guide.mdx: dropped href=" JaVaScRiPt:alert(1)" on <a>',
      'guide.mdx: dropped href="javascript:alert(1)" on <Card>',
      'guide.mdx: dropped src="data:image/svg+xml,<svg onload=alert(1)>" on <img>',
      'guide.mdx: dropped the srcSet attribute of <img>',
      'guide.mdx: dropped the unsafe href "//evil.example/x"',
      'guide.mdx: dropped the unsafe src "vbscript:x"',
    ])
  })

  it('refuses oversized and deeply nested pages before parsing them', () => {
    const started = performance.now()
    expect(() => render('x'.repeat(maxPageBytes + 1))).toThrow(/larger than 65536 bytes/)
    // Multi-byte characters count in bytes.
    expect(() => render('é'.repeat(maxPageBytes / 2 + 1))).toThrow(/larger than/)
    // Without the check these run for minutes or overflow the parser's stack.
    expect(() => render('>'.repeat(60_000))).toThrow(/nested more than 64 deep/)
    expect(() => render('<Note>'.repeat(10_000))).toThrow(/nested more than 64 deep/)
    expect(performance.now() - started).toBeLessThan(2_000)
    // At the limit it renders.
    expect(render(`${'> '.repeat(maxNesting)}deep`).html).toContain('deep')
  })

  it('counts nesting outside code only, whatever the attributes hold', () => {
    expect(nestingDepth('<Steps>\n<Step title="a > b">\n\nx\n</Step>\n</Steps>')).toBe(2)
    expect(nestingDepth(`\`\`\`\n${'<Note>'.repeat(100)}\n${'>'.repeat(100)}\n\`\`\`\n`)).toBe(0)
    expect(nestingDepth('`<Note>`'.repeat(100))).toBe(0)
    expect(nestingDepth('<ParamField\n  type="Partial<Labels>"\n/>\n'.repeat(100))).toBe(0)
    expect(nestingDepth('> > > quote')).toBe(3)
  })

  it('renders in linear time on long runs, up to the page size limit', () => {
    // The site's own passes (nesting scan, guard, slugs) over runs that MDX itself parses in
    // linear time. Runs of `](` or `a*` are superlinear inside micromark (plain @mdx-js/mdx is
    // as slow): the page size limit bounds those.
    for (const unit of ['`', '{', '&amp;', '<Note>x</Note>\n', '## Install\n\n']) {
      expectLinearTime(
        (n) => unit.repeat(Math.ceil(n / unit.length)),
        (input) => {
          try {
            renderMdx(input)
          } catch {
            // A parse error is an answer too: what matters is how long it took.
          }
        },
        // Each run allocates a lot (MDX, React): a longer sample keeps a GC pause from deciding.
        { n: 1_000, maxN: maxPageBytes / 8 - 16, minMs: 25 },
      )
    }
    // The nesting scan runs before the size limit matters: 100k characters and more.
    for (const unit of ['<', '>', '`', '"', '<a b="', '\n```\n']) {
      expectLinearTime((n) => unit.repeat(Math.ceil(n / unit.length)), nestingDepth, { n: 12_500 })
    }
  })
})
