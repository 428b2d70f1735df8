/**
 * The excerpt rules of offline answers (issue 23): whole blocks as the docs wrote them, under the
 * section's title and citation; never a sentence fragment, a table row without its header, a
 * bullet without the sentence that introduces it, or a heading's words as prose.
 */
import type { SearchResult } from '@docchat/core'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseDocs } from '../docs/parse-docs'
import { createDevServer, type DevServer } from '../server'
import { kitDocsServer } from '../test/corpora'
import { ask, post } from '../test/requests'
import { composeAnswer } from './compose-answer'
import { excerptSection, parseBlocks, sectionUnits } from './excerpt'

function result(content: string, section = 'Options', path = '/widget/setup'): SearchResult {
  return {
    content,
    path: `${path}#${section.toLowerCase()}`,
    metadata: { title: 'Setup', section, anchor: section.toLowerCase(), page: path, score: 0.8 },
  }
}

/** The answer's blocks (paragraphs, lists, tables, code) without its source lines and suggestions. */
function quoted(answer: string): string[] {
  return answer
    .split('\n\n')
    .filter(
      (block) => !/^\*\*[^*]+\*\* \[\d+\]\(/.test(block) && !block.startsWith('```suggestions'),
    )
}

/** A section's Markdown from its blocks, a blank line between each. */
const blocks = (...parts: string[]) => parts.join('\n\n')
const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``

const longParagraph = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Sentence ${i + 1} explains how the widget stores readers' answers and threads.`,
  ).join(' ')

