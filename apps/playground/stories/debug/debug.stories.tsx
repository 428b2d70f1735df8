import { AssistantPanel } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { waitFor, within } from 'storybook/test'
import { ask, waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'

const meta = {
  title: 'Debug',
  loaders: [devServerLoader],
  parameters: { a11y: { test: 'off' } },
  render: (_a, { loaded }) => <AssistantPanel client={backendOf(loaded).client} domain="docchat" />,
} satisfies Meta
export default meta
export const Sugg: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const c = within(canvasElement)
    await ask(c, 'How do I install the widget?')
    const a = await waitForAnswer(c)
    console.log('ARTICLE', String(a.querySelector('.docchat-suggestions')), a.querySelector('.docchat-markdown')?.innerHTML.slice(-1200))
  },
}
export const ErrPart: StoryObj<typeof meta> = {
  parameters: { docchat: { fault: 'error-part' } },
  play: async ({ canvasElement }) => {
    const c = within(canvasElement)
    await ask(c, 'How do I install the widget?')
    await c.findByRole('alert', {}, { timeout: 5000 })
    await new Promise((r) => setTimeout(r, 500))
    console.log('LOG', c.getByRole('log').innerHTML.slice(0, 3000))
    await waitFor(() => {})
  },
}
