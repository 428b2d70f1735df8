import { act, fireEvent, render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations } from '@docchat/test-utils/axe'
import {
  formatShortcut,
  getAriaKeyShortcuts,
  matchesShortcut,
  parseShortcut,
  ShortcutLabel,
  Shortcuts,
  useShortcutLabel,
  useShortcuts,
} from './index'

function press(target: EventTarget, init: KeyboardEventInit) {
  const event = new KeyboardEvent('keydown', {
    bubbles: true,
    composed: true,
    cancelable: true,
    ...init,
  })
  target.dispatchEvent(event)
  return event
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('parseShortcut / matchesShortcut', () => {
  it('matches mod+k with either ⌘ or Ctrl, but not both and not with extra modifiers', () => {
    const parsed = parseShortcut('mod+k')!
    const base = {
      key: 'k',
      code: 'KeyK',
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      shiftKey: false,
    }
    expect(matchesShortcut(parsed, { ...base, metaKey: true })).toBe(true)
    expect(matchesShortcut(parsed, { ...base, ctrlKey: true })).toBe(true)
    expect(matchesShortcut(parsed, { ...base, ctrlKey: true, metaKey: true })).toBe(false)
    expect(matchesShortcut(parsed, { ...base, metaKey: true, shiftKey: true })).toBe(false)
    expect(matchesShortcut(parsed, { ...base, metaKey: true, altKey: true })).toBe(false)
    expect(matchesShortcut(parsed, base)).toBe(false)
    // Non-Latin layout: `key` is a Cyrillic letter, the physical key is still K.
    expect(matchesShortcut(parsed, { ...base, key: 'л', metaKey: true })).toBe(true)
  })

  it('parses other forms and rejects junk or disabled values', () => {
    expect(parseShortcut('ctrl+shift+p')).toMatchObject({
      key: 'p',
      ctrl: true,
      shift: true,
      mod: false,
    })
    expect(parseShortcut('/')).toMatchObject({ key: '/', mod: false })
    expect(parseShortcut(false)).toBeNull()
    expect(parseShortcut('')).toBeNull()
    expect(parseShortcut('hyper+k')).toBeNull()
  })

  it('builds aria-keyshortcuts and visible labels', () => {
    expect(getAriaKeyShortcuts('mod+k')).toBe('Meta+K Control+K')
    expect(getAriaKeyShortcuts('mod+i')).toBe('Meta+I Control+I')
    expect(getAriaKeyShortcuts('ctrl+shift+p')).toBe('Control+Shift+P')
    expect(getAriaKeyShortcuts(false)).toBe('')
    expect(formatShortcut('mod+k', true)).toBe('⌘K')
    expect(formatShortcut('mod+k', false)).toBe('Ctrl K')
    expect(formatShortcut('alt+shift+a', true)).toBe('⌥⇧A')
  })
})

describe('useShortcuts', () => {
  it('opens search on ⌘K / Ctrl+K and the assistant on ⌘I / Ctrl+I, preventing the browser default', () => {
    const onSearch = vi.fn()
    const onAssistant = vi.fn()
    renderHook(() => useShortcuts({ onSearch, onAssistant }))
    const searchEvent = press(document.body, { key: 'k', code: 'KeyK', metaKey: true })
    expect(onSearch).toHaveBeenCalledTimes(1)
    expect(searchEvent.defaultPrevented).toBe(true)
    press(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(onSearch).toHaveBeenCalledTimes(2)
    press(document.body, { key: 'i', code: 'KeyI', ctrlKey: true })
    expect(onAssistant).toHaveBeenCalledTimes(1)
  })

  it('does not intercept other browser shortcuts (extra modifiers, plain letters)', () => {
    const onSearch = vi.fn()
    renderHook(() => useShortcuts({ onSearch }))
    const withShift = press(document.body, {
      key: 'K',
      code: 'KeyK',
      metaKey: true,
      shiftKey: true,
    })
    const plain = press(document.body, { key: 'k', code: 'KeyK' })
    const find = press(document.body, { key: 'f', code: 'KeyF', metaKey: true })
    expect(onSearch).not.toHaveBeenCalled()
    expect([withShift, plain, find].some((event) => event.defaultPrevented)).toBe(false)
  })

  /** The search shortcut pressed on `target`, with useShortcuts mounted: not fired, not prevented. */
  function expectLeftToTyping(target: Element, init: KeyboardEventInit) {
    const onSearch = vi.fn()
    renderHook(() => useShortcuts({ onSearch }))
    const event = press(target, init)
    expect(onSearch).not.toHaveBeenCalled()
    expect(event.defaultPrevented).toBe(false)
  }

  it.each([
    ['input', () => Object.assign(document.createElement('input'), { type: 'text' })],
    ['search input', () => Object.assign(document.createElement('input'), { type: 'search' })],
    ['textarea', () => document.createElement('textarea')],
    ['select', () => document.createElement('select')],
    [
      'contenteditable',
      () => {
        const div = document.createElement('div')
        div.setAttribute('contenteditable', 'true')
        return div
      },
    ],
  ])('never fires while typing in a host-page %s', (_name, create) => {
    const field = create()
    document.body.appendChild(field)
    expectLeftToTyping(field, { key: 'k', code: 'KeyK', metaKey: true })
    field.remove()
  })

  it('never fires while typing in an input inside a shadow root (composedPath)', () => {
    const host = document.createElement('my-editor')
    document.body.appendChild(host)
    const input = document.createElement('input')
    host.attachShadow({ mode: 'open' }).appendChild(input)
    // Retargeted to the host at the document, which is not an input: only composedPath knows.
    expectLeftToTyping(input, { key: 'k', code: 'KeyK', ctrlKey: true })
    host.remove()
  })

  it('fires from a checkbox or button (not typing)', () => {
    const onSearch = vi.fn()
    renderHook(() => useShortcuts({ onSearch }))
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' })
    document.body.appendChild(checkbox)
    press(checkbox, { key: 'k', code: 'KeyK', metaKey: true })
    expect(onSearch).toHaveBeenCalled()
    checkbox.remove()
  })

  it('can allow its own editable elements explicitly', () => {
    const onSearch = vi.fn()
    const own = document.createElement('input')
    own.dataset.docchat = ''
    document.body.appendChild(own)
    renderHook(() => useShortcuts({ onSearch, allowInEditable: (origin) => origin === own }))
    press(own, { key: 'k', code: 'KeyK', metaKey: true })
    expect(onSearch).toHaveBeenCalledTimes(1)
    own.remove()
  })

  it('can be rebound or disabled', () => {
    const onSearch = vi.fn()
    const onAssistant = vi.fn()
    const { rerender } = renderHook(
      (props: { search: string | false; enabled?: boolean }) =>
        useShortcuts({ ...props, assistant: false, onSearch, onAssistant }),
      { initialProps: { search: '/' } as { search: string | false; enabled?: boolean } },
    )
    press(document.body, { key: 'k', code: 'KeyK', metaKey: true })
    press(document.body, { key: 'i', code: 'KeyI', metaKey: true })
    expect(onSearch).not.toHaveBeenCalled()
    expect(onAssistant).not.toHaveBeenCalled()
    press(document.body, { key: '/', code: 'Slash' })
    expect(onSearch).toHaveBeenCalledTimes(1)
    rerender({ search: false })
    press(document.body, { key: '/', code: 'Slash' })
    rerender({ search: '/', enabled: false })
    press(document.body, { key: '/', code: 'Slash' })
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('ignores events already handled and IME composition', () => {
    const onSearch = vi.fn()
    renderHook(() => useShortcuts({ onSearch }))
    const handled = new KeyboardEvent('keydown', {
      key: 'k',
      metaKey: true,
      cancelable: true,
      bubbles: true,
    })
    handled.preventDefault()
    document.body.dispatchEvent(handled)
    press(document.body, { key: 'k', metaKey: true, isComposing: true })
    expect(onSearch).not.toHaveBeenCalled()
  })

  it('works as a component and removes its listener on unmount', () => {
    const onSearch = vi.fn()
    const { unmount } = render(<Shortcuts onSearch={onSearch} />)
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
    unmount()
    fireEvent.keyDown(document.body, { key: 'k', code: 'KeyK', ctrlKey: true })
    expect(onSearch).toHaveBeenCalledTimes(1)
  })

  it('works with real user-event keystrokes', async () => {
    const user = userEvent.setup()
    const onSearch = vi.fn()
    render(
      <>
        <Shortcuts onSearch={onSearch} />
        <input aria-label="Host field" />
      </>,
    )
    await user.keyboard('{Control>}k{/Control}')
    expect(onSearch).toHaveBeenCalledTimes(1)
    await user.click(screen.getByLabelText('Host field'))
    await user.keyboard('{Control>}k{/Control}')
    expect(onSearch).toHaveBeenCalledTimes(1)
  })
})

describe('shortcut labels', () => {
  it('renders nothing platform-specific on the server, then the right label after mount', () => {
    expect(renderToString(<ShortcutLabel shortcut="mod+k" />)).toBe(
      '<kbd aria-hidden="true" data-state="pending"></kbd>',
    )
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel')
    const { result } = renderHook(() => useShortcutLabel('mod+k'))
    expect(result.current).toBe('⌘K')
  })

  it('shows Ctrl elsewhere and is hidden from assistive tech (use aria-keyshortcuts instead)', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32')
    const { container } = render(
      <button type="button" aria-keyshortcuts={getAriaKeyShortcuts('mod+k')}>
        Search <ShortcutLabel shortcut="mod+k" />
      </button>,
    )
    await act(async () => {})
    expect(container.querySelector('kbd')).toHaveTextContent('Ctrl K')
    expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute(
      'aria-keyshortcuts',
      'Meta+K Control+K',
    )
    expect(await axeViolations(container)).toEqual([])
  })
})
