import { createTestBackend, domain, type TestBackend } from '@docchat/test-utils/backend'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocChatWidget, type DocChatWidgetProps } from './doc-chat-widget'
import { type OptionalPart, OptionalPartsContext, optionalPart } from './optional-parts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.server.close())

/** The real chunk, held back until the test releases it: a slow network, made deterministic. */
function heldBack<M>(importer: () => Promise<M>) {
  let release!: () => void
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const held = { requests: 0, release, part: undefined as unknown as OptionalPart<M> }
  held.part = optionalPart(() => {
    held.requests++
    return gate.then(importer)
  })
  return held
}

function renderWithParts(props: Partial<DocChatWidgetProps> = {}) {
  const history = heldBack(() => import('./conversation-history-view'))
  const attachments = heldBack(() => import('./attachments-part'))
  const contextCapture = heldBack(() => import('./context-capture-part'))
  render(
    <StrictMode>
      <OptionalPartsContext.Provider
        value={{
          history: history.part,
          attachments: attachments.part,
          contextCapture: contextCapture.part,
        }}
      >
        <DocChatWidget
          client={backend.client}
          domain={domain}
          rememberOpenState={false}
          defaultOpen
          {...props}
        />
      </OptionalPartsContext.Provider>
    </StrictMode>,
  )
  return { history, attachments, contextCapture }
}

describe('optional parts (chunks loaded when a reader reaches for them)', () => {
  it('History: fetched on pointing, the button busy until it opens, then focus moves in', async () => {
    const user = userEvent.setup()
    const { history, attachments, contextCapture } = renderWithParts()
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    const button = within(dialog).getByRole('button', { name: 'Recent conversations' })
    expect(history.requests).toBe(0)

    await user.hover(button)
    expect(history.requests).toBe(1)
    await user.click(button)
    // Still loading: the conversation stays on screen, the button says it is busy.
    expect(button).toHaveAttribute('aria-busy', 'true')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(within(dialog).getByRole('textbox', { name: 'Ask a question…' })).toBeVisible()

    history.release()
    const view = await within(dialog).findByRole('region', { name: 'Recent conversations' })
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(button).not.toHaveAttribute('aria-busy')
    // No conversations yet: focus lands on Back, inside the view.
    expect(within(view).getByRole('button', { name: 'Back to the conversation' })).toHaveFocus()
    expect(history.requests).toBe(1)
    // Attachments are off and there is no context container: neither is requested.
    expect(attachments.requests).toBe(0)
    expect(contextCapture.requests).toBe(0)
  })

  it('attachments: requested with the option on; the input keeps its text and focus when the picker arrives', async () => {
    const user = userEvent.setup()
    const { history, attachments } = renderWithParts({ attachments: true, conversations: false })
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    expect(attachments.requests).toBe(1)
    expect(within(dialog).queryByRole('button', { name: 'Attach images or PDFs' })).toBeNull()
    await user.type(within(dialog).getByRole('textbox', { name: 'Ask a question…' }), 'What is')

    attachments.release()
    await within(dialog).findByRole('button', { name: 'Attach images or PDFs' })
    const input = within(dialog).getByRole('textbox', { name: 'Ask a question…' })
    expect(input).toHaveValue('What is')
    await waitFor(() => expect(input).toHaveFocus())
    await user.type(input, ' this?')
    expect(input).toHaveValue('What is this?')
    expect(history.requests).toBe(0)
  })

  it('Ask AI on the page: requested only with a context container, its buttons once it arrives', async () => {
    const user = userEvent.setup()
    const page = document.createElement('main')
    page.innerHTML = '<pre><code class="language-sh">npm install @docchat/widget</code></pre>'
    document.body.append(page)
    try {
      const { contextCapture } = renderWithParts({ contextContainer: { current: page } })
      await screen.findByRole('dialog', { name: 'Assistant' })
      expect(contextCapture.requests).toBe(1)
      expect(within(page).queryByRole('button', { name: /Ask AI/ })).toBeNull()
      contextCapture.release()
      const ask = await within(page).findByRole('button', { name: /^Ask AI about this/ })
      await user.click(ask)
      const dialog = screen.getByRole('dialog', { name: 'Assistant' })
      expect(within(dialog).getByRole('list', { name: 'Attached context' })).toHaveTextContent(
        'Code: npm install @docchat/widget',
      )
    } finally {
      page.remove()
    }
  })
})
