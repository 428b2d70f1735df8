import { groupSearchResults, Search } from '@docchat/headless'
import { DocChatProvider, useDocsSearch } from '@docchat/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { answerTimeout } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import '../../src/headless-demo.css'

/** The headless combobox wired to live search: grouping, highlighting and keys come from the parts. */
function LiveSearch({ navigate }: { navigate: (href: string) => void }) {
  const [query, setQuery] = useState('')
  const search = useDocsSearch(query)
  const groups = groupSearchResults(search.results, { docsBaseUrl: 'https://docchat.dev' })
  const trimmed = query.trim()
  const settled = Boolean(search.searchedQuery) && !search.isFetching && !search.isDebouncing
  return (
    <Search.Root
      className="demo"
      query={query}
      onQueryChange={setQuery}
      open={trimmed !== ''}
      navigate={navigate}
    >
      <Search.Label>Search the docs</Search.Label>
      <Search.Input placeholder="Try “theming” or “threads”" />
      <Search.KeyboardHint />
      <Search.List aria-label="Results">
        {groups.map((group) => (
          <Search.Group key={group.path} label={group.title}>
            <Search.GroupLabel>{group.title}</Search.GroupLabel>
            {group.results.map((item) => (
              <Search.Item key={item.id} value={item.id} href={item.href}>
                <Search.Highlight text={item.title} query={search.searchedQuery} />
                {item.breadcrumbs.length > 0 ? (
                  <>
                    {' · '}
                    <Search.Breadcrumbs items={item.breadcrumbs} />
                  </>
                ) : null}
                <br />
                <small>
                  <Search.Highlight
                    text={item.result.content.slice(0, 120)}
                    query={search.searchedQuery}
                  />
                </small>
              </Search.Item>
            ))}
          </Search.Group>
        ))}
      </Search.List>
      {settled && search.results.length === 0 ? (
        <Search.Empty>No results for “{trimmed}”</Search.Empty>
      ) : null}
      <Search.Status>
        {search.isFetching ? 'Searching…' : settled ? `${search.results.length} results` : ''}
      </Search.Status>
    </Search.Root>
  )
}

const meta = {
  title: 'Headless/Search combobox',
  component: LiveSearch,
  loaders: [devServerLoader],
  args: { navigate: fn() },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <div style={{ padding: 24 }}>
        <DocChatProvider client={backend.client} domain={backend.domain}>
          <LiveSearch {...args} />
        </DocChatProvider>
      </div>
    )
  },
} satisfies Meta<typeof LiveSearch>
export default meta
type Story = StoryObj<typeof meta>

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('combobox', { name: 'Search the docs' })
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await expect(input).not.toHaveAttribute('aria-activedescendant')
  },
}

/** ↓ ↑ Home End move `aria-activedescendant`; Enter follows the active result. */
export const ResultsAndKeyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('theming')
    const listbox = canvas.getByRole('listbox')
    await waitFor(() => expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(2), {
      timeout: answerTimeout,
    })
    const options = within(listbox).getAllByRole('option')
    await waitFor(() => expect(listbox.querySelector('mark')).not.toBeNull())
    await userEvent.keyboard('{ArrowDown}')
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await expect(options[0]).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{End}')
    await expect(input).toHaveAttribute('aria-activedescendant', options.at(-1)!.id)
    await userEvent.keyboard('{Home}')
    await expect(input).toHaveAttribute('aria-activedescendant', options[0]!.id)
    await userEvent.keyboard('{ArrowUp}')
    await expect(input).toHaveAttribute('aria-activedescendant', options.at(-1)!.id)
    await userEvent.keyboard('{Enter}')
    await expect(args.navigate).toHaveBeenCalledWith(
      expect.stringMatching(/^https:\/\/docchat\.dev\//),
    )
  },
}

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('combobox', { name: 'Search the docs' }))
    await userEvent.keyboard('qwzxvplorp')
    await expect(
      await canvas.findByText('No results for “qwzxvplorp”', undefined, { timeout: answerTimeout }),
    ).toBeVisible()
  },
}

/** Esc clears the query first, and closes the listbox. */
export const EscapeClears: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('threads')
    await waitFor(() => expect(input).toHaveAttribute('aria-expanded', 'true'))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(input).toHaveValue(''))
    await expect(input).toHaveAttribute('aria-expanded', 'false')
  },
}
