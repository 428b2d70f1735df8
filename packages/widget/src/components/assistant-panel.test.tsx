import { type AssistantChat, DocChatProvider, useAssistantChat } from '@docchat/react'
import { axeViolations } from '@docchat/test-utils/axe'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useEffect } from 'react'
import { describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { ask, clientOf, domain, stopMidAnswer, waitForAnswer, widgetHarness } from '../test/harness'
import { AssistantPanel } from './assistant-panel'

const { backend, renderPanel } = widgetHarness()

const question = 'How do I install the widget?'
const unknownQuestion = 'qwzxv plorp frobnicate'

describe('given an empty AssistantPanel', () => {
  it('shows the empty state with at most three starter questions and no axe violations', async () => {
    renderPanel({ starterQuestions: ['One?', 'Two?', 'Three?', 'Four?'] })
    expect(screen.getByText('Ask anything about the docs')).toBeInTheDocument()
    const starters = within(screen.getByRole('list', { name: 'Try asking' })).getAllByRole('button')
    expect(starters.map((b) => b.textContent)).toEqual(['One?', 'Two?', 'Three?'])
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled()
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('asks a starter question with one click', async () => {
    const { user } = renderPanel({ starterQuestions: [question] })
    await user.click(screen.getByRole('button', { name: question }))
    // The starters unmount; focus stays in the panel, on the question input.
    expect(screen.getByRole('textbox', { name: 'Ask a question…' })).toHaveFocus()
    const answer = await waitForAnswer()
    expect(within(screen.getByRole('log')).getByText(question)).toBeInTheDocument()
    expect(answer.textContent?.length).toBeGreaterThan(20)
  })
})

describe('given a streamed answer', () => {
  it('shows the thinking state, then the answer with citations, sources, suggestions and actions', async () => {
    const { user } = renderPanel()
    backend.setFault('first-byte=400,token-rate=400')
    await ask(user, question)
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true')
    expect(await screen.findByText('Thinking…')).toHaveTextContent('Thinking…')
    const answer = await waitForAnswer()
    const sources = within(answer).getByRole('list', { name: 'Sources' })
    const sourceLinks = within(sources).getAllByRole('link')
    expect(sourceLinks.length).toBeGreaterThan(0)
    expect(sourceLinks[0]).toHaveAttribute('href', expect.stringMatching(/^\//))
    // One entry per page, even when the answer used several sections of it.
    const pages = sourceLinks.map((link) => link.getAttribute('href')!.split('#')[0])
    expect(new Set(pages).size).toBe(pages.length)
    // `[1](/page)` citations become chips numbered like the Sources list.
    const citations = answer.querySelectorAll('.docchat-citation')
    expect(citations.length).toBeGreaterThan(0)
    expect(citations[0]).toHaveAccessibleName(/^Source \d+: /)
    expect(within(answer).getByRole('button', { name: 'Copy answer' })).toBeInTheDocument()
    expect(within(answer).getByRole('button', { name: 'Helpful' })).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    expect(within(answer).getByRole('button', { name: 'Regenerate' })).toBeInTheDocument()
    expect(screen.queryByText('Thinking…')).not.toBeInTheDocument()
    expect(screen.getByText('Answer ready')).toBeInTheDocument()
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('two answers with markdown headings keep heading order and unique landmarks', async () => {
    // The offline model writes no headings; this fetch puts some in front of the dev server's
    // real answer stream, as an LLM's `##`/`###` would arrive.
    const headings = `0:${JSON.stringify('## Setup\n\nFirst steps.\n\n### Details\n\nMore.\n\n')}\n`
    const withHeadings: typeof fetch = async (input, init) => {
      const response = await backend.fetch(input, init)
      if (!response.ok || !response.body) return response
      const prefix = new TextEncoder().encode(headings)
      const body = response.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          start(controller) {
            controller.enqueue(prefix)
          },
        }),
      )
      return new Response(body, { status: response.status, headers: response.headers })
    }
    const client = clientOf(backend, { fetch: withHeadings })
    const { user } = renderPanel({ client })
    await ask(user, question)
    await waitForAnswer()
    await ask(user, 'And how do I theme it?')
    await waitFor(() => expect(screen.getAllByRole('heading', { name: 'Setup' })).toHaveLength(2))
    await waitForAnswer()
    for (const heading of screen.getAllByRole('heading', { name: 'Setup' }))
      expect(heading.tagName).toBe('H3')
    for (const heading of screen.getAllByRole('heading', { name: 'Details' }))
      expect(heading.tagName).toBe('H4')
    expect(screen.getAllByRole('list', { name: 'Sources' })).toHaveLength(2)
    expect(screen.queryByRole('navigation', { name: 'Sources' })).not.toBeInTheDocument()
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('renders the suggestions block as links and hides it from the text', async () => {
    const { user } = renderPanel({ docsBaseUrl: 'https://docs.example.com' })
    await ask(user, question)
    const answer = await waitForAnswer()
    expect(answer.textContent).not.toContain('```suggestions')
    // The dev server ends this answer with a suggestions block of pages it did not cite: the list
    // must be there (issue 19: the checks below ran only if it happened to be).
    const suggestions = within(answer).getByRole('list', { name: 'Suggestions' })
    const links = within(suggestions).getAllByRole('link')
    expect(links.length).toBeGreaterThan(0)
    for (const link of links) {
      expect(link.getAttribute('href')).toMatch(/^https:\/\/docs\.example\.com\//)
    }
    const source = within(within(answer).getByRole('list', { name: 'Sources' })).getAllByRole(
      'link',
    )[0]!
    expect(source.getAttribute('href')).toMatch(/^https:\/\/docs\.example\.com\//)
  })

  it("links the inline citations under the enclosing provider's docsBaseUrl", async () => {
    // Issue 22: inside <DocChatProvider docsBaseUrl>, sources were absolute but the answer's own
    // citations `[1](/page)` stayed relative (the widget read docsBaseUrl from its props only).
    const user = userEvent.setup()
    render(
      <DocChatProvider
        client={backend.client}
        domain={domain}
        docsBaseUrl="https://docs.example.com"
      >
        <AssistantPanel />
      </DocChatProvider>,
    )
    await ask(user, question)
    const answer = await waitForAnswer()
    const citations = within(answer).getAllByRole('link', { name: /^Source \d+: / })
    expect(citations.length).toBeGreaterThan(0)
    for (const citation of citations) {
      expect(citation.getAttribute('href')).toMatch(/^https:\/\/docs\.example\.com\//)
    }
  })

  it('shows the not-found state when the docs do not cover the question', async () => {
    const { user } = renderPanel()
    await ask(user, unknownQuestion)
    const answer = await waitForAnswer()
    // The answer says it found nothing; the note would say it a second time. (The last throttled
    // text update may land just after the stream settles, as in the partial-answer test below.)
    expect(answer).toHaveAttribute('data-not-found')
    await waitFor(() => expect(within(answer).getAllByText(/couldn't find/)).toHaveLength(1))
    expect(answer.querySelector('.docchat-not-found')).toBeNull()
  })

  it('records feedback, reports it and copies the answer', async () => {
    const onFeedback = vi.fn()
    const onEvent = vi.fn()
    const { user } = renderPanel({ onFeedback, onEvent })
    await ask(user, question)
    const answer = await waitForAnswer()
    await user.click(within(answer).getByRole('button', { name: 'Not helpful' }))
    expect(within(answer).getByRole('button', { name: 'Not helpful' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(onFeedback).toHaveBeenCalledWith({ value: 'down', messageId: expect.any(String) })
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'feedback', value: 'down' }),
    )
    // The reasons are optional: skipping them thanks the reader all the same.
    await user.click(within(answer).getByRole('button', { name: 'Skip' }))
    expect(within(answer).getByText('Thanks for the feedback')).toBeInTheDocument()
    expect(onFeedback).toHaveBeenCalledTimes(1)

    const writeText = vi.fn().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await user.click(within(answer).getByRole('button', { name: 'Copy answer' }))
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('docchat'))
    expect(within(answer).getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('regenerates the last answer and starts a new conversation', async () => {
    const { user } = renderPanel()
    await ask(user, question)
    let answer = await waitForAnswer()
    const before = backend.server.requests.filter((r) => r.path.includes('/assistant/')).length
    await user.click(within(answer).getByRole('button', { name: 'Regenerate' }))
    answer = await waitForAnswer()
    expect(backend.server.requests.filter((r) => r.path.includes('/assistant/')).length).toBe(
      before + 1,
    )
    expect(within(screen.getByRole('log')).getAllByRole('article')).toHaveLength(1)
    await user.click(screen.getByRole('button', { name: 'New conversation' }))
    expect(screen.getByText('Ask anything about the docs')).toBeInTheDocument()
  })

  it('stops streaming and keeps the partial answer', async () => {
    const { user } = renderPanel()
    backend.setFault('token-rate=5')
    await ask(user, question)
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument())
    const log = await stopMidAnswer(user)
    expect(within(log).getByRole('article').textContent?.length).toBeGreaterThan(0)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument()
  })

  it('sends with Enter and adds a line with Shift+Enter', async () => {
    const { user } = renderPanel()
    const input = screen.getByRole('textbox', { name: 'Ask a question…' })
    await user.type(input, 'first line{Shift>}{Enter}{/Shift}second')
    expect(input).toHaveValue('first line\nsecond')
    await user.keyboard('{Enter}')
    expect(input).toHaveValue('')
    await waitForAnswer()
  })
})

describe('given an error', () => {
  /** Asks with the backend failing with `fault`; the panel's alert, once shown. */
  async function askFailing(fault: string) {
    const { user } = renderPanel()
    backend.setFault(fault)
    await ask(user, question)
    return { user, alert: await screen.findByRole('alert', {}, { timeout: 5000 }) }
  }

  it('401 shows a plain sentence, offers no retry, and tells developers about the key', async () => {
    const client = clientOf(backend, { assistantKey: 'mint_dsc_not_a_real_key' })
    const onEvent = vi.fn()
    const user = userEvent.setup()
    render(<AssistantPanel client={client} domain={domain} onEvent={onEvent} />)
    await ask(user, question)
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveAttribute('data-kind', 'unauthorized')
    // Readers get a plain sentence; the key is the developer's business (console, onEvent).
    expect(alert).toHaveTextContent('The assistant isn’t available on this site right now.')
    expect(alert).not.toHaveTextContent(/assistantKey|mint_dsc|401/)
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument()
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'error',
        kind: 'unauthorized',
        status: 401,
        retryable: false,
        message: expect.stringMatching(/assistantKey option/),
      }),
    )
  })

  it('403 says plainly that the assistant is unavailable', async () => {
    const { alert } = await askFailing('status=403')
    expect(alert).toHaveAttribute('data-kind', 'forbidden')
    expect(alert).toHaveTextContent('The assistant isn’t available on this site right now.')
    expect(alert).not.toHaveTextContent(/allowed origins|403/)
  })

  it('429 counts down from Retry-After, then allows a retry', async () => {
    const { alert } = await askFailing('status=429')
    expect(alert).toHaveAttribute('data-kind', 'rate-limited')
    expect(alert).toHaveTextContent('try again in 1s')
    expect(within(alert).getByRole('button', { name: 'Retry in 1s' })).toBeDisabled()
    await waitFor(
      () => expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled(),
      {
        timeout: 3000,
      },
    )
    expect(alert).toHaveTextContent('You can try again now')
  })

  it('5xx offers a retry that recovers', async () => {
    const { user, alert } = await askFailing('status=503')
    expect(alert).toHaveAttribute('data-kind', 'server')
    backend.setFault(undefined)
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitForAnswer()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('a network failure offers a retry', async () => {
    // No real network to take down in-process: this fetch fails the way browsers do offline.
    const offline = clientOf(backend, {
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const user = userEvent.setup()
    render(<AssistantPanel client={offline} domain={domain} />)
    await ask(user, question)
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveAttribute('data-kind', 'network')
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled()
  })

  it('keeps a partial answer when the stream fails midway, and Retry answers again', async () => {
    const { user, alert } = await askFailing('error-part')
    // The last throttled update of the partial text may land just after the error.
    await waitFor(() => expect(alert).toHaveTextContent('The answer was cut short'))
    expect(
      within(screen.getByRole('log')).getByRole('article').textContent?.length,
    ).toBeGreaterThan(0)
    expect(await axeViolations(document.body)).toEqual([])

    // The server accepted the question before the model failed: another try is offered.
    backend.setFault(undefined)
    await user.click(within(alert).getByRole('button', { name: 'Retry' }))
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 5000 })
    await waitFor(() =>
      expect(within(screen.getByRole('log')).getAllByRole('article').at(-1)).toHaveTextContent(
        /install/i,
      ),
    )
  })
})

function Harness({ onChat }: { onChat: (chat: AssistantChat) => void }) {
  const chat = useAssistantChat()
  useEffect(() => {
    onChat(chat)
  })
  return <AssistantPanel chat={chat} />
}

describe('given context items', () => {
  it('shows removable chips and sends them with the next question', async () => {
    let chat: AssistantChat | undefined
    const user = userEvent.setup()
    render(
      <DocChatProvider client={backend.client} domain={domain}>
        <Harness onChat={(c) => (chat = c)} />
      </DocChatProvider>,
    )
    act(() => {
      chat!.addContext([
        { type: 'textSelection', value: 'Render the widget in a Shadow DOM' },
        { type: 'code', value: 'npm install @docchat/widget', elementId: 'code-1' },
      ])
    })
    const chips = screen.getByRole('list', { name: 'Attached context' })
    expect(within(chips).getAllByRole('listitem')).toHaveLength(2)
    await user.click(
      within(chips).getByRole('button', { name: /Remove Selection: Render the widget/ }),
    )
    expect(within(chips).getAllByRole('listitem')).toHaveLength(1)
    expect(await axeViolations(document.body)).toEqual([])
    await ask(user, 'What does this do?')
    await waitForAnswer()
    const sent = backend.server.requests.filter((r) => r.path.includes('/assistant/')).at(-1)
    expect((sent!.body as { context?: unknown[] }).context).toEqual([
      { type: 'code', value: 'npm install @docchat/widget', elementId: 'code-1' },
    ])
    expect(screen.queryByRole('list', { name: 'Attached context' })).not.toBeInTheDocument()
  })
})

describe('given analytics, labels and direction options', () => {
  it('never includes question text in events by default', async () => {
    const events: DocChatEvent[] = []
    const { user } = renderPanel({ onEvent: (event) => events.push(event) })
    await ask(user, question)
    await waitForAnswer()
    const askEvent = events.find((e) => e.type === 'ask')
    expect(askEvent).toEqual(
      expect.objectContaining({ type: 'ask', source: 'input', questionLength: question.length }),
    )
    expect(JSON.stringify(events)).not.toContain(question)
  })

  it('includes question text only with includeQuestionText', async () => {
    const events: DocChatEvent[] = []
    const { user } = renderPanel({
      onEvent: (event) => events.push(event),
      includeQuestionText: true,
    })
    await ask(user, question)
    expect(events.find((e) => e.type === 'ask')).toEqual(expect.objectContaining({ question }))
    await waitForAnswer()
  })

  it('reports source clicks and survives a throwing onEvent', async () => {
    const seen: DocChatEvent[] = []
    const { user } = renderPanel({
      onEvent: (event) => {
        seen.push(event)
        throw new Error('analytics is down')
      },
    })
    await ask(user, question)
    const answer = await waitForAnswer()
    const link = within(within(answer).getByRole('list', { name: 'Sources' })).getAllByRole(
      'link',
    )[0]!
    link.addEventListener('click', (event) => event.preventDefault())
    await user.click(link)
    expect(seen).toContainEqual(
      expect.objectContaining({
        type: 'source-click',
        position: 0,
        url: link.getAttribute('href'),
      }),
    )
  })

  it('uses overridden labels everywhere and renders right-to-left', async () => {
    renderPanel({
      dir: 'rtl',
      starterQuestions: ['سؤال؟'],
      labels: { title: 'المساعد', placeholder: 'اطرح سؤالاً', send: 'إرسال', emptyTitle: 'اسأل' },
    })
    expect(screen.getByRole('heading', { name: 'المساعد' })).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'اطرح سؤالاً' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'إرسال' })).toBeInTheDocument()
    expect(screen.getByText('اسأل')).toBeInTheDocument()
    expect(document.querySelector('.docchat-root')).toHaveAttribute('dir', 'rtl')
  })

  it('applies theme, accent, radius, font and z-index as custom properties', () => {
    renderPanel({ theme: 'dark', accent: '#ff0066', radius: 4, font: 'Inter', zIndex: 10 })
    const root = document.querySelector<HTMLElement>('.docchat-root')!
    expect(root).toHaveAttribute('data-theme', 'dark')
    expect(root.style.getPropertyValue('--docchat-primary-color')).toBe('#ff0066')
    expect(root.style.getPropertyValue('--docchat-radius')).toBe('4px')
    expect(root.style.getPropertyValue('--docchat-font')).toBe('Inter')
    expect(root.style.getPropertyValue('--docchat-z-index')).toBe('10')
  })
})
