import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { ask, clientOf, domain, stopMidAnswer, waitForAnswer, widgetHarness } from '../test/harness'
import { AssistantMessage } from './assistant-message'
import { AssistantPanel } from './assistant-panel'
import { panelMemoryKey, parsePanelMemory } from './panel-memory'
import { WidgetScope } from './widget-scope'

// What a reader sees of an answer, against the real dev server (in process, real AI SDK streams).
const { backend, renderPanel, renderWidget, assistantRequests } = widgetHarness()
afterEach(() => vi.restoreAllMocks())

const question = 'How do I stream answers?'

describe('an answer’s chrome', () => {
  it('shows citations as chips linking to their source, and each page once', async () => {
    const { user } = renderPanel()
    await ask(user, question)
    const answer = await waitForAnswer()
    const chips = Array.from(answer.querySelectorAll<HTMLAnchorElement>('a.docchat-citation'))
    expect(chips.length).toBeGreaterThan(0)
    const sources = within(within(answer).getByRole('list', { name: 'Sources' })).getAllByRole(
      'link',
    )
    const sourcePages = sources.map((link) => link.getAttribute('href')!.split('#')[0])
    for (const chip of chips) {
      expect(chip.textContent).toMatch(/^\d+$/)
      // Chip n links to source n of the list.
      const source = sources[Number(chip.textContent) - 1]!
      expect(chip.getAttribute('href')!.split('#')[0]).toBe(
        source.getAttribute('href')!.split('#')[0],
      )
      expect(chip).toHaveAccessibleName(/^Source \d+: /)
    }
    // No literal citation markup survives.
    expect(answer.textContent).not.toMatch(/\[\d+\]/)
    // Pages listed under Sources are not suggested again.
    expect(new Set(sourcePages).size).toBe(sourcePages.length)
    const suggestions = answer.querySelectorAll<HTMLAnchorElement>('a.docchat-suggestion')
    for (const suggestion of suggestions) {
      expect(sourcePages).not.toContain(suggestion.getAttribute('href')!.split('#')[0])
    }
  })

  it('copies the answer numbered as on screen, with absolute links and its Sources', async () => {
    const { user } = renderPanel()
    await ask(user, question)
    const answer = await waitForAnswer()
    const chips = Array.from(answer.querySelectorAll('a.docchat-citation')).map(
      (a) => a.textContent,
    )
    const sources = within(within(answer).getByRole('list', { name: 'Sources' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')!)
    expect(chips.length).toBeGreaterThan(0)
    await user.click(within(answer).getByRole('button', { name: 'Copy answer' }))
    // Seen, not only announced: the button says it.
    expect(within(answer).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    const copied = await navigator.clipboard.readText()
    const [body, list] = copied.split('\n\nSources:\n')
    // The same numbers as the chips, in the same order, each pointing at its listed page.
    const cited = Array.from(body!.matchAll(/\[(\d+)\]\(([^)\s]+)\)/g))
    expect(cited.map((match) => match[1])).toEqual(chips)
    const listed = Array.from(list!.matchAll(/^(\d+)\. \[[^\]]*\]\(([^)\s]+)\)$/gm))
    expect(listed).toHaveLength(sources.length)
    const page = (url: string) => new URL(url, location.origin).href.split('#')[0]
    for (const [, number, url] of cited) {
      expect(page(listed[Number(number) - 1]![2]!)).toBe(page(url!))
    }
    // Every link absolute: pasted elsewhere, it still leads to the docs.
    for (const [, , url] of [...cited, ...listed]) {
      expect(url!.startsWith(`${location.origin}/`)).toBe(true)
    }
    expect(new Set(listed.map((match) => page(match[2]!))).size).toBe(listed.length)
  })

  it('offers search under an answer that found nothing, and opens it', async () => {
    const { user, ref } = renderWidget()
    act(() => ref.current!.open('assistant'))
    const dialog = await screen.findByRole('dialog', { name: 'Assistant' })
    await ask(user, 'How do I bake sourdough bread?')
    const answer = await waitForAnswer(dialog)
    expect(answer).toHaveAttribute('data-not-found', '')
    await user.click(within(answer).getByRole('button', { name: 'Search the docs' }))
    expect(await screen.findByRole('dialog', { name: 'Search' })).toBeInTheDocument()
  })

  it('fills the title with siteName and opens sources in a new tab when asked to', async () => {
    const { user } = renderPanel({ siteName: 'Acme Docs', openSourcesInNewTab: true })
    expect(screen.getByRole('heading', { name: 'Acme Docs Assistant' })).toBeInTheDocument()
    await ask(user, question)
    const answer = await waitForAnswer()
    const links = answer.querySelectorAll('a.docchat-source, a.docchat-citation')
    expect(links.length).toBeGreaterThan(1)
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    }
  })

  it('words the disclaimer for the mode the server announces', async () => {
    sessionStorage.clear()
    const { user } = renderPanel()
    expect(screen.getByText(/generated by AI/)).toBeInTheDocument()
    await ask(user, question)
    await waitForAnswer()
    // The dev server without a model says `X-DocChat-Answer-Mode: extractive`.
    expect(
      screen.getByText('Answers are extracted from the docs, no AI model.'),
    ).toBeInTheDocument()
    expect(screen.queryByText(/generated by AI/)).toBeNull()
  })

  it('says the answer mode from the first paint and never flips (option, then the tab)', async () => {
    sessionStorage.clear()
    const extractive = 'Answers are extracted from the docs, no AI model.'
    // The site says what its backend is: the first paint already has it, and it stays.
    const seen: string[] = []
    const observer = new MutationObserver(() => {
      const text = document.querySelector('.docchat-disclaimer')?.textContent
      if (text) seen.push(text)
    })
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    const first = renderPanel({ answerMode: 'extractive' })
    expect(screen.getByText(extractive)).toBeInTheDocument()
    await ask(first.user, question)
    await waitForAnswer()
    observer.disconnect()
    expect(seen.length).toBeGreaterThan(0)
    expect(new Set(seen)).toEqual(new Set([extractive]))
    first.unmount()

    // The next page of the site, no option: the server's word from the last page is kept.
    renderPanel()
    await waitFor(() => expect(screen.getByText(extractive)).toBeInTheDocument())
    expect(screen.queryByText(/generated by AI/)).toBeNull()
  })
})

