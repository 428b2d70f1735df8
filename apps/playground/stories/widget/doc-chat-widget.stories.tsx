import { DocChatWidget } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ask, screen, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

const question = 'How do I install the widget?'

function HostPage() {
  return (
    <article style={{ maxInlineSize: 640, fontFamily: 'system-ui, sans-serif', lineHeight: 1.6 }}>
      <h1>Quickstart</h1>
      <p>
        Install the packages, render the widget once at the root of your docs site, and press ⌘I or
        Ctrl+I to ask a question.
      </p>
      <pre>
        <code>npm install @docchat/core @docchat/react @docchat/widget</code>
      </pre>
    </article>
  )
}

const meta = {
  title: 'Widget/DocChatWidget',
  component: DocChatWidget,
  loaders: [devServerLoader],
  args: {
    variant: 'panel',
    theme: 'light',
    docsBaseUrl: 'https://docchat.dev',
    starterQuestions: [question, 'Can I change the colours?'],
    navigate: fn(),
    onOpenChange: fn(),
    onEvent: fn(),
  },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme} dir={args.dir}>
        <HostPage />
        <DocChatWidget client={backend.client} domain={backend.domain} {...args} />
      </StoryFrame>
    )
  },
} satisfies Meta<typeof DocChatWidget>
export default meta
type Story = StoryObj<typeof meta>

/** Only the floating trigger; a click opens the panel, Esc closes it and focus returns. */
export const Closed: Story = {
  play: async ({ canvasElement, args }) => {
    const page = screen(canvasElement)
    const trigger = page.getByRole('button', { name: /Ask AI/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'false')
    await userEvent.click(trigger)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
    await waitFor(() => expect(within(dialog).getByRole('textbox')).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(trigger).toHaveFocus())
    await expect(args.onOpenChange).toHaveBeenCalledWith(false, 'assistant')
  },
}

/** ⌘/Ctrl+K opens search, ⌘/Ctrl+I the assistant. */
export const KeyboardShortcuts: Story = {
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    await userEvent.keyboard('{Control>}k{/Control}')
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await waitFor(() => expect(input).toBeVisible()) // after the fade-in
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('combobox')).not.toBeInTheDocument())
    await userEvent.keyboard('{Control>}i{/Control}')
    await expect(await page.findByRole('dialog', { name: /Assistant/ })).toBeInTheDocument()
  },
}

export const PanelOpen: Story = {
  args: { defaultOpen: true, variant: 'panel' },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await expect(dialog).toHaveAttribute('data-variant', 'panel')
    await userEvent.click(within(dialog).getByRole('button', { name: question }))
    const answer = await waitForAnswer(within(dialog))
    await expect(within(answer).getByRole('list', { name: 'Sources' })).toBeVisible()
  },
}

export const ModalOpen: Story = {
  args: { defaultOpen: true, variant: 'modal' },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await expect(dialog).toHaveAttribute('data-variant', 'modal')
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await ask(within(dialog), question)
    await waitForAnswer(within(dialog))
  },
}

export const SidebarOpen: Story = {
  args: { defaultOpen: true, variant: 'sidebar' },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await expect(dialog).toHaveAttribute('data-variant', 'sidebar')
    await ask(within(dialog), question)
    await waitForAnswer(within(dialog))
  },
}

/** Search, then "Ask AI about …": the assistant opens and answers the query. */
export const SearchToAssistantHandOff: Story = {
  args: { defaultOpen: true, defaultView: 'search' },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const input = await page.findByRole('combobox', { name: 'Search the docs' })
    await userEvent.click(input)
    await userEvent.keyboard('how do threads work')
    await userEvent.click(
      await page.findByRole('option', { name: /Ask AI about “how do threads work”/ }),
    )
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    // The panel animates in (unless reduced motion), so wait for it to become visible.
    await waitFor(() => expect(within(dialog).getByText('how do threads work')).toBeVisible())
    await waitForAnswer(within(dialog))
  },
}

export const Dark: Story = {
  args: { defaultOpen: true, theme: 'dark' },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    await userEvent.click(within(dialog).getByRole('button', { name: question }))
    await waitForAnswer(within(dialog))
  },
}

export const RightToLeftStartSide: Story = {
  args: {
    defaultOpen: true,
    dir: 'rtl',
    side: 'start',
    labels: { trigger: 'اسأل الذكاء الاصطناعي', title: 'المساعد', placeholder: 'اطرح سؤالاً…' },
  },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /المساعد/ })
    await expect(dialog).toHaveAttribute('data-side', 'start')
    await ask(within(dialog), question, 'اطرح سؤالاً…')
    await waitForAnswer(within(dialog))
  },
}

/** A phone: the panel takes the whole screen. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile2', isRotated: false } },
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const page = screen(canvasElement)
    const dialog = await page.findByRole('dialog', { name: /Assistant/ })
    const view = canvasElement.ownerDocument.defaultView!
    await waitFor(() =>
      expect(dialog.getBoundingClientRect().width).toBeGreaterThanOrEqual(view.innerWidth - 1),
    )
    await ask(within(dialog), question)
    await waitForAnswer(within(dialog))
  },
}
