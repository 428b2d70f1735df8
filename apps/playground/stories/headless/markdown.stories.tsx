import { Markdown } from '@docchat/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect, useState } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { longAnswer } from '../../src/scripted-model'
import '../../src/headless-demo.css'

const meta = {
  title: 'Headless/Markdown',
  component: Markdown,
  args: { docsBaseUrl: 'https://docchat.dev', content: '' },
  decorators: [
    (Story) => (
      <div className="demo" style={{ padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Markdown>
export default meta
type Story = StoryObj<typeof meta>

/** Headings, a table, lists and four highlighted code blocks with language labels and copy buttons. */
export const LongAnswerWithCode: Story = {
  args: { content: longAnswer, hideSuggestions: true, headingOffset: 1 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvasElement.querySelectorAll('pre')).toHaveLength(4)
    await expect(canvas.getAllByRole('button', { name: 'Copy code' })).toHaveLength(4)
    // The highlighter is a chunk of its own: the code is coloured once it has loaded.
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-language="tsx"] .token-keyword')).not.toBeNull(),
    )
    await expect(canvas.getByRole('table')).toBeVisible()
    await expect(canvas.queryByText(/```suggestions/)).not.toBeInTheDocument()
    // Relative doc links resolve against docsBaseUrl.
    await expect(canvas.getAllByRole('link', { name: '1' })[0]).toHaveAttribute(
      'href',
      'https://docchat.dev/widget/theming',
    )
  },
}

const hostileMarkdown = `# Hostile input

<script>window.__docchatPwned = 'script'</script>

<img src="x" onerror="window.__docchatPwned = 'onerror'">

<div onclick="window.__docchatPwned = 'onclick'"><b>nested <i>raw html</i></b></div>

<iframe src="https://evil.example/"></iframe>

[javascript link](javascript:window.__docchatPwned='link')
[JaVaScRiPt link](  JAVASCRIPT:alert(1))
[data link](data:text/html,<script>alert(1)</script>)
[vbscript link](vbscript:msgbox(1))
<a href="javascript:alert(1)">raw anchor</a>
![image](javascript:alert(1))

Allowed: [relative](/quickstart), [external](https://example.com/docs), [mail](mailto:hello@docchat.dev).

\`\`\`html
<script>window.__docchatPwned = 'code'</script>
\`\`\`

\`\`\`js
console.log('an unclosed fence, as if the stream stopped here
`

/** Raw HTML, event handlers and script URLs stay text or inert; only safe links are links. */
export const HostileInput: Story = {
  args: { content: hostileMarkdown, streaming: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const root = canvasElement.querySelector('[data-docchat-markdown]')!
    for (const tag of ['script', 'img', 'iframe', 'b', 'i']) {
      await expect(root.querySelector(tag)).toBeNull()
    }
    await expect(root.querySelector('[onclick], [onerror]')).toBeNull()
    await expect((window as { __docchatPwned?: string }).__docchatPwned).toBeUndefined()
    for (const anchor of root.querySelectorAll('a')) {
      await expect(anchor.getAttribute('href')).toMatch(/^(https:|mailto:)/)
    }
    await expect(canvas.getByRole('link', { name: 'relative' })).toHaveAttribute(
      'href',
      'https://docchat.dev/quickstart',
    )
    const external = canvas.getByRole('link', { name: 'external' })
    await expect(external).toHaveAttribute('rel', expect.stringContaining('noopener'))
    await expect(external).toHaveAttribute('rel', expect.stringContaining('noreferrer'))
    await expect(canvas.getByRole('link', { name: 'mail' })).toHaveAttribute(
      'href',
      'mailto:hello@docchat.dev',
    )
    await expect(
      canvas.queryByRole('link', { name: /javascript|data|vbscript|raw anchor/i }),
    ).toBeNull()
    // The raw HTML is shown as text, and the unclosed fence renders as a (still open) code block.
    await expect(root.textContent).toContain('<script>')
    await expect(canvasElement.querySelectorAll('pre')).toHaveLength(2)
  },
}

/** Streams the long answer in small chunks; code blocks are never torn down and rebuilt. */
function StreamingMarkdown({ chunkSize = 24, intervalMs = 16 }) {
  const [length, setLength] = useState(0)
  useEffect(() => {
    const timer = setInterval(() => {
      setLength((current) => {
        const next = Math.min(longAnswer.length, current + chunkSize)
        if (next === longAnswer.length) clearInterval(timer)
        return next
      })
    }, intervalMs)
    return () => clearInterval(timer)
  }, [chunkSize, intervalMs])
  const done = length === longAnswer.length
  return (
    <Markdown
      content={longAnswer.slice(0, length)}
      streaming={!done}
      docsBaseUrl="https://docchat.dev"
      hideSuggestions
      headingOffset={1}
    />
  )
}

export const Streaming: StoryObj<typeof StreamingMarkdown> = {
  render: () => <StreamingMarkdown />,
  play: async ({ canvasElement }) => {
    const root = () => canvasElement.querySelector('[data-docchat-markdown]')!
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'streaming'))
    await waitFor(() => expect(canvasElement.querySelector('pre')).not.toBeNull(), {
      timeout: 5000,
    })
    const firstBlock = canvasElement.querySelector('pre')
    await waitFor(() => expect(root()).toHaveAttribute('data-state', 'complete'), { timeout: 8000 })
    // The first code block is the same element it was mid-stream: no flicker.
    await expect(canvasElement.querySelector('pre')).toBe(firstBlock)
    await expect(canvasElement.querySelectorAll('pre')).toHaveLength(4)
  },
}