describe('a stopped answer', () => {
  it('is marked as stopped and Continue goes on with the same answer, no new question', async () => {
    const onEvent = vi.fn()
    const { user } = renderPanel({ onEvent, includeQuestionText: true })
    // The whole answer, for comparison: the offline dev server composes the same one again.
    await ask(user, question)
    const whole = (await waitForAnswer()).textContent
    await user.click(screen.getByRole('button', { name: 'New conversation' }))

    backend.setFault('token-rate=5')
    await ask(user, question)
    const log = await stopMidAnswer(user)
    const answer = within(log).getByRole('article')
    expect(answer).toHaveAttribute('data-state', 'stopped')
    expect(within(answer).getByText('You stopped this answer.')).toBeInTheDocument()
    expect(within(answer).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument()
    const violations = await axeViolations(document.body)
    expect(violations, describeViolations(violations)).toEqual([])
    const partial = answer.textContent ?? ''

    backend.setFault(undefined)
    await user.click(within(answer).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(log.querySelector('article')?.textContent).toBe(whole), {
      timeout: 20_000,
    })
    const next = await waitForAnswer()
    // One question, one answer: the stopped one, continued to its end.
    expect(within(log).getAllByRole('article')).toHaveLength(1)
    expect(log.querySelectorAll('[data-role="user"]')).toHaveLength(1)
    expect(within(log).queryByText('Please continue the previous answer.')).toBeNull()
    expect(next).toHaveAttribute('data-state', 'complete')
    expect(next.textContent).toBe(whole)
    expect(whole!.length).toBeGreaterThan(partial.length)
    // The request ended with the partial answer, not with a question.
    const last = assistantRequests().at(-1)!.body as { messages: { role: string }[] }
    expect(last.messages.at(-1)?.role).toBe('assistant')
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'ask', source: 'continue', question }),
    )
  }, 45_000)

  it('offers no Continue when the server does not say it continues answers', async () => {
    // The same dev server, its answers without `X-DocChat-Continue` (as Mintlify's API sends).
    const client = clientOf(backend, {
      fetch: async (input, init) => {
        const response = await backend.fetch(input, init)
        const headers = new Headers(response.headers)
        headers.delete('x-docchat-continue')
        return new Response(response.body, { status: response.status, headers })
      },
    })
    const { user } = renderPanel({ client })
    backend.setFault('token-rate=5')
    await ask(user, question)
    const log = await stopMidAnswer(user)
    const answer = within(log).getByRole('article')
    expect(answer).toHaveAttribute('data-state', 'stopped')
    expect(within(answer).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument()
    expect(within(answer).queryByRole('button', { name: 'Continue' })).toBeNull()
  })

  it('closes an open code block visibly, without a Copy button', () => {
    const text = 'Install it:\n\n```bash\nnpm install @docchat/wid'
    const message = {
      id: 'a1',
      role: 'assistant',
      content: text,
      parts: [{ type: 'text', text }],
    } as never
    const helpers = {
      sources: () => [],
      suggestions: () => [],
      displayText: () => text,
      notFound: () => false,
    }
    const props = {
      message,
      chat: helpers,
      feedback: undefined,
      onFeedback: () => {},
      onSourceClick: () => {},
    }
    const { container, rerender } = render(
      <WidgetScope>
        <AssistantMessage {...props} streaming />
      </WidgetScope>,
    )
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull()
    rerender(
      <WidgetScope>
        <AssistantMessage {...props} streaming={false} stopped onRegenerate={() => {}} />
      </WidgetScope>,
    )
    const block = container.querySelector('[data-docchat-code-block]')
    expect(block).toHaveAttribute('data-state', 'cut')
    expect(within(block as HTMLElement).getByText('Unfinished')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull()
    expect(screen.getByText('You stopped this answer.')).toBeInTheDocument()
  })
})

