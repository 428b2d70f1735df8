import { describe, expect, it } from 'vitest'
import { parseDocs } from '../docs/parse-docs'
import { createDocsIndex } from '../search'
import { findAnswers, retrievalQuery, unknownNames } from './retrieval'

/**
 * Two pages as the kit's docs had them when "…open as a sidebar on the left?" was answered from
 * the custom element's opening (issue 23): that page's keywords name an event, `widget-open`,
 * and its opening has "sidebar" only as an attribute value and "left" as a verb; the options
 * page says, in a section of options, how the assistant opens, the sidebar variant and the left side.
 */
const filler = Array.from(
  { length: 4 },
  (_, i) =>
    `<ParamField body="option${i}" type="string">\n  Setting number ${i} changes the colour, the radius, the font or the label text of the trigger.\n</ParamField>\n`,
).join('\n')
const files: Record<string, string> = {
  'docs.json': JSON.stringify({
    name: 'Kit',
    navigation: { groups: [{ group: 'Widget', pages: ['element', 'script'] }] },
  }),
  'element.mdx': `---
title: "The kit-widget element"
description: "The widget as an HTML element whose attributes are the options, with events."
keywords: ["kit-widget", "widget-open", "widget-close", "assistant-element"]
---

Write the element where you want the widget:

\`\`\`html
<kit-widget domain="acme" variant="sidebar"></kit-widget>
\`\`\`

An element that \`init\` creates for itself is left to \`init\`.

## Events

Every event is dispatched on the element.
`,
  'script.mdx': `---
title: "Script tag"
description: "Add the widget with one script tag."
---

The script reads its options from the tag.

## Options

<ParamField body="variant" type="'panel' | 'modal' | 'sidebar'" default="panel">
  How the assistant opens: a floating card, a centred modal, or a sidebar docked to the edge of the page.
</ParamField>

<ParamField body="side" type="'start' | 'end'" default="end">
  Which side the trigger and panel sit on (\`end\` is the right in left-to-right pages).
</ParamField>

${filler}
`,
}

describe('findAnswers', () => {
  it('ranks the section that says the question’s words above one whose page keywords do', () => {
    const index = createDocsIndex(parseDocs(files, { name: 'kit' }))
    const question = 'How do I make the assistant open as a sidebar on the left?'
    // The index alone puts the element's opening first: its keywords match "open" and "assistant".
    const [raw] = index.search(retrievalQuery(question, []), { typing: false, coverage: true })
    expect(raw?.path).toBe('/element')
    const found = findAnswers(index, retrievalQuery(question, []), { pageSize: 5, question })
    expect(found.map((result) => `${result.path}#${result.metadata.anchor ?? ''}`)[0]).toBe(
      '/script#options',
    )
  })
})

describe('unknownNames', () => {
  const docs = createDocsIndex(
    parseDocs(
      {
        'docs.json': JSON.stringify({ name: 'Kit', navigation: { pages: ['client'] } }),
        'client.mdx':
          '---\ntitle: "Client"\n---\n\nCreate a client for the widget:\n\n```py\nclient = Client()\n```\n',
      },
      { name: 'kit' },
    ),
  )

  it('takes a language the docs show code in as known, even when they never name it', () => {
    expect(unknownNames('Show me the Python client for the widget', docs)).toEqual([])
  })

  it('takes a language the docs have no code in as a name they lack', () => {
    expect(unknownNames('Is there a Golang client for the widget?', docs)).toEqual(['Golang'])
    expect(unknownNames('Show me the Kotlin client for the widget', docs)).toEqual(['Kotlin'])
  })
})
