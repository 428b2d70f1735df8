import type { ContextItem } from '@docchat/core'
import { CodeBlockAskAI, ContextChips, SelectionAskAI } from '@docchat/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useRef, useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import '../../src/headless-demo.css'

/** A docs page with the capture affordances: select text or use a code block's "Ask AI". */
function DocsPageWithCapture({ onAdd }: { onAdd?: (item: ContextItem) => void }) {
  const ref = useRef<HTMLElement>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const [items, setItems] = useState<ContextItem[]>([])
  const add = (item: ContextItem) => {
    onAdd?.(item)
    setItems((current) => [...current, item])
  }
  return (
    <div className="demo" style={{ padding: 24 }}>
      <article ref={ref}>
        <h1>Quickstart</h1>
        <p id="intro">
          Render the widget once at the root of your docs site and it keeps the thread.
        </p>
        <pre id="install-snippet" data-language="bash">
          <code>npm install @docchat/core @docchat/react @docchat/widget</code>
        </pre>
      </article>
      <SelectionAskAI
        containerRef={ref}
        onAdd={add}
        path="/quickstart"
        label="Ask AI about the selection"
      />
      <CodeBlockAskAI containerRef={ref} onAdd={add} path="/quickstart" />
      <ContextChips
        aria-label="Attached context"
        items={items}
        onRemove={(_item, index) => setItems((current) => current.filter((_, i) => i !== index))}
        fallbackFocusRef={inputRef}
      />
      <textarea ref={inputRef} aria-label="Question" />
    </div>
  )
}

const meta = {
  title: 'Headless/Context capture',
  component: DocsPageWithCapture,
  args: { onAdd: fn() },
} satisfies Meta<typeof DocsPageWithCapture>
export default meta
type Story = StoryObj<typeof meta>

/** Selecting text shows "Ask AI" next to it; it adds a `textSelection` chip. */
export const SelectionToChip: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const paragraph = canvasElement.querySelector('#intro')!.firstChild!
    const range = document.createRange()
    range.setStart(paragraph, 0)
    range.setEnd(paragraph, 17)
    const selection = document.getSelection()!
    selection.removeAllRanges()
    selection.addRange(range)
    const button = await canvas.findByRole('button', { name: 'Ask AI about the selection' })
    await userEvent.click(button)
    await expect(args.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'textSelection', value: 'Render the widget' }),
    )
    const chips = canvas.getByRole('list', { name: 'Attached context' })
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(1)
  },
}

/** Each code block gets an "Ask AI" button that adds a `code` item with its element id. */
export const CodeBlockToChip: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const buttons = await canvas.findAllByRole('button', { name: /Ask AI/ })
    await expect(buttons).toHaveLength(1)
    await userEvent.click(buttons[0]!)
    await expect(args.onAdd).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'code',
        value: 'npm install @docchat/core @docchat/react @docchat/widget',
        elementId: 'install-snippet',
      }),
    )
  },
}

/** Chips are removable; focus moves to the next chip, then to the question box. */
export const RemovableChips: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const buttons = await canvas.findAllByRole('button', { name: /Ask AI/ })
    await userEvent.click(buttons[0]!)
    await userEvent.click(buttons[0]!)
    const chips = canvas.getByRole('list', { name: 'Attached context' })
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(2)
    const removes = within(chips).getAllByRole('button', { name: /Remove/ })
    await userEvent.click(removes[0]!)
    await expect(within(chips).getAllByRole('listitem')).toHaveLength(1)
    await userEvent.click(within(chips).getByRole('button', { name: /Remove/ }))
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Question' })).toHaveFocus())
  },
}
