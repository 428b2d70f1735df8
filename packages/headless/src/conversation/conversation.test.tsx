import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import * as Conversation from './index'
import { isScrolledToBottom } from './use-stick-to-bottom'

/**
 * jsdom has no layout: scrollHeight/clientHeight are always 0 and setting scrollTop does nothing.
 * This fakes the geometry of one scroll container so the stick-to-bottom logic can be exercised.
 */
function fakeScrollGeometry(element: HTMLElement, { clientHeight = 100, scrollHeight = 100 } = {}) {
  const state = { clientHeight, scrollHeight, scrollTop: 0 }
  Object.defineProperty(element, 'clientHeight', {
    configurable: true,
    get: () => state.clientHeight,
  })
  Object.defineProperty(element, 'scrollHeight', {
    configurable: true,
    get: () => state.scrollHeight,
  })
  Object.defineProperty(element, 'scrollTop', {
    configurable: true,
    get: () => state.scrollTop,
    set: (value: number) => {
      state.scrollTop = Math.max(0, Math.min(value, state.scrollHeight - state.clientHeight))
    },
  })
  return {
    state,
    /** The user scrolls to `top` (fires a scroll event like a browser would). */
    userScrollTo(top: number) {
      state.scrollTop = top
      element.dispatchEvent(new Event('scroll'))
    },
    /** Content grows (e.g. a streamed token wrapped a line). */
    grow(by: number) {
      state.scrollHeight += by
    },
  }
}

function Chat({ busy, messages }: { busy: boolean; messages: string[] }) {
  return (
    <Conversation.Root busy={busy}>
      <Conversation.Log aria-label="Conversation" data-testid="log">
        {messages.map((message, index) => (
          <p key={index}>{message}</p>
        ))}
      </Conversation.Log>
      <Conversation.ScrollToBottom>↓</Conversation.ScrollToBottom>
      <Conversation.Announcer />
    </Conversation.Root>
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Conversation.Log', () => {
  it('is a polite log, busy while streaming, with no axe violations in either state', async () => {
    const { container, rerender } = render(<Chat busy messages={['Hello']} />)
    const log = screen.getByRole('log', { name: 'Conversation' })
    expect(log).toHaveAttribute('aria-live', 'polite')
    expect(log).toHaveAttribute('aria-busy', 'true')
    let violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])
    rerender(<Chat busy={false} messages={['Hello']} />)
    expect(log).toHaveAttribute('aria-busy', 'false')
    violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])
  })

  it('announces completion once per answer, not per token', async () => {
    const { rerender } = render(<Chat busy={false} messages={[]} />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('')
    rerender(<Chat busy messages={['A']} />)
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(status.textContent ?? ''))
    observer.observe(status, { childList: true, subtree: true, characterData: true })
    for (const text of ['An', 'Ans', 'Answ', 'Answer']) {
      rerender(<Chat busy messages={[text]} />)
      await act(async () => {})
      expect(status).toHaveTextContent('')
    }
    rerender(<Chat busy={false} messages={['Answer']} />)
    expect(status).toHaveTextContent('Answer ready')
    rerender(<Chat busy={false} messages={['Answer', 'more']} />)
    await act(async () => {})
    observer.disconnect()
    expect(seen.filter((text) => text === 'Answer ready')).toHaveLength(1)
  })

  it('uses a configurable message and an optional busy message', () => {
    const { rerender } = render(
      <Conversation.Root busy={false}>
        <Conversation.Announcer message="Antwort fertig" busyMessage="Antwort wird erstellt" />
      </Conversation.Root>,
    )
    rerender(
      <Conversation.Root busy>
        <Conversation.Announcer message="Antwort fertig" busyMessage="Antwort wird erstellt" />
      </Conversation.Root>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Antwort wird erstellt')
    rerender(
      <Conversation.Root busy={false}>
        <Conversation.Announcer message="Antwort fertig" busyMessage="Antwort wird erstellt" />
      </Conversation.Root>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Antwort fertig')
  })
})

/** A busy Chat over a faked scroll geometry; `stream` grows the log by `px` as `messages` render. */
function renderStreaming() {
  const { rerender } = render(<Chat busy messages={['a']} />)
  const log = screen.getByTestId('log')
  const geometry = fakeScrollGeometry(log)
  const stream = async (px: number, messages: string[]) => {
    geometry.grow(px)
    rerender(<Chat busy messages={messages} />)
    await act(async () => {})
  }
  return { log, geometry, stream }
}

