import { ShortcutLabel, Shortcuts } from '@docchat/headless'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import '../../src/headless-demo.css'

function ShortcutsDemo({
  onSearch,
  onAssistant,
}: {
  onSearch: () => void
  onAssistant: () => void
}) {
  return (
    <div className="demo" style={{ padding: 24 }}>
      <Shortcuts onSearch={onSearch} onAssistant={onAssistant} />
      <p>
        Search: <ShortcutLabel shortcut="mod+k" /> · Assistant: <ShortcutLabel shortcut="mod+i" />
      </p>
      <label>
        A field of the host page <input />
      </label>
    </div>
  )
}

const meta = {
  title: 'Headless/Shortcuts',
  component: ShortcutsDemo,
  args: { onSearch: fn(), onAssistant: fn() },
} satisfies Meta<typeof ShortcutsDemo>
export default meta
type Story = StoryObj<typeof meta>

export const OpenWithKeys: Story = {
  play: async ({ args }) => {
    await userEvent.keyboard('{Control>}k{/Control}')
    await expect(args.onSearch).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{Control>}i{/Control}')
    await expect(args.onAssistant).toHaveBeenCalledTimes(1)
  },
}

/** Never while the user types in the host page's fields. */
export const IgnoredWhileTyping: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('textbox'))
    await userEvent.keyboard('{Control>}k{/Control}{Control>}i{/Control}')
    await expect(args.onSearch).not.toHaveBeenCalled()
    await expect(args.onAssistant).not.toHaveBeenCalled()
  },
}
