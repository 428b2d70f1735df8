import { expectLinearTime } from '@docchat/test-utils/linear-time'
import type { ContextItem } from '@docchat/core'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { CodeBlockAskAI } from './code-block-ask-ai'
import { ContextChips } from './context-chips'
import { describeContextItem } from './context-item'
import { SelectionAskAI } from './selection-ask-ai'

function select(node: Node, start: number, end: number, top = 100) {
  const range = document.createRange()
  range.setStart(node, start)
  range.setEnd(node, end)
  // jsdom has no layout, so Range has no geometry: give this one a rect like a browser would.
  range.getBoundingClientRect = () =>
    ({
      top,
      left: 40,
      bottom: top + 20,
      right: 200,
      width: 160,
      height: 20,
      x: 40,
      y: top,
      toJSON() {},
    }) as DOMRect
  const selection = document.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
  // jsdom does not fire selectionchange for programmatic selections; browsers do.
  document.dispatchEvent(new Event('selectionchange'))
}

function Docs({ onAdd, shortcut }: { onAdd: (item: ContextItem) => void; shortcut?: string }) {
  const ref = useRef<HTMLElement>(null)
  return (
    <main>
      <article ref={ref} data-testid="docs">
        <p>Install the CLI with npm before running the dev server.</p>
        <pre className="language-bash">
          <code>npm i -g docchat</code>
        </pre>
        <pre id="example-config" data-language="json">
          <code>{'{ "a": 1 }'}</code>
        </pre>
      </article>
      <p data-testid="outside">Footer</p>
      <SelectionAskAI containerRef={ref} onAdd={onAdd} path="/quickstart" shortcut={shortcut} />
      <CodeBlockAskAI containerRef={ref} onAdd={onAdd} path="/quickstart" />
    </main>
  )
}

function Chips() {
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const [items, setItems] = useState<ContextItem[]>([
    { type: 'textSelection', value: 'Install the CLI with npm before running the dev server.' },
    { type: 'code', value: 'npm i -g docchat', elementId: 'code-1' },
    { type: 'code', value: '{ "a": 1 }', elementId: 'code-2' },
  ])
  return (
    <>
      <ContextChips
        items={items}
        onRemove={(_item, index) => setItems((current) => current.filter((_, i) => i !== index))}
        fallbackFocusRef={inputRef}
      />
      <textarea ref={inputRef} aria-label="Question" />
    </>
  )
}

describe('SelectionAskAI', () => {
  it('appears above a selection inside the container and adds a textSelection item', async () => {
    const user = userEvent.setup()
    const onAdd = vi.fn()
    const { container } = render(<Docs onAdd={onAdd} />)
    expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull()
    act(() => select(screen.getByTestId('docs').querySelector('p')!.firstChild!, 12, 15))
    const button = await screen.findByRole('button', { name: 'Ask AI' })
    // Above the selection (its bottom edge 8px over the selected line), not on the next line.
    expect(button).toHaveStyle({ position: 'fixed', top: '92px', left: '40px' })
    expect(button.style.translate).toBe('0 -100%')
    expect(button).toHaveAttribute('data-top', '92')
    expect(button).toHaveAttribute('data-placement', 'above')
    expect(button).toHaveAttribute('data-state', 'open')
    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])

    await user.click(button)
    expect(onAdd).toHaveBeenCalledWith({ type: 'textSelection', value: 'CLI', path: '/quickstart' })
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull())
  })

  it('goes under the selection when there is no room above it', async () => {
    render(<Docs onAdd={vi.fn()} />)
    act(() => select(screen.getByTestId('docs').querySelector('p')!.firstChild!, 12, 15, 20))
    const button = await screen.findByRole('button', { name: 'Ask AI' })
    expect(button).toHaveAttribute('data-placement', 'below')
    expect(button).toHaveStyle({ top: '48px' })
    expect(button.style.translate).toBe('')
  })

  it('ignores selections outside the container', async () => {
    render(<Docs onAdd={vi.fn()} />)
    act(() => select(screen.getByTestId('outside').firstChild!, 0, 6))
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)))
    expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull()
  })

  it('is keyboard reachable: focus + Enter adds, Escape dismisses, a shortcut works too', async () => {
    const user = userEvent.setup()
    const onAdd = vi.fn()
    render(<Docs onAdd={onAdd} shortcut="mod+shift+a" />)
    const text = screen.getByTestId('docs').querySelector('p')!.firstChild!
    act(() => select(text, 0, 7))
    const button = await screen.findByRole('button', { name: 'Ask AI' })
    expect(button).toHaveAttribute('aria-keyshortcuts', 'Meta+Shift+A Control+Shift+A')
    act(() => button.focus())
    await user.keyboard('{Enter}')
    expect(onAdd).toHaveBeenLastCalledWith({
      type: 'textSelection',
      value: 'Install',
      path: '/quickstart',
    })

    act(() => select(text, 0, 7))
    await screen.findByRole('button', { name: 'Ask AI' })
    await user.keyboard('{Control>}{Shift>}a{/Shift}{/Control}')
    expect(onAdd).toHaveBeenCalledTimes(2)

    act(() => select(text, 0, 7))
    const again = await screen.findByRole('button', { name: 'Ask AI' })
    act(() => again.focus())
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('button', { name: 'Ask AI' })).toBeNull()
    expect(onAdd).toHaveBeenCalledTimes(2)
  })
})

