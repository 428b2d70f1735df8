import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import { DefaultCodeBlock } from './code-block'
import { Markdown } from './markdown'

const labels = { copy: 'Copy code', copied: 'Copied' }

afterEach(() => {
  vi.restoreAllMocks()
})

describe('DefaultCodeBlock', () => {
  it('shows the language, highlights, and copies with the Clipboard API, announcing "Copied"', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const { container } = render(
      <DefaultCodeBlock language="js" code="const a = 1" closed index={0} labels={labels} />,
    )
    expect(container.querySelector('[data-part="code-language"]')).toHaveTextContent('js')
    await waitFor(() =>
      expect(container.querySelector('.token-keyword')).toHaveTextContent('const'),
    )
    expect(await axeViolations(container)).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    expect(writeText).toHaveBeenCalledWith('const a = 1')
    expect(await screen.findByRole('button', { name: 'Copied' })).toHaveAttribute(
      'data-state',
      'copied',
    )
    expect(screen.getByRole('status')).toHaveTextContent('Copied')
    const violations = await axeViolations(container)
    expect(violations, describeViolations(violations)).toEqual([])
  })

  it('falls back to execCommand when the Clipboard API is missing or refused', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    // jsdom has no execCommand; define it for this test only.
    const execCommand = vi.fn(() => true)
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true })
    render(<DefaultCodeBlock language="" code="echo hi" closed index={0} labels={labels} />)
    await user.click(screen.getByRole('button', { name: 'Copy code' }))
    expect(execCommand).toHaveBeenCalledWith('copy')
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument()
    expect(document.querySelector('textarea')).toBeNull()
    Reflect.deleteProperty(document, 'execCommand')
  })

  it('resets to idle after a while', async () => {
    vi.useFakeTimers()
    vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    render(<DefaultCodeBlock language="" code="x" closed index={0} labels={labels} />)
    await act(async () => {
      screen.getByRole('button', { name: 'Copy code' }).click()
    })
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
    await act(async () => {
      vi.advanceTimersByTime(2100)
    })
    expect(screen.getByRole('button', { name: 'Copy code' })).toHaveAttribute('data-state', 'idle')
    vi.useRealTimers()
  })
})

describe('an unfinished code block', () => {
  it('offers no Copy while its fence is open, and says it is unfinished once the stream ended', () => {
    const content = 'Run:\n\n```bash\nnpm install @docchat/wid'
    const { container, rerender } = render(<Markdown content={content} streaming />)
    const block = () => container.querySelector('[data-docchat-code-block]')
    expect(block()).toHaveAttribute('data-state', 'streaming')
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull()
    expect(container.querySelector('[data-part="code-unfinished"]')).toBeNull()

    // Stopped mid-block: the block stays open for good.
    rerender(<Markdown content={content} labels={{ unfinished: 'Cut off' }} />)
    expect(block()).toHaveAttribute('data-state', 'cut')
    expect(container.querySelector('[data-part="code-unfinished"]')).toHaveTextContent('Cut off')
    expect(screen.queryByRole('button', { name: 'Copy code' })).toBeNull()

    // A finished block keeps its Copy button.
    rerender(<Markdown content={`${content}get\n\`\`\`\n`} />)
    expect(block()).toHaveAttribute('data-state', 'complete')
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument()
  })
})

describe('the highlighter, a chunk of its own', () => {
  it('shows the code plain until it has loaded, then coloured; later blocks are coloured at once', async () => {
    // A fresh module: the highlighter not loaded yet in this test's copy.
    vi.resetModules()
    const { HighlightedCode } = await import('./code-block')
    const first = render(<HighlightedCode code="const a = 1" language="js" />)
    const code = first.container.querySelector('code')!
    expect(code).toHaveTextContent('const a = 1')
    expect(code.querySelector('.token-keyword')).toBeNull()
    await waitFor(() => expect(code.querySelector('.token-keyword')).toHaveTextContent('const'))
    expect(code).toHaveTextContent('const a = 1')

    const second = render(<HighlightedCode code="let b = 2" language="js" />)
    expect(second.container.querySelector('.token-keyword')).toHaveTextContent('let')
  })
})