describe('excerpts quote whole blocks', () => {
  it('quotes a table row only with its header row and separator', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `| \`opt${i}\` | Sets thing number ${i}. |`)
    rows[7] = '| `side` | Which side the panel opens on, `start` or `end`. |'
    const content = `These options change the layout:\n\n| Option | Effect |\n| --- | --- |\n${rows.join('\n')}\n\nAn option wins over the matching custom property.`
    const answer = composeAnswer({
      question: 'Which option sets the side the panel opens on?',
      results: [result(content)],
    })
    const blocks = quoted(answer)
    const at = blocks.findIndex((block) => block.includes('`side`'))
    expect(at).toBeGreaterThan(0)
    const table = blocks[at]!
    const lines = table.split('\n')
    // The lead-in, the header, the separator, then rows: never a row alone.
    expect(lines).toContain('| Option | Effect |')
    expect(lines).toContain('| --- | --- |')
    expect(lines.indexOf('| Option | Effect |')).toBeLessThan(
      lines.indexOf('| `side` | Which side the panel opens on, `start` or `end`. |'),
    )
    // Only the matching rows of a long table, and the sentence that introduces it just before.
    expect(lines).toHaveLength(3)
    expect(blocks[at - 1]).toBe('These options change the layout:')
  })

  it('quotes a paragraph that opens by pointing back ("That shape …") with the paragraph it points to', () => {
    const antecedent =
      'Bot sessions are long-lived: a single session ties up a whole container for the entire call.'
    const content = [
      longParagraph(12),
      '',
      antecedent,
      '',
      'That shape has consequences for every operational choice:',
      '',
      '- **Autoscaling must be predictive.** Add capacity before callers arrive.',
      '- **Deploys must drain.** Wait for the calls in progress to end.',
      '',
      longParagraph(10),
    ].join('\n')
    const answer = composeAnswer({
      question: 'How should autoscaling and deploys work for callers?',
      results: [result(content, 'Session lifecycle', '/deploy/production')],
    })
    const blocks = quoted(answer)
    const lead = blocks.findIndex((block) => block.startsWith('That shape has consequences'))
    expect(lead).toBeGreaterThan(0)
    expect(blocks[lead - 1]).toBe(antecedent)
  })

  it('leaves out a paragraph that points back ("Then …") at a code block it does not quote', () => {
    // cline-docs: "Then work with a file in that path…" after a test rule in YAML. A prose
    // question does not get the code, so the sentence after it would read as a fragment.
    const content = [
      '**Keep universal rules separate.** Put always-on rules for your project in files without frontmatter.',
      '',
      '**Test your patterns.** Create a simple test rule:',
      '',
      '```yaml',
      'paths:',
      '  - "your/pattern/here/**"',
      '```',
      '',
      'Then work with a file in that path and check if you see the activation notification.',
    ].join('\n')
    const answer = composeAnswer({
      question: 'Where do I put the rules for my project path?',
      results: [result(content, 'Rules', '/customization/cline-rules')],
    })
    expect(answer).toContain('Put always-on rules for your project')
    expect(answer).not.toContain('Then work with a file')
  })

  it('of tabs that answer alike quotes the first, and a "Then …" step with the code it points back at', () => {
    // The kit's Quickstart: every tab installs something, and the last tab's lead-in happens to
    // name the product ("give it Acme's transport"); the docs' first path is the answer.
    const content = blocks(
      longParagraph(4),
      'Static HTML',
      'Load the loader from a CDN:',
      fence('html', '<script src="https://cdn.example/acme.js" defer></script>'),
      'Then place the widget:',
      fence('html', '<acme-widget domain="docs"></acme-widget>'),
      longParagraph(6),
      'React (Vite)',
      fence('bash', 'npm install @acme/core @acme/react'),
      longParagraph(6),
      'AI SDK',
      "Keep your own `useChat` and give it Acme's transport:",
      fence('bash', 'npm install @acme/core ai'),
      longParagraph(6),
    )
    const ask = (question: string) =>
      composeAnswer({ question, results: [result(content, 'Quickstart', '/quickstart')] })
    const install = ask('How do I install Acme?')
    // A tab's title in bold, not taken for a field's `name (type)`.
    expect(install).toContain('**React (Vite)**\n\n```bash\nnpm install @acme/core @acme/react')
    expect(install).not.toContain('npm install @acme/core ai')
    const place = ask('How do I place the widget element?')
    expect(place).toContain('Load the loader from a CDN:\n\n```html\n<script src=')
    expect(place).toContain('Then place the widget:\n\n```html\n<acme-widget')
  })

  it('excerpts a section of 150,000 units without overflowing the stack', () => {
    // The greedy cover took the best gain with Math.max(...gains): past about 120k units the
    // spread overflowed (RangeError), and the answer failed.
    const content = 'name (string)\n\nWhat it is.\n\n'.repeat(150_000)
    const excerpt = excerptSection(content, {
      stems: ['name', 'string'],
      budget: 1100,
      code: false,
    })
    expect(excerpt.units.length).toBeGreaterThan(0)
  }, 30_000)

  it("adds no second section for words only a code sample's sentence has", () => {
    // The kit's Quickstart sends 'Which CSS variables can I set?' as its sample message: that
    // is not about CSS variables, and the Theming answer should not be followed by it.
    const theming = blocks(
      'Every colour and size is a `--acme-*` custom property. Set them on `acme-widget`.',
      fence('css', 'acme-widget { --acme-radius: 10px; }'),
    )
    const sample = blocks(
      'Without any UI, the client streams answers:',
      fence('ts', "const stream = await client.ask({ content: 'Which CSS variables can I set?' })"),
    )
    const answer = composeAnswer({
      question: 'Which CSS variables can I set?',
      results: [
        result(theming, 'Custom properties', '/widget/theming'),
        result(sample, 'Use the client', '/quickstart'),
      ],
    })
    expect(answer).toContain('--acme-radius')
    expect(answer).not.toContain('client.ask')
  })

  it('reads the words between two apostrophes of a code comment: they are not a sample sentence', () => {
    // "Don't … it's" is no string literal: taken for one, the comment's words went unread, and
    // the same code without the comment was quoted instead.
    const content = blocks(
      'Create the client in a server route.',
      fence('ts', 'const client = createDocsClient({ apiKey })\nreturn client.ask(question)'),
      'Create the client in a server route.',
      fence(
        'ts',
        "const client = createDocsClient({ apiKey })\n// Don't send it to the browser: it's secret\nreturn client.ask(question)",
      ),
    )
    const answer = composeAnswer({
      question: 'How do I send the apiKey to the browser?',
      results: [result(content, 'Server', '/server')],
    })
    expect(answer).toContain("// Don't send it to the browser: it's secret")
    // A literal that is sample text still is one, whichever quote it uses.
    const sample = blocks(
      'Ask from the server:',
      fence('ts', "client.ask('Can I send it to the browser?')"),
      'Or:',
      fence('ts', 'client.ask(`Can I send it to the browser?`)'),
    )
    const excerpt = excerptSection(sample, { stems: ['send', 'browser'], budget: 1100, code: true })
    expect(excerpt.best).toBe(0)
    expect(excerpt.covered.size).toBe(0)
  })

  it('quotes the whole table when the question names one of its columns, after its paragraph', () => {
    const rows = Array.from({ length: 12 }, (_, i) => `| Task number ${i} | ✅ | ❌ |`)
    const content = [
      'Mintlify provides two access levels: viewer and editor.',
      '',
      '| | Viewer | Editor |',
      '| --- | :-: | :-: |',
      ...rows,
      '',
      longParagraph(20),
    ].join('\n')
    const answer = composeAnswer({
      question: 'What can someone with the viewer access level do?',
      results: [result(content, 'Roles')],
    })
    const blocks = quoted(answer)
    const at = blocks.findIndex((block) => block.startsWith('| | Viewer | Editor |'))
    expect(at).toBeGreaterThan(0)
    expect(blocks[at - 1]).toBe('Mintlify provides two access levels: viewer and editor.')
    expect(blocks[at]!.split('\n')).toHaveLength(2 + rows.length)
  })

  it('quotes a list with the sentence that introduces it', () => {
    const content = [
      'DocChat saves conversations in the browser.',
      '',
      'Each saved conversation keeps:',
      '',
      '- the thread id and its key',
      '- every question and answer',
      '- the sources of each answer',
      '',
      'Nothing is uploaded.',
    ].join('\n')
    const answer = composeAnswer({
      question: 'Does a saved conversation keep the thread id?',
      results: [result(content, 'What is kept')],
    })
    const blocks = quoted(answer)
    const at = blocks.indexOf(
      '- the thread id and its key\n- every question and answer\n- the sources of each answer',
    )
    expect(at).toBeGreaterThan(0)
    expect(blocks[at - 1]).toBe('Each saved conversation keeps:')
  })

  it('never cuts a sentence: every quoted prose block is a paragraph of the docs, whole', () => {
    const paragraph = longParagraph(14)
    const content = `${paragraph}\n\nA second paragraph about threads and readers' answers.`
    const answer = composeAnswer({
      question: 'How does the widget store answers and threads?',
      results: [result(content, 'Storage')],
    })
    const blocks = quoted(answer)
    expect(blocks.length).toBeGreaterThan(0)
    expect(answer).not.toContain('…')
    for (const block of blocks) expect(content.split('\n\n')).toContain(block)
  })

  it("shows a heading or a label as a title over its block, never as a sentence's words", () => {
    const content = [
      "variant ('panel' | 'modal' | 'sidebar', default: panel)",
      '',
      'How the assistant opens: a floating card, a centred modal, or a sidebar docked to the edge.',
      '',
      '#### Narrow screens',
      '',
      'On narrow screens every variant goes full-screen.',
    ].join('\n')
    const answer = composeAnswer({
      question: 'How do I open the assistant as a sidebar on narrow screens?',
      results: [result(content)],
    })
    const blocks = quoted(answer)
    expect(blocks).toContain("**`variant`** ('panel' | 'modal' | 'sidebar', default: panel)")
    expect(blocks).toContain('**Narrow screens**')
    // No prose block starts with a heading's or a label's words.
    for (const block of blocks) {
      expect(block.startsWith('Narrow screens')).toBe(false)
      expect(block.startsWith('variant (')).toBe(false)
    }
    const label = blocks.indexOf("**`variant`** ('panel' | 'modal' | 'sidebar', default: panel)")
    expect(blocks[label + 1]).toMatch(/^How the assistant opens/)
  })

  it('says "not found" rather than quote a section with nothing to quote', () => {
    const answer = composeAnswer({ question: 'How do I fly?', results: [result('   ')] })
    expect(answer).toMatch(/^I couldn't find anything about that/)
  })
})

