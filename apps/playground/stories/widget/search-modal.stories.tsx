import { SearchModal } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { answerTimeout, screen } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

const meta = {
  title: 'Widget/SearchModal',
  component: SearchModal,
  loaders: [devServerLoader],
  args: {
    defaultOpen: true,
    theme: 'light',
    docsBaseUrl: 'https://docchat.dev',
    navigate: fn(),
    onAskAI: fn(),
    onOpenChange: fn(),
  },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme} dir={args.dir}>
        <p>A docs page behind the search dialog.</p>
        <SearchModal client={backend.client} domain={backend.domain} {...args} />
      </StoryFrame>
    )
  },
} satisfies Meta<typeof SearchModal>
export default meta
type Story = StoryObj<typeof meta>

async function typeQuery(canvasElement: HTMLElement, query: string) {
  const input = await screen(canvasElement).findByRole('combobox', { name: 'Search the docs' })
  await userEvent.click(input)
  await userEvent.keyboard(query)
  return input
}

async function findResults(canvasElement: HTMLElement) {
  const listbox = await screen(canvasElement).findByRole('listbox')
  await waitFor(
    () =>
      expect(
        within(listbox)
          .getAllByRole('option')
          .filter((o) => !o.classList.contains('docchat-ask-ai')).length,
      ).toBeGreaterThan(0),
    { timeout: answerTimeout },
  )
  return listbox
}

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await waitFor(() => expect(input).toHaveFocus())
    // The dialog fades in; visible once the animation has run.
    await waitFor(() => expect(page.getByText('Type to search the docs.')).toBeVisible())
  },
}

/** The dev server holds the response for 3 s (`latency=3000`): the status reads "Searching…". */
export const Searching: Story = {
  parameters: { docchat: { fault: 'latency=3000' } },
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'theming')
    await waitFor(() => expect(screen(canvasElement).getByText('Searching…')).toBeInTheDocument(), {
      timeout: answerTimeout,
    })
  },
}

/** Results grouped by page with breadcrumbs and highlighted matches; ↓ and Enter follow one. */
export const Results: Story = {
  play: async ({ canvasElement, args }) => {
    const input = await typeQuery(canvasElement, 'theming')
    const listbox = await findResults(canvasElement)
    await expect(within(listbox).getAllByRole('group').length).toBeGreaterThan(0)
    await expect(listbox.querySelector('mark')).not.toBeNull()
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBeTruthy())
    await userEvent.keyboard('{ArrowDown}{Enter}')
    await waitFor(() =>
      expect(args.navigate).toHaveBeenCalledWith(
        expect.stringMatching(/^https:\/\/docchat\.dev\//),
      ),
    )
  },
}

export const NoResults: Story = {
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'qwzxvplorp')
    await expect(
      await screen(canvasElement).findByText('No results for “qwzxvplorp”', undefined, {
        timeout: answerTimeout,
      }),
    ).toBeVisible()
  },
}

/** "Ask AI about …" hands the query to the assistant. */
export const AskAIHandOff: Story = {
  play: async ({ canvasElement, args }) => {
    await typeQuery(canvasElement, 'how do threads work')
    const option = await screen(canvasElement).findByRole('option', {
      name: /Ask AI about “how do threads work”/,
    })
    await userEvent.click(option)
    await expect(args.onAskAI).toHaveBeenCalledWith('how do threads work')
  },
}

/** A followed result is kept as a recent search, shown when the query is empty. */
export const RecentSearches: Story = {
  play: async ({ canvasElement, args }) => {
    const input = await typeQuery(canvasElement, 'theming')
    await findResults(canvasElement)
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}')
    await waitFor(() => expect(args.navigate).toHaveBeenCalled())
    await userEvent.clear(input)
    await expect(
      await screen(canvasElement).findByRole('group', { name: 'Recent searches' }),
    ).toBeVisible()
  },
}

/**
 * The dev server's real limiter with no discovery requests left this hour, one second before the
 * window ends: each search gets 429 with `Retry-After: 1`, the hook retries twice, then shows it.
 * (The clock is fixed, so the window never ends. A longer Retry-After keeps the search retrying
 * that long; and with results already on screen, a later 429 keeps them and shows no message.)
 */
export const RateLimited: Story = {
  parameters: {
    docchat: { server: { rateLimits: { perOrgPerHour: 0 } }, clock: 3_599_000 },
  },
  play: async ({ canvasElement, loaded }) => {
    await typeQuery(canvasElement, 'theming')
    const alert = await screen(canvasElement).findByRole('alert', undefined, {
      timeout: answerTimeout,
    })
    await expect(alert).toHaveTextContent(/Too many/)
    await expect(backendOf(loaded).requestsTo('/search/').length).toBeGreaterThan(0)
  },
}

export const ServerError: Story = {
  parameters: { docchat: { fault: 'status=500' } },
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'theming')
    const alert = await screen(canvasElement).findByRole('alert', undefined, {
      timeout: answerTimeout,
    })
    await expect(alert).toHaveTextContent(/isn’t available right now/)
  },
}

export const NetworkError: Story = {
  parameters: { docchat: { offline: true } },
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'theming')
    const alert = await screen(canvasElement).findByRole('alert', undefined, {
      timeout: answerTimeout,
    })
    await expect(alert).toHaveTextContent(/isn’t available right now/)
  },
}

/** Esc on an empty query closes the dialog. */
export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    const input = await screen(canvasElement).findByRole('combobox', { name: 'Search the docs' })
    await waitFor(() => expect(input).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false))
    await expect(screen(canvasElement).queryByRole('combobox')).not.toBeInTheDocument()
  },
}

export const Dark: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'theming')
    await findResults(canvasElement)
    await expect(canvasElement.ownerDocument.querySelector('.docchat-root')).toHaveAttribute(
      'data-theme',
      'dark',
    )
  },
}

export const RightToLeft: Story = {
  args: {
    dir: 'rtl',
    labels: {
      searchLabel: 'ابحث في التوثيق',
      searchPlaceholder: 'ابحث في التوثيق',
      searchEmpty: 'اكتب للبحث في التوثيق.',
      close: 'إغلاق',
    },
  },
  play: async ({ canvasElement }) => {
    const input = await screen(canvasElement).findByRole('combobox', { name: 'ابحث في التوثيق' })
    await userEvent.click(input)
    await userEvent.keyboard('theming')
    await findResults(canvasElement)
    await expect(canvasElement.ownerDocument.querySelector('.docchat-root')).toHaveAttribute(
      'dir',
      'rtl',
    )
  },
}

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  play: async ({ canvasElement }) => {
    await typeQuery(canvasElement, 'theming')
    await findResults(canvasElement)
  },
}