describe('thumbs-down', () => {
  it('offers reasons and a comment, delivered to onFeedback and onEvent', async () => {
    const onFeedback = vi.fn()
    const events: DocChatEvent[] = []
    const { user } = renderPanel({ onFeedback, onEvent: (event) => events.push(event) })
    await ask(user, question)
    const answer = await waitForAnswer()
    await user.click(within(answer).getByRole('button', { name: 'Not helpful' }))
    const reasons = within(answer).getByRole('group', { name: 'What was wrong?' })
    expect(within(reasons).getByRole('checkbox', { name: 'Incorrect' })).toHaveFocus()
    await user.click(within(reasons).getByRole('checkbox', { name: 'Out of date' }))
    await user.click(within(reasons).getByRole('checkbox', { name: 'Irrelevant sources' }))
    await user.type(
      within(answer).getByRole('textbox', { name: 'Anything else? (optional)' }),
      'v2 changed this',
    )
    const violations = await axeViolations(document.body)
    expect(violations, describeViolations(violations)).toEqual([])
    await user.click(within(answer).getByRole('button', { name: 'Send feedback' }))

    expect(onFeedback).toHaveBeenLastCalledWith({
      value: 'down',
      messageId: expect.any(String),
      reasons: ['outdated', 'irrelevant-sources'],
      comment: 'v2 changed this',
    })
    const feedback = events.filter((event) => event.type === 'feedback')
    expect(feedback).toHaveLength(2)
    expect(feedback[1]).toMatchObject({ reasons: ['outdated', 'irrelevant-sources'] })
    // What the reader typed stays out of analytics unless includeQuestionText is on.
    expect(feedback[1]).not.toHaveProperty('comment')
    expect(within(answer).queryByRole('group', { name: 'What was wrong?' })).toBeNull()
    expect(within(answer).getByText('Thanks for the feedback')).toBeInTheDocument()
  })
})