describe('code in the asked language', () => {
  // Fence labels the docs corpora use beyond the programming languages: Mintlify's pages are
  // MDX, Cline's have SQL and PowerShell, Pipecat's TOML and Dockerfiles.
  it.each([
    ['Show me the MDX for a card', 'mdx'],
    // MDX is Markdown: its block comes first in the section.
    ['Show me the Markdown for a card', 'mdx'],
    ['Show me the TOML for a card', 'toml'],
    ['Show me the XML for a card', 'xml'],
    ['Show me the Dockerfile for a card', 'dockerfile'],
    ['Show me the PowerShell for a card', 'powershell'],
    ['Show me the SQL for a card', 'sql'],
    ['Show me the Golang code for a card', 'go'],
  ])('"%s" quotes the %s block of the section', (question, label) => {
    const content = blocks(
      'A card links to another page:',
      // Samples that don't name their language: only the fence label tells them apart.
      ...['json', 'mdx', 'markdown', 'toml', 'xml', 'dockerfile', 'powershell', 'sql', 'go'].map(
        (language, index) => fence(language, `card sample ${index}`),
      ),
    )
    const answer = composeAnswer({ question, results: [result(content, 'Cards')] })
    const shown = [...answer.matchAll(/^```(\w+)$/gm)].map((match) => match[1])
    // The lead-in's own block may come with it; then the block in the asked language, no other.
    expect(shown).toContain(label)
    expect(shown.filter((shownLabel) => shownLabel !== 'json')).toEqual([label])
  })
})

describe('reading blocks', () => {
  it('reads paragraphs, loose lists, tables, code, headings and labels', () => {
    const blocks = parseBlocks(
      [
        'Intro line one',
        'and its second line.',
        '',
        '- one',
        '  more of one',
        '',
        '- two',
        '| a | b |',
        '| - | - |',
        '| 1 | 2 |',
        '### Heading',
        'name (string)',
        '',
        'What it is.',
        '',
        '```js',
        'code()',
        '```',
      ].join('\n'),
    )
    expect(blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'list',
      'table',
      'heading',
      'label',
      'paragraph',
      'code',
    ])
    expect(blocks[1]).toEqual({ kind: 'list', items: [['- one', '  more of one'], ['- two']] })
  })

  it('joins a lead-in ending with a colon to the list, table or code it introduces', () => {
    const units = sectionUnits('Install it:\n\n```bash\nnpm i x\n```\n\nThen run it.')
    expect(units).toHaveLength(2)
    expect(units[0]).toMatchObject({ lead: ['Install it:'], body: { kind: 'code' } })
  })
})

