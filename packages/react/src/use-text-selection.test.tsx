import { act, render, waitFor } from '@testing-library/react'
import { useRef } from 'react'
import { type TextSelection, useTextSelection } from './use-text-selection'

let latest: TextSelection | undefined
let renders = 0

function Article() {
  const ref = useRef<HTMLDivElement>(null)
  latest = useTextSelection(ref, { path: '/quickstart' })
  renders++
  return (
    <div>
      <div ref={ref} data-testid="article">
        <p>Install the CLI with npm.</p>
        <p>Then run the dev server.</p>
      </div>
      <p data-testid="outside">Footer text</p>
    </div>
  )
}

function select(node: Node, start: number, end: number) {
  const range = document.createRange()
  range.setStart(node, start)
  range.setEnd(node, end)
  const selection = document.getSelection()!
  selection.removeAllRanges()
  selection.addRange(range)
  // jsdom does not fire selectionchange for programmatic selections; browsers do.
  document.dispatchEvent(new Event('selectionchange'))
}

const lateContainer: { current: HTMLElement | null } = { current: null }

/** Mounted after the page's selection was made. */
function Late() {
  latest = useTextSelection(lateContainer)
  return null
}

describe('useTextSelection', () => {
  beforeEach(() => {
    latest = undefined
    renders = 0
  })

  it('reports a selection inside the container as a textSelection context item', async () => {
    const { getByTestId } = render(<Article />)
    const text = getByTestId('article').querySelector('p')!.firstChild!
    act(() => select(text, 12, 15))
    await waitFor(() => expect(latest?.text).toBe('CLI'))
    expect(latest?.contextItem).toEqual({
      type: 'textSelection',
      value: 'CLI',
      path: '/quickstart',
    })
    expect(latest?.range).toBeInstanceOf(Range)
  })

  it('reports a selection made before it mounted (the code using it may load after the reader selected)', async () => {
    const page = document.createElement('article')
    page.innerHTML = '<p>Install the CLI with npm.</p>'
    document.body.append(page)
    lateContainer.current = page
    try {
      const range = document.createRange()
      range.setStart(page.querySelector('p')!.firstChild!, 12)
      range.setEnd(page.querySelector('p')!.firstChild!, 15)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
      // Whatever selectionchange the selection causes is over before mounting.
      await new Promise((resolve) => setTimeout(resolve, 50))
      // No selectionchange after mounting.
      render(<Late />)
      await waitFor(() => expect(latest?.text).toBe('CLI'))
    } finally {
      document.getSelection()!.removeAllRanges()
      page.remove()
    }
  })

  it('ignores selections outside the container and clears on collapse', async () => {
    const { getByTestId } = render(<Article />)
    act(() => select(getByTestId('article').querySelector('p')!.firstChild!, 0, 7))
    await waitFor(() => expect(latest?.text).toBe('Install'))

    act(() => select(getByTestId('outside').firstChild!, 0, 6))
    await waitFor(() => expect(latest?.text).toBe(''))
    expect(latest?.contextItem).toBeNull()

    act(() => select(getByTestId('article').querySelector('p')!.firstChild!, 0, 7))
    await waitFor(() => expect(latest?.text).toBe('Install'))
    act(() => {
      document.getSelection()!.collapseToStart()
      document.dispatchEvent(new Event('selectionchange'))
    })
    await waitFor(() => expect(latest?.text).toBe(''))
  })

  it('batches a burst of selectionchange events into one read per frame', async () => {
    const { getByTestId } = render(<Article />)
    const text = getByTestId('article').querySelector('p')!.firstChild!
    const before = renders
    act(() => {
      for (let end = 1; end <= 7; end++) select(text, 0, end)
    })
    await waitFor(() => expect(latest?.text).toBe('Install'))
    expect(renders - before).toBe(1)
  })

  it('clear() removes the page selection', async () => {
    const { getByTestId } = render(<Article />)
    act(() => select(getByTestId('article').querySelector('p')!.firstChild!, 0, 7))
    await waitFor(() => expect(latest?.text).toBe('Install'))
    act(() => latest?.clear())
    expect(latest?.text).toBe('')
    expect(document.getSelection()?.rangeCount).toBe(0)
  })
})
