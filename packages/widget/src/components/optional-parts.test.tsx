import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { domain, testBackend } from '../test/harness'
import { DocChatWidget, type DocChatWidgetProps } from './doc-chat-widget'
import { type OptionalPart, OptionalPartsContext, optionalPart } from './optional-parts'
import { panelMemoryKey } from './panel-memory'

const backend = testBackend()

/** The real chunk, held back until the test releases it: a slow network, made deterministic. */
function heldBack<M>(importer: () => Promise<M>) {
  let release!: () => void
  let fail!: (error: Error) => void
  const gate = new Promise<void>((resolve, reject) => {
    release = resolve
    fail = reject
  })
  const held = {
    requests: 0,
    release,
    fail,
    /** Later attempts fail at once while set, and load at once when not. */
    offline: false,
    part: undefined as unknown as OptionalPart<M>,
  }
  held.part = optionalPart(() => {
    held.requests++
    if (held.requests === 1) return gate.then(importer)
    return held.offline ? Promise.reject(new TypeError('Failed to fetch')) : importer()
  })
  return held
}

function renderWithParts(props: Partial<DocChatWidgetProps> = {}) {
  const history = heldBack(() => import('./conversation-history-view'))
  const attachments = heldBack(() => import('./attachments-part'))
  const contextCapture = heldBack(() => import('./context-capture-part'))
  const search = heldBack(() => import('./search-view'))
  const markdown = heldBack(() => import('./answer-markdown'))
  render(
    <StrictMode>
      <OptionalPartsContext.Provider
        value={{
          history: history.part,
          attachments: attachments.part,
          contextCapture: contextCapture.part,
          search: search.part,
          markdown: markdown.part,
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
  return { history, attachments, contextCapture, search, markdown }
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

  it("the answers' renderer in the drop-in: fetched at the first keystroke, not on opening; an answer reads as plain text until it arrives", async () => {
    const user = userEvent.setup()
    const { markdown } = renderWithParts()
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    const input = within(dialog).getByRole('textbox', { name: /ask/i })
    expect(markdown.requests).toBe(0)
    await user.type(input, 'How do I install the widget?')
    expect(markdown.requests).toBe(1)
    await user.keyboard('{Enter}')
    // The answer as shown now, looked up each time: its article is keyed by the message id, which
    // the next step of an answer that searched the docs replaces (a new element, as with AI SDK v4).
    // Holding the first step's element failed when a render fell between the two steps.
    const answer = () => within(dialog).getByRole('article', { name: /assistant/i })
    // The words, as they stand: Markdown's marks still in them, nothing lost.
    await waitFor(() => expect(answer().textContent).toMatch(/\*\*|`/), { timeout: 10_000 })
    expect(answer().querySelector('.docchat-markdown-pending')).not.toBeNull()
    markdown.release()
    await waitFor(() => expect(answer().querySelector('.docchat-markdown-pending')).toBeNull(), {
      timeout: 10_000,
    })
    expect(
      answer().querySelector('.docchat-markdown strong, .docchat-markdown code'),
    ).not.toBeNull()
    expect(markdown.requests).toBe(1)
  })

  it("the answers' renderer failing to load: the answer stays readable, one error in the console; a later attempt renders every answer", async () => {
    const user = userEvent.setup()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      const { markdown } = renderWithParts()
      const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
      const input = within(dialog).getByRole('textbox', { name: /ask/i })
      await user.type(input, 'How do I install the widget?{Enter}')
      const answer = () => within(dialog).getByRole('article', { name: /assistant/i })
      await waitFor(() => expect(answer().textContent).toMatch(/\*\*|`/), { timeout: 10_000 })
      await waitFor(() => expect(within(dialog).getByRole('textbox')).toBeEnabled(), {
        timeout: 10_000,
      })
      const pending = () => answer().querySelector('.docchat-markdown-pending')?.textContent
      const words = pending()
      expect(words).toMatch(/\*\*|`/)
      // A chunk that 404s, fails to fetch or throws as it runs: import() rejects.
      markdown.offline = true
      markdown.fail(new TypeError('Failed to fetch dynamically imported module'))
      await waitFor(() => expect(errors).toHaveBeenCalled())
      // Other effects' attempts (each message, the view, StrictMode's second run) settle too.
      await new Promise((resolve) => setTimeout(resolve, 50))
      const loadErrors = errors.mock.calls.filter(([message]) =>
        String(message).startsWith('DocChat: could not load'),
      )
      expect(loadErrors).toHaveLength(1)
      expect(pending()).toBe(words)
      expect(rejections).toEqual([])

      // Back online: the reader's next keystroke tries again, and the answer already shown renders.
      markdown.offline = false
      await user.type(within(dialog).getByRole('textbox'), 'And')
      await waitFor(() => expect(answer().querySelector('.docchat-markdown-pending')).toBeNull())
      expect(
        answer().querySelector('.docchat-markdown strong, .docchat-markdown code'),
      ).not.toBeNull()
      expect(markdown.requests).toBe(2)
    } finally {
      process.off('unhandledRejection', onRejection)
      errors.mockRestore()
    }
  })

  it("the answers' renderer arriving late: a paste asks for it once; regenerating and closing the panel before it comes leave no error, and the answer renders on reopening", async () => {
    const user = userEvent.setup()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { markdown } = renderWithParts()
      let dialog = await screen.findByRole('dialog', { name: 'Assistant' })
      const input = within(dialog).getByRole('textbox', { name: /ask/i })
      await user.click(input)
      await user.paste('How do I install the widget?')
      expect(markdown.requests).toBe(1)
      await user.clear(input)
      await user.paste('How do I install the widget?')
      await user.keyboard('{Enter}')
      const answer = () => within(dialog).getByRole('article', { name: /assistant/i })
      await waitFor(() => within(answer()).getByRole('button', { name: 'Regenerate' }), {
        timeout: 10_000,
      })
      await user.click(within(answer()).getByRole('button', { name: 'Regenerate' }))
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog', { name: 'Assistant' })).toBeNull()
      markdown.release()
      await waitFor(() => expect(markdown.part.current()).toBeDefined())

      await user.click(screen.getByRole('button', { name: /Ask AI/ }))
      dialog = await screen.findByRole('dialog', { name: 'Assistant' })
      await waitFor(
        () =>
          expect(
            answer().querySelector('.docchat-markdown strong, .docchat-markdown code'),
          ).not.toBeNull(),
        { timeout: 10_000 },
      )
      expect(answer().querySelector('.docchat-markdown-pending')).toBeNull()
      expect(markdown.requests).toBe(1)
      expect(errors).not.toHaveBeenCalled()
    } finally {
      errors.mockRestore()
    }
  })

  it("the answers' renderer and an input method: composing asks for it once, committing and retyping don't ask again", async () => {
    const { markdown } = renderWithParts()
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    const input = within(dialog).getByRole('textbox', { name: /ask/i })
    expect(markdown.requests).toBe(0)
    fireEvent.compositionStart(input)
    fireEvent.change(input, { target: { value: 'に' } })
    expect(markdown.requests).toBe(1)
    fireEvent.change(input, { target: { value: 'にほんご' } })
    // Enter that commits the composition does not send.
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true, keyCode: 229 })
    fireEvent.compositionEnd(input)
    expect(input).toHaveValue('にほんご')
    for (const value of ['', 'a', '', 'ab']) fireEvent.change(input, { target: { value } })
    expect(markdown.requests).toBe(1)
  })

  it("the answers' renderer failing on the next page: the conversation is still put back where the reader was", async () => {
    const user = userEvent.setup()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const scrolled: number[] = []
    const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!
    try {
      // The first page: a question and its answer, kept in the conversation's storage.
      const first = renderWithParts({ rememberOpenState: true })
      first.markdown.release()
      const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
      await user.type(within(dialog).getByRole('textbox'), 'How do I install the widget?{Enter}')
      await waitFor(
        () =>
          expect(
            within(dialog)
              .getByRole('article', { name: /assistant/i })
              .querySelector('.docchat-markdown strong, .docchat-markdown code'),
          ).not.toBeNull(),
        { timeout: 10_000 },
      )
      await waitFor(() => expect(within(dialog).getByRole('textbox')).toBeEnabled())
      cleanup()
      sessionStorage.setItem(
        panelMemoryKey(domain),
        JSON.stringify({ open: true, at: Date.now(), scrollTop: 120 }),
      )

      // The next page: its renderer chunk 404s (a deploy replaced it).
      Object.defineProperty(Element.prototype, 'scrollTop', {
        configurable: true,
        get: scrollTop.get,
        set(value: number) {
          if (this instanceof HTMLElement && this.classList.contains('docchat-log'))
            scrolled.push(value)
          scrollTop.set?.call(this, value)
        },
      })
      const next = renderWithParts({ rememberOpenState: true, defaultOpen: undefined })
      next.markdown.offline = true
      next.markdown.fail(new TypeError('Failed to fetch dynamically imported module'))
      const again = await screen.findByRole('dialog', { name: 'Assistant' })
      await waitFor(() =>
        expect(
          within(again)
            .getByRole('article', { name: /assistant/i })
            .querySelector('.docchat-markdown-pending'),
        ).not.toBeNull(),
      )
      await waitFor(() => expect(errors).toHaveBeenCalled())
      // The log could not scroll that far in jsdom (no layout): it is held there after a second.
      await waitFor(() => expect(scrolled).toContain(120), { timeout: 5_000 })
    } finally {
      Object.defineProperty(Element.prototype, 'scrollTop', scrollTop)
      sessionStorage.clear()
      localStorage.clear()
      errors.mockRestore()
    }
  })

  it('search in a React app: fetched right after mounting; ⌘K before it arrives opens it when it does', async () => {
    const user = userEvent.setup()
    const { search } = renderWithParts({ defaultOpen: false })
    expect(search.requests).toBe(1)
    await user.keyboard('{Control>}k{/Control}')
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull()
    search.release()
    const dialog = await screen.findByRole('dialog', { name: 'Search' })
    await waitFor(() => expect(within(dialog).getByRole('combobox')).toHaveFocus())
  })

  it('search in the drop-in: fetched when a reader reaches for it, the assistant shown until it comes; offline, plain words and Retry', async () => {
    const user = userEvent.setup()
    const events: Array<{ type: string }> = []
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const { search } = renderWithParts({ embedded: true, onEvent: (event) => events.push(event) })
      const assistant = await screen.findByRole('dialog', { name: 'Assistant' })
      expect(search.requests).toBe(0)
      const open = within(assistant).getByRole('button', { name: 'Search' })
      await user.hover(open)
      expect(search.requests).toBe(1)
      await user.click(open)
      // Until it arrives the assistant stays.
      expect(screen.getByRole('dialog', { name: 'Assistant' })).toBeVisible()
      search.fail(new TypeError('Failed to fetch dynamically imported module'))

      const dialog = await screen.findByRole('dialog', { name: 'Search' })
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Search isn’t available right now. Try again in a moment.',
      )
      expect(events).toContainEqual(
        expect.objectContaining({ type: 'error', kind: 'network', retryable: true }),
      )
      expect(errors).toHaveBeenCalledWith('DocChat: could not load search', expect.any(TypeError))
      const retry = within(dialog).getByRole('button', { name: 'Retry' })
      await waitFor(() => expect(retry).toHaveFocus())
      // A way out without a keyboard (on a phone the dialog fills the screen).
      search.offline = true
      await user.click(within(dialog).getByRole('button', { name: 'Close' }))
      expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull()
      await user.keyboard('{Control>}k{/Control}')
      await waitFor(() =>
        expect(
          within(screen.getByRole('dialog', { name: 'Search' })).getByRole('alert'),
        ).toBeVisible(),
      )

      search.offline = false
      await user.click(
        within(screen.getByRole('dialog', { name: 'Search' })).getByRole('button', {
          name: 'Retry',
        }),
      )
      const input = await within(screen.getByRole('dialog', { name: 'Search' })).findByRole(
        'combobox',
      )
      expect(search.requests).toBe(3)
      await waitFor(() => expect(input).toHaveFocus())
      await user.keyboard('install')
      expect(input).toHaveValue('install')
    } finally {
      errors.mockRestore()
    }
  })

  it('search: closing before it arrives keeps it closed', async () => {
    const user = userEvent.setup()
    const { search } = renderWithParts({ embedded: true })
    const assistant = await screen.findByRole('dialog', { name: 'Assistant' })
    await user.click(within(assistant).getByRole('button', { name: 'Search' }))
    await user.click(within(assistant).getByRole('button', { name: 'Close' }))
    search.release()
    await waitFor(() => expect(search.part.current()).toBeDefined())
    expect(screen.queryByRole('dialog', { name: 'Search' })).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'Assistant' })).toBeNull()
  })

  it("a site's words for a part reach it when it loads; its other words are its defaults", async () => {
    const user = userEvent.setup()
    const { search, history } = renderWithParts({
      labels: { searchPlaceholder: 'Find in the docs', recentConversations: 'Earlier chats' },
    })
    search.release()
    history.release()
    const assistant = await screen.findByRole('dialog', { name: 'Assistant' })
    await user.click(within(assistant).getByRole('button', { name: 'Recent conversations' }))
    expect(await within(assistant).findByRole('region', { name: 'Earlier chats' })).toBeVisible()
    expect(
      within(assistant).getByRole('button', { name: 'Back to the conversation' }),
    ).toBeVisible()

    await user.click(within(assistant).getByRole('button', { name: 'Search' }))
    const dialog = await screen.findByRole('dialog', { name: 'Search' })
    expect(within(dialog).getByRole('combobox')).toHaveAttribute('placeholder', 'Find in the docs')
    expect(dialog).toHaveTextContent('to close')
  })
})
