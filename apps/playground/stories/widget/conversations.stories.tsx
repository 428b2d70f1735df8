import { createConversationStore } from '@docchat/core'
import { DocChatWidget } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ask, screen, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader, type StoryBackend } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

const minute = 60_000

function turn(
  id: string,
  question: string,
  answer: string,
  source: { url: string; title: string },
) {
  return [
    { id: `${id}-q`, role: 'user', content: question, parts: [{ type: 'text', text: question }] },
    {
      id: `${id}-a`,
      role: 'assistant',
      content: answer,
      parts: [
        { type: 'text', text: answer },
        { type: 'source', source: { sourceType: 'url', id: `${id}-s`, ...source } },
      ],
    },
  ]
}

/** Three earlier conversations in the browser's storage, as if asked over the last days. */
async function seedConversations(backend: StoryBackend): Promise<Record<string, string>> {
  // Kept per API origin, like the widget's own (issue 20): the story's client's.
  const store = createConversationStore({ apiBaseUrl: backend.client.baseUrl })
  const now = Date.now()
  const seeds = [
    turn(
      'theming',
      'How do I change the accent colour?',
      'Set `accent` in the init options. [1](/widget/theming)',
      {
        url: '/widget/theming',
        title: 'Theming',
      },
    ),
    turn(
      'proxy',
      'How do I keep the assistant key on my server?',
      'Use `proxyUrl`: your server adds the key. [1](/widget/drop-in-script)',
      {
        url: '/widget/drop-in-script',
        title: 'Drop-in script',
      },
    ),
    turn(
      'errors',
      'What does a 429 mean?',
      'Too many questions: the widget counts down and retries. [1](/core/errors)',
      {
        url: '/core/errors',
        title: 'Errors and retries',
      },
    ),
  ]
  for (const [index, messages] of seeds.entries()) {
    store.save(backend.domain, { messages, updatedAt: now - (index + 1) * 47 * minute })
  }
  return {}
}

const meta = {
  title: 'Widget/Recent conversations',
  component: DocChatWidget,
  loaders: [devServerLoader],
  parameters: { docchat: { setup: seedConversations } },
  args: {
    defaultOpen: true,
    variant: 'panel',
    theme: 'light',
    docsBaseUrl: 'https://docchat.dev',
    rememberOpenState: false,
    onEvent: fn(),
  },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme}>
        <p>Earlier conversations are kept in this browser, per documentation domain.</p>
        <DocChatWidget client={backend.client} domain={backend.domain} {...args} />
      </StoryFrame>
    )
  },
} satisfies Meta<typeof DocChatWidget>
export default meta
type Story = StoryObj<typeof meta>

async function openHistory(canvasElement: HTMLElement) {
  const page = screen(canvasElement)
  const dialog = await page.findByRole('dialog', { name: /Assistant/ })
  await userEvent.click(within(dialog).getByRole('button', { name: 'Recent conversations' }))
  const region = await within(dialog).findByRole('region', { name: 'Recent conversations' })
  return { dialog, region }
}

/** The list of earlier conversations: newest first, each with its time and a delete button. */
export const History: Story = {
  play: async ({ canvasElement }) => {
    const { dialog, region } = await openHistory(canvasElement)
    const items = within(region).getAllByRole('listitem')
    await expect(
      items.map((item) => item.querySelector('.docchat-history-title')?.textContent),
    ).toEqual([
      'How do I change the accent colour?',
      'How do I keep the assistant key on my server?',
      'What does a 429 mean?',
    ])
    // Arrow keys move between conversations; Enter shows one.
    await expect(within(items[0]!).getAllByRole('button')[0]).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{Enter}')
    const log = await within(dialog).findByRole('log')
    await expect(
      within(log).getByText('How do I keep the assistant key on my server?'),
    ).toBeVisible()
  },
}

/** A new conversation joins the list once answered; the export buttons act on the one on screen. */
export const AskThenExport: Story = {
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await ask(within(dialog), 'How do I install the widget?')
    await waitForAnswer(within(dialog))
    const { region } = await openHistory(canvasElement)
    await waitFor(() => expect(within(region).getAllByRole('listitem')).toHaveLength(4))
    await expect(within(region).getByRole('button', { name: 'Copy as Markdown' })).toBeEnabled()
    await expect(within(region).getByRole('button', { name: 'Download .md' })).toBeEnabled()
  },
}

/** Delete asks for nothing but offers Undo, which gets focus. */
export const DeleteAndUndo: Story = {
  play: async ({ canvasElement }) => {
    const { region } = await openHistory(canvasElement)
    await userEvent.click(
      within(region).getByRole('button', { name: 'Delete “What does a 429 mean?”' }),
    )
    await expect(within(region).getAllByRole('listitem')).toHaveLength(2)
    const undo = within(region).getByRole('button', { name: 'Undo' })
    await expect(undo).toHaveFocus()
    await userEvent.click(undo)
    await expect(within(region).getAllByRole('listitem')).toHaveLength(3)
  },
}

/** Nothing kept yet. */
export const Empty: Story = {
  parameters: { docchat: { setup: async () => ({}) } },
  play: async ({ canvasElement }) => {
    const { region } = await openHistory(canvasElement)
    // The view fades in (opacity from 0), which toBeVisible counts as hidden until it ends.
    await waitFor(() => expect(within(region).getByText(/No conversations yet/)).toBeVisible())
    await expect(within(region).getByRole('button', { name: 'Copy as Markdown' })).toBeDisabled()
  },
}

/** Dark and right-to-left: titles keep their own direction, delete sits on the inline end. */
export const DarkRightToLeft: Story = {
  args: { theme: 'dark', dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const { region } = await openHistory(canvasElement)
    await expect(within(region).getAllByRole('listitem')).toHaveLength(3)
  },
}

/** `conversations: false`: no history button and nothing stored. */
export const Off: Story = {
  args: { conversations: false },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await expect(within(dialog).queryByRole('button', { name: 'Recent conversations' })).toBeNull()
  },
}