describe('on the kit docs, through the real server', () => {
  let server: DevServer
  beforeAll(async () => {
    server = await kitDocsServer()
  }, 60_000)

  const answerTo = async (question: string) => {
    const lines = (await (await ask(server, 'docchat', question)).text()).split('\n')
    return lines
      .filter((line) => line.startsWith('0:'))
      .map((line) => JSON.parse(line.slice(2)) as string)
      .join('')
  }

  it('"…open as a sidebar on the left?" is answered with the variant and side options, not a table cell', async () => {
    const answer = await answerTo('How do I make the assistant open as a sidebar on the left?')
    expect(
      answer.startsWith('**Drop-in script › Options** [1](/widget/drop-in-script#options)'),
    ).toBe(true)
    expect(answer).toContain("**`variant`** ('panel' | 'modal' | 'sidebar', default: panel)")
    expect(answer).toContain("**`side`** ('start' | 'end', default: end)")
    expect(answer).not.toMatch(/^domain \(string, required\)/m)
  })

  it('the refusal names the docs by their docs.json name', async () => {
    const answer = await answerTo('How do I bake sourdough bread?')
    expect(answer).toContain('in the DocChat documentation')
    expect(answer).not.toContain('docchat documentation')
  })
})

describe('offline answers keep the docs links they quote', () => {
  let server: DevServer
  const files = {
    'docs.json': JSON.stringify({
      name: 'Voice',
      navigation: { groups: [{ group: 'Start', pages: ['guides/pipelines', 'guides/example'] }] },
    }),
    'guides/pipelines.mdx': `---
title: Pipelines
---

## Build a voice pipeline

A voice pipeline chains speech-to-text, an LLM and text-to-speech. Here's a [single-file example](./example) of a voice pipeline, and the [pipeline reference](https://reference.example.com/pipeline "Reference").

Never follow [this voice pipeline trick](javascript:alert(1)) or <a href="//evil.example">that voice pipeline mirror</a>.
`,
    'guides/example.mdx': `---
title: Example
---

The example file.
`,
  }

  beforeAll(async () => {
    server = await createDevServer({
      docs: { voice: parseDocs(files, { name: 'voice' }) },
      seed: false,
    })
  })

  const answerText = async (question: string) => {
    const body = await (await ask(server, 'voice', question)).text()
    return body
      .split('\n')
      .filter((line) => line.startsWith('0:'))
      .map((line) => JSON.parse(line.slice(2)) as string)
      .join('')
  }

  it('as Markdown links resolved against the page; refused targets as their text', async () => {
    const answer = await answerText('How do I build a voice pipeline?')
    expect(answer).toContain(
      "Here's a [single-file example](/guides/example) of a voice pipeline, and the [pipeline reference](https://reference.example.com/pipeline).",
    )
    expect(answer).toContain(
      'Never follow this voice pipeline trick) or that voice pipeline mirror.',
    )
    expect(answer).not.toMatch(/javascript:|evil\.example/)
  })

  it('while search reads the link text only', async () => {
    const response = await post(server, '/discovery/v1/search/voice', { query: 'voice pipeline' })
    const results = (await response.json()) as { content: string }[]
    expect(results.length).toBeGreaterThan(0)
    const section = results.find((r) => r.content.includes('single-file example'))
    expect(section?.content).toContain(
      "Here's a single-file example of a voice pipeline, and the pipeline reference.",
    )
    for (const result of results) expect(result.content).not.toContain('](')
  })
})