describe('errors', () => {
  it('a 401 gives readers a sentence and developers the detail (console, onEvent, onError)', async () => {
    const client = clientOf(backend, { assistantKey: 'mint_dsc_not_a_real_key' })
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const onError = vi.fn()
    const onEvent = vi.fn()
    const user = userEvent.setup()
    render(<AssistantPanel client={client} domain={domain} onError={onError} onEvent={onEvent} />)
    await ask(user, question)
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveTextContent('The assistant isn’t available on this site right now.')
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringMatching(/assistant key was rejected \(401\).*assistantKey/),
      expect.objectContaining({ kind: 'unauthorized' }),
    )
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({ kind: 'unauthorized', status: 401 }),
    )
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'error', message: expect.stringMatching(/mint_dsc_/) }),
    )
  })
})

describe('the open state across page loads', () => {
  it('reopens the assistant when it was open on the previous page of this tab, without taking focus', async () => {
    sessionStorage.setItem(panelMemoryKey(domain), JSON.stringify({ open: true, at: Date.now() }))
    const onEvent = vi.fn()
    renderWidget({ onEvent })
    expect(await screen.findByRole('dialog', { name: 'Assistant' })).toBeInTheDocument()
    expect(document.activeElement).toBe(document.body)
    expect(onEvent).not.toHaveBeenCalledWith(expect.objectContaining({ type: 'open' }))
    // Closing is remembered too.
    await act(async () => screen.getByRole('button', { name: 'Close' }).click())
    expect(parsePanelMemory(sessionStorage.getItem(panelMemoryKey(domain)))?.open).toBe(false)
  })

  it('ignores and removes a stored value that is not its own', async () => {
    const key = panelMemoryKey(domain)
    sessionStorage.setItem(key, '{"open":"yes","scrollTop":1e99}')
    renderWidget()
    await act(async () => {})
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(sessionStorage.getItem(key)).toBeNull()
  })

  it('stays closed with rememberOpenState: false', async () => {
    sessionStorage.setItem(panelMemoryKey(domain), JSON.stringify({ open: true, at: Date.now() }))
    renderWidget({ rememberOpenState: false })
    await act(async () => {})
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('validates what it reads', () => {
    const now = 1_000_000_000
    const read = (value: unknown) =>
      parsePanelMemory(typeof value === 'string' ? value : JSON.stringify(value), now)
    expect(read({ open: true, scrollTop: 120.4, at: now - 1000 })).toEqual({
      open: true,
      scrollTop: 120,
      at: now - 1000,
    })
    expect(read({ open: false, docked: true, at: now })).toEqual({
      open: false,
      docked: true,
      at: now,
    })
    expect(read({ open: false, docked: false, at: now })).toEqual({ open: false, at: now })
    for (const bad of [
      'not json',
      null,
      [],
      { open: 1, at: now },
      { open: true },
      { open: true, at: now + 60_000 },
      { open: true, at: now - 31 * 60_000 },
      { open: true, at: now, scrollTop: -1 },
      { open: true, at: now, scrollTop: '5' },
      { open: true, at: now, scrollTop: 1e12 },
      { open: true, at: now, docked: 'yes' },
      { open: true, at: now, docked: { toString: 'javascript:alert(1)' } },
      `{"open":true,"at":${now},"pad":"${'x'.repeat(300)}"}`,
    ]) {
      expect(read(bad)).toBeUndefined()
    }
  })
})
