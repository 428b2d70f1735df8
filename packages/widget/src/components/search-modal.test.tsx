import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { DocChatEvent } from '../analytics'
import { axeViolations } from '@docchat/test-utils/axe'
import { createTestBackend } from '@docchat/test-utils/backend'
import { domain, testBackend } from '../test/harness'
import { SearchModal, type SearchModalProps } from './search-modal'

const backend = testBackend()

function renderSearch(props: Partial<SearchModalProps> = {}) {
  const user = userEvent.setup()
  const navigate = vi.fn()
  const view = render(
    <SearchModal
      client={backend.client}
      domain={domain}
      defaultOpen
      navigate={navigate}
      {...props}
    />,
  )
  const input = screen.getByRole('combobox', { name: 'Search the docs' })
  return { user, navigate, input, ...view }
}

async function results() {
  return waitFor(
    () => {
      const options = within(screen.getByRole('listbox')).getAllByRole('option')
      expect(options.length).toBeGreaterThan(1)
      return options
    },
    { timeout: 5000 },
  )
}

describe('given a SearchModal', () => {
  it('is a labelled modal dialog with the input focused and key hints', async () => {
    renderSearch()
    const dialog = screen.getByRole('dialog', { name: 'Search' })
    expect(dialog).toHaveAttribute('aria-modal', 'true')
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveFocus())
    expect(screen.getByText('Type to search the docs.')).toBeInTheDocument()
    expect(dialog).toHaveTextContent('to navigate')
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('groups results by page with highlighted matches', async () => {
    const { user, input } = renderSearch()
    await user.type(input, 'theme')
    await results()
    const groups = within(screen.getByRole('listbox')).getAllByRole('group')
    expect(groups.length).toBeGreaterThan(0)
    expect(groups[0]).toHaveAccessibleName(/.+/)
    expect(screen.getByRole('listbox').querySelector('mark')?.textContent?.toLowerCase()).toBe(
      'theme',
    )
    expect(await axeViolations(document.body)).toEqual([])
  })

  it('navigates with the keyboard and opens the chosen result', async () => {
    const onEvent = vi.fn()
    const { user, input, navigate } = renderSearch({ onAskAI: vi.fn(), onEvent })
    await user.type(input, 'widget')
    const options = await results()
    expect(input).not.toHaveAttribute('aria-activedescendant')
    await user.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await user.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant', options[1]!.id)
    await user.keyboard('{Enter}')
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\//))
    expect(onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'source-click', position: 0 }),
    )
  })

  it('hands the query to the assistant with one click or with Enter', async () => {
    const onAskAI = vi.fn()
    const { user, input } = renderSearch({ onAskAI })
    await user.type(input, 'custom domain')
    await user.click(await screen.findByRole('option', { name: 'Ask AI about “custom domain”' }))
    expect(onAskAI).toHaveBeenCalledWith('custom domain')
    await user.keyboard('{Enter}')
    expect(onAskAI).toHaveBeenCalledTimes(2)
  })

  it('says when nothing matches, still offering the hand-off', async () => {
    const { user, input } = renderSearch({ onAskAI: vi.fn() })
    await user.type(input, 'qwzxvplorp')
    expect(
      await screen.findByText('No results for “qwzxvplorp”', {}, { timeout: 5000 }),
    ).toBeInTheDocument()
    expect(screen.getByRole('option', { name: /Ask AI about/ })).toBeInTheDocument()
  })

  it('reports searches without the query text by default', async () => {
    const events: DocChatEvent[] = []
    const { user, input } = renderSearch({ onEvent: (event) => events.push(event) })
    await user.type(input, 'quickstart')
    await results()
    await waitFor(() => expect(events.some((e) => e.type === 'search')).toBe(true))
    const search = events.find((e) => e.type === 'search')
    expect(search).toEqual(expect.objectContaining({ queryLength: 'quickstart'.length }))
    expect(JSON.stringify(events)).not.toContain('quickstart')
  })

  it('remembers chosen results as recent searches', async () => {
    const { user, input, unmount } = renderSearch()
    await user.type(input, 'widget')
    await results()
    await user.keyboard('{ArrowDown}{Enter}')
    unmount()
    renderSearch()
    const recent = await screen.findByRole('group', { name: 'Recent searches' })
    expect(within(recent).getAllByRole('option')).toHaveLength(1)
  })

  it('closes on one Escape, with a query and results showing', async () => {
    const onOpenChange = vi.fn()
    const { user, input } = renderSearch({ onOpenChange })
    await user.type(input, 'widget')
    await screen.findAllByRole('option')
    await user.keyboard('{Escape}')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })

  it('shows search errors in plain words, with the detail for developers, within 1.5 s', async () => {
    backend.setFault('status=403')
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const events: DocChatEvent[] = []
    const onError = vi.fn()
    const { user, input } = renderSearch({ onEvent: (e) => events.push(e), onError })
    await user.type(input, 'widget')
    const typed = performance.now()
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(performance.now() - typed).toBeLessThan(1500)
    expect(alert).toHaveTextContent('Search isn’t available on this site right now.')
    // Readers never see key advice; developers get it in the console, onEvent and onError.
    expect(alert).not.toHaveTextContent(/assistantKey|mint_/)
    await waitFor(() => expect(onError).toHaveBeenCalled())
    expect(onError.mock.calls[0]![0]).toMatchObject({ kind: 'forbidden', status: 403 })
    expect(events).toContainEqual(expect.objectContaining({ type: 'error', kind: 'forbidden' }))
    expect(consoleError).toHaveBeenCalled()
    consoleError.mockRestore()
  })
  it('shows a rate limit that hits after results are on screen, in search wording, instead of the old results', async () => {
    // One second into the hour window: the next search is limited for the rest of the hour.
    const limited = await createTestBackend({
      rateLimits: { perOrgPerHour: 1 },
      now: () => Date.UTC(2026, 0, 1, 0, 0, 1),
    })
    const user = userEvent.setup()
    render(<SearchModal client={limited.client} domain={domain} defaultOpen defaultQuery="theme" />)
    await results()
    const input = screen.getByRole('combobox', { name: 'Search the docs' })
    await user.clear(input)
    await user.type(input, 'widget')
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 })
    expect(alert).toHaveAttribute('data-kind', 'rate-limited')
    expect(alert).toHaveTextContent(/^Too many searches\. Try again in \d+s\.$/)
    expect(screen.getByRole('listbox').querySelectorAll('.docchat-result')).toHaveLength(0)
    expect(await axeViolations(document.body)).toEqual([])
    limited.server.close()
  })
})
