import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { type ReactNode, StrictMode, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import * as Dialog from './index'

function Fixture({
  modal,
  dismissOnInteractOutside,
  children,
  onOpenChange,
}: {
  modal?: boolean
  dismissOnInteractOutside?: boolean
  children?: ReactNode
  onOpenChange?: (open: boolean) => void
}) {
  return (
    <>
      <button type="button">Before</button>
      <Dialog.Root modal={modal} onOpenChange={onOpenChange}>
        <Dialog.Trigger>Open search</Dialog.Trigger>
        <Dialog.Overlay data-testid="overlay" />
        <Dialog.Content
          data-testid="content"
          {...(dismissOnInteractOutside === undefined ? {} : { dismissOnInteractOutside })}
        >
          <Dialog.Title>Search the docs</Dialog.Title>
          <Dialog.Description>Type to search</Dialog.Description>
          {children ?? (
            <>
              <input aria-label="Query" />
              <textarea aria-label="Question" />
              <select aria-label="Version">
                <option>v1</option>
              </select>
              {/* biome-ignore lint/a11y/useSemanticElements: testing a contenteditable on purpose */}
              <div
                contentEditable
                aria-label="Editor"
                role="textbox"
                tabIndex={0}
                suppressContentEditableWarning
              />
              <Dialog.Close>Close</Dialog.Close>
            </>
          )}
        </Dialog.Content>
      </Dialog.Root>
      <button type="button">After</button>
    </>
  )
}

async function expectNoAxeViolations(container: Element) {
  const violations = await axeViolations(container)
  expect(violations, describeViolations(violations)).toEqual([])
}

afterEach(() => {
  document.documentElement.removeAttribute('style')
  document.body.removeAttribute('style')
})

/**
 * A dialog opened from a plain button, not `Dialog.Trigger`. `hides`: the button hides while the
 * dialog is open (as the widget's trigger does) and may lose focus before the dialog takes it, so
 * nothing had focus when the dialog mounted; the dialog is told where to return it.
 */
function Controlled({ hides = false }: { hides?: boolean }) {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={opener}
        type="button"
        hidden={hides && open}
        onClick={() => {
          if (hides) opener.current?.blur()
          setOpen(true)
        }}
      >
        Elsewhere
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Content aria-label="Assistant" returnFocus={hides ? opener : undefined}>
          <input aria-label="Ask" />
        </Dialog.Content>
      </Dialog.Root>
    </>
  )
}

