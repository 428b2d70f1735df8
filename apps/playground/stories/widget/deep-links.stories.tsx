import { DocChatWidget } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, within } from 'storybook/test'
import { screen, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

const question = 'How do I install the widget?'

/** Puts a deep link in the story's own URL before the widget mounts, as a shared link would. */
function linkLoader(link: { search?: Record<string, string>; hash?: string }) {
  return async () => {
    const url = new URL(location.href)
    for (const [name, value] of Object.entries(link.search ?? {})) url.searchParams.set(name, value)
    url.hash = link.hash ?? ''
    history.replaceState(history.state, '', url)
    return {}
  }
}

const meta = {
  title: 'Widget/Deep links',
  component: DocChatWidget,
  loaders: [devServerLoader],
  args: { variant: 'panel', theme: 'light', docsBaseUrl: 'https://docchat.dev', onEvent: fn() },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme}>
        <p>This page was opened from a DocChat deep link.</p>
        <DocChatWidget client={backend.client} domain={backend.domain} {...args} />
      </StoryFrame>
    )
  },
} satisfies Meta<typeof DocChatWidget>
export default meta
type Story = StoryObj<typeof meta>

/** `?assistant=<question>`: the assistant opens and asks once; the answer can copy the link again. */
export const AsksFromTheUrl: Story = {
  loaders: [devServerLoader, linkLoader({ search: { assistant: question } })],
  play: async ({ canvasElement, args }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    const answer = await waitForAnswer(within(dialog))
    await expect(new URL(location.href).searchParams.has('assistant')).toBe(false)
    await expect(args.onEvent).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'ask', source: 'api' }),
    )
    // Copying needs clipboard permission, which the e2e test grants (deep-links.spec.ts).
    await expect(
      within(answer).getByRole('button', { name: 'Copy link to this question' }),
    ).toBeVisible()
  },
}

/** `#docchat-search=<query>`: search opens with the query typed in. */
export const SearchFromTheHash: Story = {
  loaders: [devServerLoader, linkLoader({ hash: '#docchat-search=theming' })],
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await expect(input).toHaveValue('theming')
    await expect(location.hash).toBe('')
  },
}

/** `deepLinks: { assistantParam: 'ask' }`: links read `?ask=…`; `?assistant=` is left alone. */
export const RenamedParameter: Story = {
  args: { deepLinks: { assistantParam: 'ask' } },
  loaders: [devServerLoader, linkLoader({ search: { ask: question } })],
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await waitForAnswer(within(dialog))
    await expect(new URL(location.href).searchParams.has('ask')).toBe(false)
  },
}
