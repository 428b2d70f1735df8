/**
 * A realistic assistant answer for streaming benches: sections of about 1,000 characters (heading,
 * paragraphs with links, emphasis and code, a list, a fenced code block, a table), repeated with
 * different numbers, so any 1,000-character window holds the same mix of blocks.
 */
function section(index: number): string {
  return [
    `## Step ${index + 1}: configure part ${index + 1}`,
    `The widget streams answers from your docs and cites every page it used, so readers can check **option ${index}** in [the guide](/guides/page-${index}) or run \`docchat init --step ${index}\` first. Themes, accents and radius follow the host page.`,
    `- Set \`theme\` to \`system\` to follow the page [${index % 3}](/theming)\n- Keep the _thread_ across reloads with **threadStore**\n- Shortcuts: press ⌘K to search`,
    `\`\`\`ts\nconst client = createDocsClient({ baseUrl: '/api/docs', retries: ${index % 4} })\nconst results = await client.search('step ${index}')\nconsole.log(results.length)\n\`\`\``,
    `| option | default |\n| --- | --- |\n| \`radius\` | ${index % 12}px |\n| \`accent\` | blue |`,
    `That is all for step ${index + 1}; the next one builds on it. See [the reference](https://docs.example.com/reference#step-${index}).`,
  ].join('\n\n')
}

export function answerOfLength(length: number): string {
  let text = ''
  for (let index = 0; text.length < length; index++) text += `${section(index)}\n\n`
  return text.slice(0, length)
}
