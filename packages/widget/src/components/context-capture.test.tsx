import { axeViolations } from '@docchat/test-utils/axe'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { DocsPage as Page, testBackend } from '../test/harness'

const backend = testBackend()

const DocsPage = () => <Page client={backend.client} />

describe('given a DocChatWidget with a contextContainer', () => {
  it('adds an Ask AI button to code blocks that attaches the code and opens the assistant', async () => {
    const user = userEvent.setup()
    render(<DocsPage />)
    const button = await screen.findByRole(
      'button',
      { name: 'Ask AI about this bash code' },
      // The first test here compiles the capture chunk: slow on a loaded machine.
      { timeout: 10_000 },
    )
    // The button sits before the <pre>, so copying the code never copies the button.
    expect(button.closest('pre')).toBeNull()
    await user.click(button)
    const dialog = screen.getByRole('dialog', { name: 'Assistant' })
    const chips = within(dialog).getByRole('list', { name: 'Attached context' })
    expect(chips).toHaveTextContent('Code: npm install @docchat/widget')
    expect(await axeViolations(document.body)).toEqual([])

    await user.click(within(chips).getByRole('button', { name: /^Remove Code/ }))
    expect(within(dialog).queryByRole('list', { name: 'Attached context' })).not.toBeInTheDocument()
    // Focus falls back to the question input instead of the body.
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus())
  })

  it('shows what was attached in the question it was sent with, also after a reload', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<DocsPage />)
    await user.click(
      await screen.findByRole(
        'button',
        { name: 'Ask AI about this bash code' },
        // The first test here compiles the capture chunk: slow on a loaded machine.
        { timeout: 10_000 },
      ),
    )
    const dialog = screen.getByRole('dialog', { name: 'Assistant' })
    await user.type(within(dialog).getByRole('textbox'), 'What does this install?{Enter}')
    const log = within(dialog).getByRole('log')
    const question = await within(log).findByText('What does this install?', { exact: false })
    const attached = within(question).getByRole('list', { name: 'Sent with this question' })
    expect(attached).toHaveTextContent('Code: npm install @docchat/widget')
    // A record, not a control: nothing to remove once sent, and the composer is empty again.
    expect(within(attached).queryByRole('button')).toBeNull()
    expect(within(dialog).queryByRole('list', { name: 'Attached context' })).toBeNull()
    expect(await axeViolations(document.body)).toEqual([])

    // The context is kept on the question itself, so the stored conversation still has it.
    await waitFor(() => expect(log.getAttribute('aria-busy')).toBe('false'), { timeout: 10_000 })
    unmount()
    render(<DocsPage />)
    // The panel reopens by itself when it was open at the reload (panel memory); else open it.
    if (!screen.queryByRole('dialog', { name: 'Assistant' })) {
      await user.click(screen.getByRole('button', { name: /^Ask AI$/ }))
    }
    const reopened = within(await screen.findByRole('dialog', { name: 'Assistant' })).getByRole(
      'log',
    )
    const restored = await within(reopened).findByText('What does this install?', { exact: false })
    expect(
      within(restored).getByRole('list', { name: 'Sent with this question' }),
    ).toHaveTextContent('Code: npm install @docchat/widget')
  })
})
