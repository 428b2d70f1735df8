import { AssistantPanel } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { answerTimeout, ask, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

// A real 1×1 PNG, scaled up by CSS in the thumbnail.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='
const png = (name: string) =>
  new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], name, {
    type: 'image/png',
  })
const pdf = (name: string) => new File(['%PDF-1.4\n'], name, { type: 'application/pdf' })

// The attachments UI is a chunk loaded with the option on: the picker comes once it is there.
const fileInput = async (canvasElement: HTMLElement) => {
  await within(canvasElement).findByRole('button', { name: 'Attach images or PDFs' })
  return canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!
}
const pending = (canvasElement: HTMLElement) => within(canvasElement.querySelector('form')!)

const meta = {
  title: 'Widget/Attachments',
  component: AssistantPanel,
  loaders: [devServerLoader],
  args: { theme: 'light', docsBaseUrl: 'https://docchat.dev', attachments: true },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme} dir={args.dir}>
        <div style={{ blockSize: 'calc(100vh - 32px)', maxInlineSize: 720, marginInline: 'auto' }}>
          <AssistantPanel client={backend.client} domain={backend.domain} {...args} />
        </div>
      </StoryFrame>
    )
  },
} satisfies Meta<typeof AssistantPanel>
export default meta
type Story = StoryObj<typeof meta>

/** The paperclip in the composer; paste or drop files on it too. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Attach images or PDFs' })).toBeVisible()
    await expect(await fileInput(canvasElement)).toHaveAttribute(
      'accept',
      'image/png,image/jpeg,image/gif,image/webp,application/pdf',
    )
  },
}

/** An image and a PDF waiting to be sent, each with its remove button. */
export const Previews: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.upload(await fileInput(canvasElement), [
      png('screenshot.png'),
      pdf('setup.pdf'),
    ])
    const list = await pending(canvasElement).findByRole('list', { name: 'Attached files' })
    await waitFor(() => expect(list.querySelectorAll('img')).toHaveLength(1))
    await expect(within(list).getByRole('button', { name: 'Remove setup.pdf' })).toBeVisible()
  },
}

/** Files past the limits, in plain words (a polite live region). */
export const OverTheLimits: Story = {
  args: { attachments: { maxFiles: 2, maxBytes: 1024 } },
  play: async ({ canvasElement }) => {
    const big = new File([new Uint8Array(4096)], 'large.png', { type: 'image/png' })
    await userEvent.upload(
      await fileInput(canvasElement),
      [png('one.png'), png('two.png'), png('three.png'), big],
      {
        applyAccept: false,
      },
    )
    const form = pending(canvasElement)
    await expect(await form.findByText('You can attach up to 2 files to a question.')).toBeVisible()
    await expect(form.getByText('large.png is too large: files can be up to 1 KB.')).toBeVisible()
    await expect(form.getByRole('status')).toHaveAttribute('aria-live', 'polite')
  },
}

/** `uploadAttachment` still running: the file says so and Send waits for it. */
export const Uploading: Story = {
  args: { attachments: { uploadAttachment: () => new Promise<string>(() => {}) } },
  play: async ({ canvasElement }) => {
    await userEvent.upload(await fileInput(canvasElement), [pdf('report.pdf')])
    const form = pending(canvasElement)
    await expect(await form.findByText('Reading report.pdf…')).toBeVisible()
    await userEvent.type(form.getByRole('textbox'), 'What does this report say?')
    await expect(form.getByRole('button', { name: 'Send' })).toBeDisabled()
  },
}

/** Sent: the question shows its files; the offline answer names them and answers from the docs. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.upload(await fileInput(canvasElement), [
      png('screenshot.png'),
      pdf('setup.pdf'),
    ])
    await waitFor(
      () =>
        expect(pending(canvasElement).getByRole('button', { name: 'Send' })).toBeInTheDocument(),
      { timeout: answerTimeout },
    )
    await waitFor(() =>
      expect(pending(canvasElement).queryByText(/^Reading /)).not.toBeInTheDocument(),
    )
    await ask(canvas, 'How do I install the widget?')
    const answer = await waitForAnswer(canvas)
    await expect(answer.textContent).toContain('You attached screenshot.png and setup.pdf')
    const question = canvasElement.querySelector<HTMLElement>('[data-role="user"]')!
    await expect(
      within(question).getByRole('button', { name: 'Show screenshot.png larger' }),
    ).toBeVisible()
    await expect(within(question).getByRole('link', { name: 'setup.pdf' })).toHaveAttribute(
      'download',
      'setup.pdf',
    )
  },
}

export const SentDark: Story = { ...Sent, args: { theme: 'dark' } }
export const SentRightToLeft: Story = { ...Sent, args: { dir: 'rtl' } }