describe('auto-scroll (scroll geometry mocked: jsdom has no layout)', () => {
  it('follows the stream while at the bottom, stops on scroll up, resumes at the bottom', async () => {
    const user = userEvent.setup()
    const { log, geometry, stream } = renderStreaming()
    await stream(300, ['a', 'b'])
    expect(geometry.state.scrollTop).toBe(300)
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).toBeNull()

    // The user scrolls up: following stops, new tokens leave the position alone.
    await act(async () => geometry.userScrollTo(120))
    await stream(200, ['a', 'b', 'c'])
    expect(geometry.state.scrollTop).toBe(120)
    expect(log).not.toHaveAttribute('data-at-bottom')
    const button = screen.getByRole('button', { name: 'Scroll to bottom' })
    expect(button).toHaveAttribute('data-state', 'visible')

    // Back at the bottom (within sub-pixel tolerance): following resumes.
    await act(async () => geometry.userScrollTo(500 - 0.4))
    await stream(50, ['a', 'b', 'c', 'd'])
    expect(geometry.state.scrollTop).toBe(550)

    // And the button brings the user back and resumes following too.
    await act(async () => geometry.userScrollTo(0))
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      media: query,
    }))
    await user.click(screen.getByRole('button', { name: 'Scroll to bottom' }))
    expect(geometry.state.scrollTop).toBe(550)
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).toBeNull()
  })

  it('releases immediately on an upward wheel gesture, before any scroll event', async () => {
    const { log, geometry, stream } = renderStreaming()
    await stream(100, ['a', 'b'])
    expect(geometry.state.scrollTop).toBe(100)
    log.dispatchEvent(new WheelEvent('wheel', { deltaY: -10 }))
    await stream(100, ['a', 'b', 'c'])
    expect(geometry.state.scrollTop).toBe(100)
  })

  it('uses smooth scrolling for the button unless reduced motion is preferred', async () => {
    const user = userEvent.setup()
    const { log, geometry, stream } = renderStreaming()
    const scrollTo = vi.fn()
    log.scrollTo = scrollTo as unknown as typeof log.scrollTo
    await act(async () => geometry.userScrollTo(0))
    // The observer follows the new content first (a microtask); then the reader scrolls up.
    await stream(400, ['a', 'b'])
    expect(screen.queryByRole('button', { name: 'Scroll to bottom' })).toBeNull()
    await act(async () => geometry.userScrollTo(0))
    vi.stubGlobal('matchMedia', () => ({ matches: false }))
    await user.click(screen.getByRole('button', { name: 'Scroll to bottom' }))
    expect(scrollTo).toHaveBeenCalledWith({ top: 500, behavior: 'smooth' })
  })

  it('treats fractional positions near the bottom as the bottom', () => {
    expect(isScrolledToBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 599.4 }, 0)).toBe(
      true,
    )
    expect(isScrolledToBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 590 }, 16)).toBe(
      true,
    )
    expect(isScrolledToBottom({ scrollHeight: 1000, clientHeight: 400, scrollTop: 500 }, 16)).toBe(
      false,
    )
  })
})

function Turns({ turns, answer }: { turns: string[]; answer: string }) {
  return (
    <Conversation.Root busy anchorSelector='[data-role="user"]'>
      <Conversation.Log aria-label="Conversation" data-testid="log">
        {turns.map((question) => (
          <p key={question} data-role="user">
            {question}
          </p>
        ))}
        <p>{answer}</p>
      </Conversation.Log>
      <Conversation.ScrollToBottom>↓</Conversation.ScrollToBottom>
    </Conversation.Root>
  )
}

/** The new question's place: 380px down the content (jsdom has no layout: rects are faked). */
const questionTop = 380

/**
 * Turns over a faked scroll geometry: `ask` adds the question 'second' with the log grown by `px`,
 * `stream` grows the log by `px` as the answer becomes `answer`.
 */
function renderTurns() {
  const { rerender } = render(<Turns turns={['first']} answer="" />)
  const log = screen.getByTestId('log')
  const geometry = fakeScrollGeometry(log)
  const rect = (top: number) => ({ top, bottom: top, left: 0, right: 0, width: 0, height: 0 })
  vi.spyOn(log, 'getBoundingClientRect').mockImplementation(() => rect(0) as DOMRect)
  const answerWith = (px: number, answer: string) => {
    geometry.grow(px)
    rerender(<Turns turns={['first', 'second']} answer={answer} />)
  }
  const ask = async (px: number, answer: string) => {
    answerWith(px, answer)
    const question = screen.getByText('second')
    vi.spyOn(question, 'getBoundingClientRect').mockImplementation(
      () => rect(questionTop - geometry.state.scrollTop) as DOMRect,
    )
    await act(async () => {})
  }
  const stream = async (px: number, answer: string) => {
    answerWith(px, answer)
    await act(async () => {})
  }
  return { geometry, ask, stream }
}

describe('a new question stays at the top of the view', () => {
  it('follows the answer until the question reaches the top, then waits; reaching the bottom by hand follows again', async () => {
    const { geometry, ask, stream } = renderTurns()
    await ask(300, '')
    // Short answer so far: the view follows to the bottom.
    await stream(50, 'The answer')
    expect(geometry.state.scrollTop).toBe(350)
    // The answer grows past one screen: the question stops at the top instead of scrolling away.
    await stream(400, 'The answer, longer')
    expect(geometry.state.scrollTop).toBe(questionTop)
    expect(screen.getByRole('button', { name: 'Scroll to bottom' })).toBeInTheDocument()
    // The reader goes to the end: the stream is followed from there.
    await act(async () => geometry.userScrollTo(geometry.state.scrollHeight - 100))
    await stream(100, 'The answer, longer still')
    expect(geometry.state.scrollTop).toBe(geometry.state.scrollHeight - 100)
  })
})

describe('a position set from outside', () => {
  it('is kept: a jump the log did not make, above the bottom, stops following', async () => {
    const { geometry, ask, stream } = renderTurns()
    await ask(900, 'A long answer')
    await act(async () => {})
    // Held with the question at the top (following, but not at the bottom).
    await stream(10, 'A long answer, longer')
    expect(geometry.state.scrollTop).toBe(questionTop)
    // A remembered position further down is restored: the view stays there as content changes.
    await act(async () => geometry.userScrollTo(600))
    await stream(100, 'A long answer, longer still')
    expect(geometry.state.scrollTop).toBe(600)
  })
})