describe('excerpts leave out pointers to blocks they do not quote', () => {
  const filler = (topic: string) =>
    Array.from(
      { length: 14 },
      (_, i) => `Note ${i + 1} on ${topic} covers another detail of it.`,
    ).join(' ')

  it('cuts an aside "(See below for …)" that points past the quoted code', () => {
    // pipecat-docs, openai-audio-models-and-apis: the aside points at a later part of the page.
    const content = blocks(
      'You can build voice-to-voice applications in two ways:',
      '1. The cascaded models approach, using separate models for transcription, the LLM, and voice generation.',
      "A cascaded pipeline looks like this, in Pipecat code. Here's a single-file example that uses a cascaded pipeline. (See below for an overview of Pipecat core concepts.)",
      fence(
        'python',
        'pipeline = Pipeline([transport.input(), speech_to_text, llm, text_to_speech])',
      ),
    )
    const answer = composeAnswer({
      question: 'How do I build a cascaded pipeline with speech_to_text in Python?',
      results: [result(content, 'Two ways')],
    })
    expect(answer).toContain(
      "A cascaded pipeline looks like this, in Pipecat code. Here's a single-file example that uses a cascaded pipeline.\n",
    )
    expect(answer).not.toContain('See below')
    expect(answer).toContain('pipeline = Pipeline(')
  })

  it('leaves out "See the table below." when the table is not quoted, and keeps it when it is', () => {
    const table = '| Plan | Seats |\n| --- | --- |\n| Free | 1 |\n| Team | 10 |'
    const content = (extra: string) =>
      blocks(
        'Webhooks retry a failed delivery three times. See the table below.',
        table,
        filler('billing'),
        filler('invoices'),
        extra,
      )
    const without = composeAnswer({
      question: 'How often do webhooks retry a failed delivery?',
      results: [result(content(filler('exports')), 'Webhooks')],
    })
    expect(without).toContain('Webhooks retry a failed delivery three times.')
    expect(without).not.toContain('| Plan |')
    expect(without).not.toContain('See the table below')
    const short = composeAnswer({
      question: 'How often do webhooks retry a failed delivery?',
      results: [
        result(
          blocks('Webhooks retry a failed delivery three times. See the table below.', table),
          'Webhooks',
        ),
      ],
    })
    expect(short).toContain('three times. See the table below.\n\n| Plan | Seats |')
  })

  it('cuts ", as shown above" when the block above is not quoted, and drops a paragraph that only points', () => {
    const content = blocks(
      filler('setup'),
      fence('ts', 'const client = createDocsClient({ key })'),
      'Stream each answer with the client, as shown above.',
      'See the example above for streaming each answer.',
      filler('errors'),
      filler('retries'),
    )
    const answer = composeAnswer({
      question: 'Can I stream each answer?',
      results: [result(content, 'Streaming')],
    })
    expect(answer).toContain('Stream each answer with the client.')
    expect(answer).not.toMatch(/shown above|See the example above/)
  })
})