describe('CodeBlockAskAI', () => {
  it('adds a button before each code block that adds a code item with its elementId', async () => {
    const user = userEvent.setup()
    const onAdd = vi.fn()
    const { container, unmount } = render(<Docs onAdd={onAdd} />)
    const bash = await screen.findByRole('button', { name: 'Ask AI about this bash code' })
    const json = screen.getByRole('button', { name: 'Ask AI about this json code' })
    const [firstPre, secondPre] = Array.from(container.querySelectorAll('pre'))
    expect(bash.parentElement?.nextElementSibling).toBe(firstPre)
    expect(firstPre?.textContent).toBe('npm i -g docchat')
    expect(json).toHaveAttribute('data-element-id', 'example-config')

    await user.click(bash)
    expect(onAdd).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'code',
        value: 'npm i -g docchat',
        path: '/quickstart',
        elementId: expect.any(String),
      }),
      expect.anything(),
    )
    const elementId = (onAdd.mock.calls[0]![0] as ContextItem).elementId!
    expect(firstPre?.id || firstPre?.getAttribute('data-docchat-code-block')).toBe(elementId)
    await user.click(json)
    expect(onAdd).toHaveBeenLastCalledWith(
      expect.objectContaining({ elementId: 'example-config' }),
      expect.anything(),
    )
    expect(secondPre).toBeInTheDocument()

    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])
    unmount()
    expect(document.querySelector('[data-docchat-ask-ai-host]')).toBeNull()
  })
})

describe('ContextChips', () => {
  it('lists items with accessible remove buttons and moves focus sensibly on removal', async () => {
    const user = userEvent.setup()
    const { container } = render(<Chips />)
    const list = screen.getByRole('list', { name: 'Attached context' })
    expect(list.querySelectorAll('li')).toHaveLength(3)
    expect(
      screen.getByText(
        describeContextItem({
          type: 'textSelection',
          value: 'Install the CLI with npm before running the dev server.',
        }),
      ),
    ).toHaveTextContent(/^“Install the CLI.*…”$/)
    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove Code: npm i -g docchat' }))
    expect(list.querySelectorAll('li')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Remove Code: { "a": 1 }' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(screen.getByRole('button', { name: /Remove “Install/ })).toHaveFocus()
    await user.keyboard(' ')
    expect(screen.queryByRole('list')).toBeNull()
    expect(screen.getByLabelText('Question')).toHaveFocus()
  })

  it('describes items', () => {
    expect(describeContextItem({ type: 'code', value: 'a\n  b' })).toBe('Code: a b')
    expect(describeContextItem({ type: 'textSelection', value: 'x'.repeat(50) }, 10)).toBe(
      `“${'x'.repeat(9)}…”`,
    )
  })

  it('describes an item in linear time, reading no more than its cap', () => {
    expectLinearTime(
      (n) => ({ type: 'textSelection' as const, value: `${' \n\t'.repeat(n / 3)}x` }),
      (item) => describeContextItem(item),
    )
    // Past the cap (20,000), what follows is never read: only blanks are seen here.
    expect(describeContextItem({ type: 'code', value: `${' '.repeat(30_000)}late` })).toBe('Code: ')
  })
})