describe('Dialog (modal)', () => {
  it('opens from the trigger with dialog semantics and focuses the first field', async () => {
    const user = userEvent.setup()
    const { container } = render(<Fixture />)
    const trigger = screen.getByRole('button', { name: 'Open search' })
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog')
    expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await expectNoAxeViolations(container)

    await user.click(trigger)
    const dialog = screen.getByRole('dialog', { name: 'Search the docs' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    expect(dialog).toHaveAccessibleDescription('Type to search')
    expect(dialog).toHaveAttribute('data-state', 'open')
    expect(trigger).toHaveAttribute('aria-expanded', 'true')
    expect(trigger).toHaveAttribute('aria-controls', dialog.id)
    expect(screen.getByLabelText('Query')).toHaveFocus()
    expect(screen.getByTestId('overlay')).toHaveAttribute('data-state', 'open')
    await expectNoAxeViolations(container)
  })

  it('cycles Tab and Shift+Tab through input, textarea, select, contenteditable and buttons', async () => {
    const user = userEvent.setup()
    render(<Fixture />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    const order = ['Query', 'Question', 'Version', 'Editor', 'Close']
    for (const name of order.slice(1)) {
      await user.tab()
      expect(document.activeElement).toBe(
        screen.queryByLabelText(name) ?? screen.getByRole('button', { name }),
      )
    }
    await user.tab()
    expect(screen.getByLabelText('Query')).toHaveFocus()
    await user.tab({ shift: true })
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus()
  })

  it('pulls focus back when it escapes to the page', async () => {
    const user = userEvent.setup()
    render(<Fixture />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    act(() => screen.getByRole('button', { name: 'After' }).focus())
    expect(screen.getByTestId('content').contains(document.activeElement)).toBe(true)
  })

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(<Fixture onOpenChange={onOpenChange} />)
    const trigger = screen.getByRole('button', { name: 'Open search' })
    await user.click(trigger)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
    await act(async () => {})
    expect(trigger).toHaveFocus()
  })

  it.each([
    ['the element focused before it opened', false],
    ['`returnFocus` when the button lost focus before the dialog opened', true],
  ])('returns focus to %s', async (_, hides) => {
    const user = userEvent.setup()
    render(<Controlled hides={hides} />)
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' })
    await user.click(elsewhere)
    expect(screen.getByLabelText('Ask')).toHaveFocus()
    await user.keyboard('{Escape}')
    await act(async () => {})
    expect(elsewhere).toHaveFocus()
  })

  it('closes on a pointer down outside, unless dismissOnInteractOutside is false', async () => {
    const user = userEvent.setup()
    const { unmount } = render(<Fixture />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    await user.click(screen.getByRole('button', { name: 'Before' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    unmount()

    render(<Fixture dismissOnInteractOutside={false} />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Before' }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('does not close when the click is inside or the Escape was consumed by a child', async () => {
    const user = userEvent.setup()
    render(
      <Fixture>
        <input
          aria-label="Query"
          onKeyDown={(event) => event.key === 'Escape' && event.preventDefault()}
        />
      </Fixture>,
    )
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    await user.click(screen.getByLabelText('Query'))
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('locks page scroll and restores the exact previous styles and position', async () => {
    const user = userEvent.setup()
    document.body.style.overflow = 'scroll'
    const scrollTo = vi.fn()
    vi.stubGlobal('scrollTo', scrollTo)
    render(<Fixture />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    expect(document.documentElement.style.overflow).toBe('hidden')
    // The body is left alone: hidden there too, it would scroll on its own and carry the page's
    // sticky header away (the Chromium check is in playwright/tests/search-scroll.spec.ts).
    expect(document.body.style.overflow).toBe('scroll')
    // jsdom never scrolls, so simulate the page moving under the dialog (iOS rubber-banding).
    Object.defineProperty(window, 'scrollY', { value: 40, configurable: true })
    await user.keyboard('{Escape}')
    expect(document.body.style.overflow).toBe('scroll')
    expect(document.documentElement.style.overflow).toBe('')
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
    vi.unstubAllGlobals()
  })

  it('blocks touch scrolling outside the dialog only', async () => {
    const user = userEvent.setup()
    render(<Fixture />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    const outside = new Event('touchmove', { bubbles: true, cancelable: true })
    screen.getByRole('button', { name: 'Before' }).dispatchEvent(outside)
    expect(outside.defaultPrevented).toBe(true)
    const inside = new Event('touchmove', { bubbles: true, cancelable: true })
    screen.getByLabelText('Query').dispatchEvent(inside)
    expect(inside.defaultPrevented).toBe(false)
  })

  it('handles Escape in the innermost of nested dialogs only', async () => {
    const user = userEvent.setup()
    render(
      <Dialog.Root defaultOpen>
        <Dialog.Content aria-label="Outer">
          <Dialog.Root defaultOpen>
            <Dialog.Content aria-label="Inner">
              <button type="button">Inner button</button>
            </Dialog.Content>
          </Dialog.Root>
        </Dialog.Content>
      </Dialog.Root>,
    )
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Inner' })).toBeNull()
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument()
    expect(document.documentElement.style.overflow).toBe('hidden')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
  })
})

describe('Dialog in StrictMode', () => {
  it('keeps focus inside after the effect replay and still restores it on close', async () => {
    const user = userEvent.setup()
    render(
      <StrictMode>
        <Fixture />
      </StrictMode>,
    )
    const trigger = screen.getByRole('button', { name: 'Open search' })
    await user.click(trigger)
    await act(async () => {})
    expect(screen.getByLabelText('Query')).toHaveFocus()
    await user.keyboard('{Escape}')
    await act(async () => {})
    expect(trigger).toHaveFocus()
    expect(document.documentElement.style.overflow).toBe('')
  })
})

describe('Dialog (non-modal side panel)', () => {
  it('has no aria-modal, no trap, no scroll lock and stays open on outside clicks', async () => {
    const user = userEvent.setup()
    const { container } = render(<Fixture modal={false} />)
    await user.click(screen.getByRole('button', { name: 'Open search' }))
    const dialog = screen.getByRole('dialog')
    expect(dialog).not.toHaveAttribute('aria-modal')
    expect(screen.queryByTestId('overlay')).toBeNull()
    expect(document.documentElement.style.overflow).toBe('')
    await user.click(screen.getByRole('button', { name: 'After' }))
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    // Escape from the page does not close it; Escape from inside does.
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await user.click(screen.getByLabelText('Query'))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    await expectNoAxeViolations(container)
  })
})

describe('Dialog inside a shadow root', () => {
  it('traps Tab using the shadow root active element and returns focus', async () => {
    const host = document.createElement('div')
    document.body.appendChild(host)
    const shadow = host.attachShadow({ mode: 'open' })
    const mount = document.createElement('div')
    shadow.appendChild(mount)
    const root = createRoot(mount)
    await act(async () => root.render(<Fixture />))
    const trigger = shadow.querySelector('button[aria-haspopup]') as HTMLButtonElement
    trigger.focus()
    await act(async () => trigger.click())
    const [query, , , , close] = Array.from(
      shadow.querySelectorAll<HTMLElement>(
        'input, textarea, select, [contenteditable], [role="dialog"] button',
      ),
    )
    expect(shadow.activeElement).toBe(query)
    close!.focus()
    const tab = new KeyboardEvent('keydown', {
      key: 'Tab',
      bubbles: true,
      composed: true,
      cancelable: true,
    })
    close!.dispatchEvent(tab)
    expect(tab.defaultPrevented).toBe(true)
    expect(shadow.activeElement).toBe(query)
    const escapeKey = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true })
    await act(async () => query!.dispatchEvent(escapeKey))
    expect(shadow.querySelector('[role="dialog"]')).toBeNull()
    await act(async () => {})
    expect(shadow.activeElement).toBe(trigger)
    await act(async () => root.unmount())
    host.remove()
  })
})
