import { SearchModal } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { answerTimeout, screen } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

/** Search before typing (suggestions), the visible Enter default, and clean snippets. */
const meta = {
  title: 'Widget/SearchModal/Empty state and defaults',
  component: SearchModal,
  loaders: [devServerLoader],
  args: {
    defaultOpen: true,
    theme: 'light',
    docsBaseUrl: 'https://docchat.dev',
    // Recent searches off, so every run starts from the suggestions.
    recentSearches: false,
    starterQuestions: ['How do I proxy the assistant key?', 'Which CSS variables can I set?'],
    suggestedPages: [
      { title: 'Quickstart', href: '/quickstart' },
      { title: 'Theming', href: '/widget/theming' },
    ],
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

/** No query and no recent searches: suggested questions (Ask AI) and suggested pages. */
export const Suggestions: Story = {
  play: async ({ canvasElement, args }) => {
    const page = screen(canvasElement)
    const questions = await page.findByRole('group', { name: 'Try asking' })
    await expect(within(questions).getAllByRole('option')).toHaveLength(2)
    const pages = page.getByRole('group', { name: 'Suggested pages' })
    await userEvent.click(within(pages).getByRole('option', { name: 'Theming' }))
    await expect(args.navigate).toHaveBeenCalledWith('/widget/theming')
  },
}

/** A suggested question hands itself to the assistant. */
export const SuggestedQuestion: Story = {
  play: async ({ canvasElement, args }) => {
    const questions = await screen(canvasElement).findByRole('group', { name: 'Try asking' })
    await userEvent.click(
      within(questions).getByRole('option', { name: 'Which CSS variables can I set?' }),
    )
    await expect(args.onAskAI).toHaveBeenCalledWith('Which CSS variables can I set?')
  },
}

/** Before any arrow key, "Ask AI" looks active and shows ↵: that is what Enter does. */
export const EnterDefault: Story = {
  play: async ({ canvasElement, args }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('theming')
    const askAi = await page.findByRole('option', { name: /Ask AI about “theming”/ })
    await expect(askAi).toHaveAttribute('data-default', '')
    await waitFor(() => expect(askAi.querySelector('.docchat-enter-key')).toBeVisible())
    await userEvent.keyboard('{Enter}')
    await expect(args.onAskAI).toHaveBeenCalledWith('theming')
  },
}

/** Without an assistant, the first result is the default, and Enter opens it. */
export const EnterOpensFirstResult: Story = {
  args: { onAskAI: undefined },
  play: async ({ canvasElement, args }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('theming')
    const listbox: HTMLElement = await page.findByRole('listbox')
    const first = await waitFor(
      () => {
        const option = listbox.querySelector<HTMLElement>('[role="option"][data-default]')
        if (!option) throw new Error('no default option yet')
        return option
      },
      { timeout: answerTimeout },
    )
    await expect(first).toBe(within(listbox).getAllByRole('option')[0])
    await userEvent.keyboard('{Enter}')
    await expect(args.navigate).toHaveBeenCalledWith(
      expect.stringContaining('https://docchat.dev/'),
    )
  },
}

/** Snippets are clean text: no fences, backticks, table pipes or emphasis markers; code looks like code. */
export const CleanSnippets: Story = {
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('createDocsClient')
    const listbox: HTMLElement = await page.findByRole('listbox')
    await waitFor(
      () => expect(listbox.querySelectorAll('.docchat-result-snippet').length).toBeGreaterThan(1),
      { timeout: answerTimeout },
    )
    const snippets = Array.from(listbox.querySelectorAll('.docchat-result-snippet'))
    for (const snippet of snippets) {
      await expect(snippet.textContent).not.toMatch(/```|\*\*|\| ?-{3}/)
    }
    await expect(listbox.querySelector('.docchat-result-code')).not.toBeNull()
  },
}
