import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { storageKey, waitForAnswer, widgetHarness } from '../test/harness'
import type { DocChatWidgetProps } from './doc-chat-widget'

const harness = widgetHarness()

const conversationsKey = storageKey('conversations')

const renderWidget = (props: Partial<DocChatWidgetProps> = {}) =>
  harness.renderWidget({ rememberOpenState: false, defaultOpen: true, ...props }, { strict: true })

async function ask(user: ReturnType<typeof userEvent.setup>, question: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
  await user.type(
    within(dialog).getByRole('textbox', { name: 'Ask a question…' }),
    `${question}{Enter}`,
  )
  await waitForAnswer(dialog)
  return dialog
}

const historyList = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('region', { name: 'Recent conversations' })).getByRole('list')

describe('DocChatWidget recent conversations', () => {
  it('lists, switches (mouse and keyboard), exports, deletes with undo, and survives a reload', async () => {
    const user = userEvent.setup()
    const view = renderWidget()
    const dialog = await ask(user, 'How do I install the widget?')
    await user.click(within(dialog).getByRole('button', { name: 'New conversation' }))
    await ask(user, 'How do I run the dev server?')

    const open = within(dialog).getByRole('button', { name: 'Recent conversations' })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    // The view is a chunk of its own (optional-parts.ts): the first time it opens once loaded.
    await waitFor(() => expect(open).toHaveAttribute('aria-expanded', 'true'))
    // The chat is kept (hidden), the history takes its place; focus is on the current one.
    expect(within(dialog).queryByRole('log')).toBeNull()
    const items = within(historyList(dialog)).getAllByRole('listitem')
    expect(items.map((item) => within(item).getAllByRole('button')[0]!.textContent)).toEqual([
      expect.stringMatching(/^How do I run the dev server\?.*Current$/),
      expect.stringMatching(/^How do I install the widget\?/),
    ])
    const violations = await axeViolations(document.body)
    expect(violations, describeViolations(violations)).toEqual([])
    const current = within(items[0]!).getAllByRole('button')[0]!
    expect(current).toHaveAttribute('aria-current', 'true')
    expect(current).toHaveFocus()

    // Keyboard: ArrowDown then Enter switches; focus returns to the question input.
    await user.keyboard('{ArrowDown}')
    expect(within(items[1]!).getAllByRole('button')[0]).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(open).toHaveAttribute('aria-expanded', 'false')
    const log = within(dialog).getByRole('log')
    expect(within(log).getByText('How do I install the widget?')).toBeInTheDocument()
    expect(within(log).queryByText('How do I run the dev server?')).toBeNull()
    expect(within(dialog).getByRole('textbox', { name: 'Ask a question…' })).toHaveFocus()

    // Escape leaves the history, not the panel, and gives focus back to its button.
    await user.click(open)
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeInTheDocument()
    expect(open).toHaveAttribute('aria-expanded', 'false')
    expect(open).toHaveFocus()

    // Copy as Markdown: question, answer, a source link; announced politely.
    await user.click(open)
    const region = within(dialog).getByRole('region', { name: 'Recent conversations' })
    await user.click(within(region).getByRole('button', { name: 'Copy as Markdown' }))
    const markdown = await navigator.clipboard.readText()
    expect(markdown.startsWith('# How do I install the widget?\n')).toBe(true)
    expect(markdown).toContain('## You\n\n> How do I install the widget?')
    expect(markdown).toContain('## Assistant\n\n')
    expect(markdown).toMatch(/\*\*Sources\*\*\n\n1\. \[[^\]]+\]\([^)]+\)/)
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(
        'Conversation copied as Markdown.',
      ),
    )

    // Download .md: a Blob URL (jsdom has none: the browser's is checked in Chromium e2e).
    const blobs: Blob[] = []
    const createObjectURL = URL.createObjectURL
    const revokeObjectURL = URL.revokeObjectURL
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob)
      return 'blob:test'
    }
    URL.revokeObjectURL = () => {}
    const clicked: HTMLAnchorElement[] = []
    const click = HTMLAnchorElement.prototype.click
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this)
    }
    try {
      await user.click(within(region).getByRole('button', { name: 'Download .md' }))
    } finally {
      URL.createObjectURL = createObjectURL
      URL.revokeObjectURL = revokeObjectURL
      HTMLAnchorElement.prototype.click = click
    }
    expect(clicked[0]?.download).toBe('how-do-i-install-the-widget.md')
    expect(await blobs[0]?.text()).toBe(markdown)

    // Delete the other one; Undo (focused) puts it back.
    await user.click(
      within(historyList(dialog)).getByRole('button', {
        name: 'Delete “How do I run the dev server?”',
      }),
    )
    expect(within(historyList(dialog)).getAllByRole('listitem')).toHaveLength(1)
    const undo = within(region).getByRole('button', { name: 'Undo' })
    expect(undo).toHaveFocus()
    await user.click(undo)
    expect(within(historyList(dialog)).getAllByRole('listitem')).toHaveLength(2)
    expect(
      within(historyList(dialog)).getByRole('button', { name: /^How do I run the dev server\?/ }),
    ).toHaveFocus()

    // A reload lists both, and shows the one that was on screen.
    view.unmount()
    renderWidget()
    const reloaded = await screen.findByRole('dialog', { name: 'Assistant' })
    await waitFor(() =>
      expect(within(reloaded).getByText('How do I install the widget?')).toBeInTheDocument(),
    )
    await user.click(within(reloaded).getByRole('button', { name: 'Recent conversations' }))
    expect(within(historyList(reloaded)).getAllByRole('listitem')).toHaveLength(2)

    // Deleting the current conversation starts a new one.
    const currentRow = within(historyList(reloaded))
      .getAllByRole('listitem')
      .find((item) => item.querySelector('[aria-current="true"]'))!
    await user.click(within(currentRow).getByRole('button', { name: /^Delete/ }))
    await user.click(within(reloaded).getByRole('button', { name: 'Back to the conversation' }))
    expect(within(reloaded).queryByText('How do I install the widget?')).toBeNull()
    const stored = JSON.parse(localStorage.getItem(conversationsKey) ?? '[]') as { title: string }[]
    expect(stored.map((c) => c.title)).toEqual(['How do I run the dev server?'])
  })

  it('conversations={false} shows no history and stores none', async () => {
    const user = userEvent.setup()
    renderWidget({ conversations: false })
    const dialog = await ask(user, 'How do I install the widget?')
    expect(within(dialog).queryByRole('button', { name: 'Recent conversations' })).toBeNull()
    expect(localStorage.getItem(conversationsKey)).toBeNull()
  })

  it('keeps at most maxCount conversations', async () => {
    const user = userEvent.setup()
    renderWidget({ conversations: { maxCount: 1 } })
    const dialog = await ask(user, 'How do I install the widget?')
    await user.click(within(dialog).getByRole('button', { name: 'New conversation' }))
    await ask(user, 'How do I run the dev server?')
    await waitFor(() => {
      const stored = JSON.parse(localStorage.getItem(conversationsKey) ?? '[]') as {
        title: string
      }[]
      expect(stored.map((c) => c.title)).toEqual(['How do I run the dev server?'])
    })
  })
})
