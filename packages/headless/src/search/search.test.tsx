import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { axeViolations, describeViolations } from '@docchat/test-utils/axe'
import * as Search from './index'
import { groupSearchResults, type SearchResultLike } from './group-results'

const RESULTS: SearchResultLike[] = [
  {
    path: '/quickstart',
    content: 'Install the CLI',
    metadata: {
      title: 'Quickstart',
      section: 'Install',
      anchor: 'install',
      breadcrumbs: ['Get started', 'Install'],
    },
  },
  {
    path: '/quickstart',
    content: 'Run dev',
    metadata: {
      title: 'Quickstart',
      section: 'Run locally',
      anchor: 'run',
      breadcrumbs: ['Get started', 'Run locally'],
    },
  },
  {
    path: '/api/auth',
    content: 'Bearer tokens',
    metadata: { title: 'Authentication', section: 'Tokens', anchor: 'tokens' },
  },
]

function SearchFixture(props: Partial<Search.RootProps> & { searchResults?: SearchResultLike[] }) {
  const { searchResults: results = RESULTS, ...rootProps } = props
  const [query, setQuery] = useState('')
  const groups = groupSearchResults(query ? results : [])
  return (
    <Search.Root query={query} onQueryChange={setQuery} {...rootProps}>
      <Search.Label>Search docs</Search.Label>
      <Search.Input placeholder="Search" />
      <Search.List>
        {groups.map((group) => (
          <Search.Group key={group.path}>
            <Search.GroupLabel>{group.title}</Search.GroupLabel>
            {group.results.map((item) => (
              <Search.Item key={item.id} value={item.id}>
                <Search.Highlight text={item.title} query={query} />
                <Search.Breadcrumbs items={item.breadcrumbs} />
              </Search.Item>
            ))}
          </Search.Group>
        ))}
      </Search.List>
      {query && groups.length === 0 ? <Search.Empty>No results</Search.Empty> : null}
      <Search.Status>{query ? `${groups.length} pages found` : ''}</Search.Status>
      <Search.KeyboardHint />
    </Search.Root>
  )
}

async function expectNoAxeViolations(container: Element) {
  const violations = await axeViolations(container)
  expect(violations, describeViolations(violations)).toEqual([])
}

function Changing() {
  const [items, setItems] = useState(['a', 'b'])
  return (
    <Search.Root defaultOpen>
      <Search.Input aria-label="Search" />
      <button type="button" onClick={() => setItems(['c'])}>
        swap
      </button>
      <Search.List>
        {items.map((item) => (
          <Search.Item key={item} value={item}>
            {item}
          </Search.Item>
        ))}
      </Search.List>
    </Search.Root>
  )
}

