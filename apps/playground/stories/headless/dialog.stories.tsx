import { Dialog } from '@docchat/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import '../../src/headless-demo.css'

function DemoDialog({
  modal = true,
  dismissOnInteractOutside = true,
  defaultOpen = false,
  onOpenChange,
}: {
  modal?: boolean
  dismissOnInteractOutside?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}) {
  return (
    <div className="demo" style={{ padding: 24 }}>
      <p>
        <button type="button">Before</button>
      </p>
      <Dialog.Root modal={modal} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
        <Dialog.Trigger>Open the assistant</Dialog.Trigger>
        {modal ? <Dialog.Overlay className="demo-overlay" /> : null}
        <Dialog.Content className="demo-dialog" dismissOnInteractOutside={dismissOnInteractOutside}>
          <Dialog.Title>Ask AI</Dialog.Title>
          <Dialog.Description>Answers come from the docs and cite their pages.</Dialog.Description>
          <label>
            Question <input />
          </label>
          <p>
            <Dialog.Close>Close</Dialog.Close>
          </p>
        </Dialog.Content>
      </Dialog.Root>
      <p>
        <button type="button">After</button>
      </p>
    </div>
  )
}

const meta = {
  title: 'Headless/Dialog',
  component: DemoDialog,
  args: { onOpenChange: fn() },
} satisfies Meta<typeof DemoDialog>
export default meta
type Story = StoryObj<typeof meta>

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Open the assistant' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await expect(canvas.queryByRole('dialog')).not.toBeInTheDocument()
  },
}

/** Focus moves in, Tab stays inside (focus trap), Esc closes and focus returns to the trigger. */
export const FocusTrapAndEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body)
    const trigger = page.getByRole('button', { name: 'Open the assistant' })
    await userEvent.click(trigger)
    const dialog = await page.findByRole('dialog', { name: 'Ask AI' })
    await expect(dialog).toHaveAttribute('aria-modal', 'true')
    await expect(dialog).toHaveAccessibleDescription(/Answers come from the docs/)
    await waitFor(() =>
      expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true),
    )
    for (let i = 0; i < 4; i++) {
      await userEvent.tab()
      await expect(dialog.contains(canvasElement.ownerDocument.activeElement)).toBe(true)
    }
    await expect(canvasElement.ownerDocument.documentElement.style.overflow).toBe('hidden')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
    await expect(trigger).toHaveFocus()
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false)
  },
}

export const OutsideClickCloses: Story = {
  args: { defaultOpen: true },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await page.findByRole('dialog', { name: 'Ask AI' })
    await userEvent.click(canvasElement.ownerDocument.querySelector('.demo-overlay')!)
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument())
  },
}

export const OutsideClickIgnored: Story = {
  args: { defaultOpen: true, dismissOnInteractOutside: false },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await page.findByRole('dialog', { name: 'Ask AI' })
    await userEvent.click(canvasElement.ownerDocument.querySelector('.demo-overlay')!)
    await expect(page.getByRole('dialog', { name: 'Ask AI' })).toBeInTheDocument()
  },
}

/** A non-modal panel: no aria-modal, no scroll lock, the page stays usable. */
export const NonModal: Story = {
  args: { defaultOpen: true, modal: false, dismissOnInteractOutside: false },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    const dialog = await page.findByRole('dialog', { name: 'Ask AI' })
    await expect(dialog).not.toHaveAttribute('aria-modal', 'true')
    await expect(canvasElement.ownerDocument.documentElement.style.overflow).not.toBe('hidden')
    await userEvent.click(page.getByRole('button', { name: 'After' }))
    await expect(page.getByRole('button', { name: 'After' })).toHaveFocus()
    await expect(dialog).toBeInTheDocument()
  },
}
