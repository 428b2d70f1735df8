import { AssistantPanel } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { ask, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'

const meta = {
  title: 'Widget/AssistantPanel',
  component: AssistantPanel,
  loaders: [devServerLoader],
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return <AssistantPanel client={backend.client} domain={backend.domain} {...args} />
  },
} satisfies Meta<typeof AssistantPanel>
export default meta
type Story = StoryObj<typeof meta>

export const Answer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await ask(canvas, 'How do I install the widget?')
    const answer = await waitForAnswer(canvas)
    await expect(within(answer).getByRole('navigation', { name: 'Sources' })).toBeVisible()
  },
}