describe('Search combobox', () => {
  it('puts combobox semantics on the input (ARIA 1.2) and has no axe violations when closed', async () => {
    const { container } = render(<SearchFixture />)
    const input = screen.getByRole('combobox', { name: 'Search docs' })
    expect(input).toHaveAttribute('aria-expanded', 'false')
    expect(input).toHaveAttribute('aria-autocomplete', 'list')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    const listbox = document.getElementById(input.getAttribute('aria-controls')!)
    expect(listbox).toHaveAttribute('role', 'listbox')
    expect(listbox).toHaveAttribute('hidden')
    expect(input).toHaveAccessibleDescription(/to navigate/)
    await expectNoAxeViolations(container)
  })

  it('opens on typing without an active descendant, so typed characters are echoed', async () => {
    const user = userEvent.setup()
    const { container } = render(<SearchFixture />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'ins')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(screen.getAllByRole('option')).toHaveLength(3)
    for (const option of screen.getAllByRole('option'))
      expect(option).toHaveAttribute('aria-selected', 'false')
    await expectNoAxeViolations(container)
  })

  it('names groups after their page so the group is announced', async () => {
    const user = userEvent.setup()
    render(<SearchFixture />)
    await user.type(screen.getByRole('combobox'), 'x')
    const groups = screen.getAllByRole('group')
    expect(
      groups.map(
        (group) =>
          group.getAttribute('aria-labelledby') &&
          document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Quickstart', 'Authentication'])
    expect(screen.getByRole('group', { name: 'Quickstart' })).toBeInTheDocument()
  })

  it('moves with ↓ ↑ Home End (wrapping) and sets aria-activedescendant/aria-selected', async () => {
    const user = userEvent.setup()
    const { container } = render(<SearchFixture />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'a')
    const options = screen.getAllByRole('option')
    const active = () => input.getAttribute('aria-activedescendant')

    await user.keyboard('{ArrowDown}')
    expect(active()).toBe(options[0]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'true')
    expect(options[0]).toHaveAttribute('data-highlighted')
    await expectNoAxeViolations(container)

    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(active()).toBe(options[2]!.id)
    await user.keyboard('{ArrowDown}')
    expect(active()).toBe(options[0]!.id)
    await user.keyboard('{ArrowUp}')
    expect(active()).toBe(options[2]!.id)
    await user.keyboard('{Home}')
    expect(active()).toBe(options[0]!.id)
    await user.keyboard('{End}')
    expect(active()).toBe(options[2]!.id)
    expect(options[0]).toHaveAttribute('aria-selected', 'false')
  })

  it('leaves Home/End to the text caret until the user navigates', async () => {
    const user = userEvent.setup()
    render(<SearchFixture />)
    const input = screen.getByRole<HTMLInputElement>('combobox')
    await user.type(input, 'abc')
    await user.keyboard('{Home}')
    expect(input).not.toHaveAttribute('aria-activedescendant')
    expect(input.selectionStart).toBe(0)
  })

  it('drops the active option when the query changes', async () => {
    const user = userEvent.setup()
    render(<SearchFixture />)
    const input = screen.getByRole('combobox')
    await user.type(input, 'a')
    await user.keyboard('{ArrowDown}')
    expect(input).toHaveAttribute('aria-activedescendant')
    await user.type(input, 'b')
    expect(input).not.toHaveAttribute('aria-activedescendant')
  })

  it('Enter activates the active option (item and root onSelect, then navigation)', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    const navigate = vi.fn()
    const onOpenChange = vi.fn()
    render(
      <Search.Root onSelect={onSelect} navigate={navigate} onOpenChange={onOpenChange} defaultOpen>
        <Search.Input aria-label="Search" />
        <Search.List>
          <Search.Item value="a" href="/a">
            A
          </Search.Item>
          <Search.Item value="b" href="/b">
            B
          </Search.Item>
        </Search.List>
      </Search.Root>,
    )
    await user.click(screen.getByRole('combobox'))
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ value: 'b', href: '/b' }))
    expect(navigate).toHaveBeenCalledWith('/b')
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
  })

  it('lets an item onSelect prevent navigation', async () => {
    const user = userEvent.setup()
    const navigate = vi.fn()
    render(
      <Search.Root navigate={navigate} defaultOpen>
        <Search.Input aria-label="Search" />
        <Search.List>
          <Search.Item value="a" href="/a" onSelect={(event) => event.preventDefault()}>
            A
          </Search.Item>
        </Search.List>
      </Search.Root>,
    )
    await user.click(screen.getByRole('combobox'))
    await user.click(screen.getByRole('option'))
    expect(navigate).not.toHaveBeenCalled()
    expect(screen.getByRole('combobox')).toHaveFocus()
  })

  it('Enter without navigating submits the query (e.g. Ask AI)', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<SearchFixture onSubmit={onSubmit} />)
    await user.type(screen.getByRole('combobox'), 'how to auth{Enter}')
    expect(onSubmit).toHaveBeenCalledWith('how to auth')
  })

  it('selects with the pointer and highlights on hover', async () => {
    const user = userEvent.setup()
    const onSelect = vi.fn()
    render(<SearchFixture onSelect={onSelect} />)
    await user.type(screen.getByRole('combobox'), 'tok')
    const option = screen.getAllByRole('option')[2]!
    await user.hover(option)
    expect(option).toHaveAttribute('aria-selected', 'true')
    await user.click(option)
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ value: '/api/auth#tokens' }))
  })

  it('Escape clears the query first, then closes', async () => {
    const user = userEvent.setup()
    const outer = vi.fn()
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: observes bubbling only
      <div onKeyDown={(event) => outer(event.key)}>
        <SearchFixture />
      </div>,
    )
    const input = screen.getByRole('combobox')
    await user.type(input, 'abc')
    await user.keyboard('{Escape}')
    expect(input).toHaveValue('')
    expect(input).toHaveAttribute('aria-expanded', 'true')
    expect(outer).not.toHaveBeenCalledWith('Escape')
    await user.keyboard('{Escape}')
    expect(input).toHaveAttribute('aria-expanded', 'false')
  })

  it('highlights matches with <mark> and renders breadcrumbs as text', async () => {
    const user = userEvent.setup()
    render(<SearchFixture />)
    await user.type(screen.getByRole('combobox'), 'inst')
    const marks = document.querySelectorAll('mark')
    expect(Array.from(marks, (mark) => mark.textContent)).toEqual(['Inst'])
    expect(screen.getAllByRole('option')[0]).toHaveTextContent('Get started › Install')
  })

  it('shows the empty state and status politely', async () => {
    const user = userEvent.setup()
    const { container } = render(<SearchFixture searchResults={[]} />)
    await user.type(screen.getByRole('combobox'), 'zzz')
    expect(screen.getByText('No results')).toHaveAttribute('role', 'status')
    await expectNoAxeViolations(container)
  })

  it('skips disabled options', async () => {
    const user = userEvent.setup()
    render(
      <Search.Root defaultOpen>
        <Search.Input aria-label="Search" />
        <Search.List>
          <Search.Item value="a" disabled>
            A
          </Search.Item>
          <Search.Item value="b">B</Search.Item>
        </Search.List>
      </Search.Root>,
    )
    await user.click(screen.getByRole('combobox'))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('option', { name: 'B' })).toHaveAttribute('aria-selected', 'true')
  })

  it('runs consumer handlers first and skips internal behaviour when they prevent default', async () => {
    const user = userEvent.setup()
    render(
      <Search.Root defaultOpen>
        <Search.Input
          aria-label="Search"
          onKeyDown={(event) => event.key === 'ArrowDown' && event.preventDefault()}
        />
        <Search.List>
          <Search.Item value="a">A</Search.Item>
        </Search.List>
      </Search.Root>,
    )
    await user.click(screen.getByRole('combobox'))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant')
  })

  it('throws a helpful error outside Root', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Search.Input />)).toThrow(
      '<Search.Input> must be rendered inside <Search.Root>.',
    )
    vi.restoreAllMocks()
  })

  it('clears a stale active option when results disappear', async () => {
    const user = userEvent.setup()
    render(<Changing />)
    await user.click(screen.getByRole('combobox'))
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('combobox')).toHaveAttribute('aria-activedescendant')
    await act(async () => screen.getByText('swap').click())
    expect(screen.getByRole('combobox')).not.toHaveAttribute('aria-activedescendant')
  })
})
