import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
// The AI SDK v5 example app's component (apps/example-ai-sdk-v5), unchanged.
import { DocsChat } from '../../../example-ai-sdk-v5/src/docs-chat'
import { screen } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

/**
 * `useChat` from `@ai-sdk/react` 2.x over core's `createDocsChatTransport`, against the in-page dev
 * server: `protocol: 'v1'` converts the v1 data stream, `protocol: 'v2'` passes the v2 endpoint's UI
 * message stream (SSE) through, checked.
 */
const meta = {
  title: 'Core/AI SDK v5 transport',
  component: DocsChat,
  loaders: [devServerLoader],
  args: { protocol: 'v2', domain: '', client: undefined as never },
  argTypes: { protocol: { control: 'inline-radio', options: ['v1', 'v2'] } },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme="light">
        <DocsChat
          key={args.protocol}
          client={backend.client}
          domain={backend.domain}
          protocol={args.protocol}
        />
      </StoryFrame>
    )
  },
} satisfies Meta<typeof DocsChat>
export default meta
type Story = StoryObj<typeof meta>

async function askAndCheck(
  canvasElement: HTMLElement,
  endpoint: string,
  loaded: Record<string, unknown>,
) {
  const page = screen(canvasElement)
  await userEvent.type(
    await page.findByRole('textbox', { name: 'Question' }),
    'How do I install the widget?',
  )
  await userEvent.click(page.getByRole('button', { name: 'Ask' }))
  const conversation = page.getByRole('list', { name: 'Conversation' })
  const answer = await within(conversation).findByText(
    /install/i,
    { selector: 'li[data-role="assistant"] .answer' },
    { timeout: 10_000 },
  )
  const item = answer.closest('li') as HTMLElement
  const sources = await within(item).findByRole('list', { name: 'Sources' }, { timeout: 10_000 })
  await expect(within(sources).getAllByRole('link').length).toBeGreaterThan(0)
  await page.findByRole('button', { name: 'Ask' }, { timeout: 10_000 })
  await expect(backendOf(loaded).requestsTo(endpoint).length).toBe(1)
}

/** The v2 endpoint: UI messages in, a UI message stream over SSE out. */
export const V2Endpoint: Story = {
  args: { protocol: 'v2' },
  play: async ({ canvasElement, loaded }) => askAndCheck(canvasElement, '/v2/assistant/', loaded),
}

/** The v1 endpoint (the default): the v4 data stream, converted to UI message chunks. */
export const V1Endpoint: Story = {
  args: { protocol: 'v1' },
  play: async ({ canvasElement, loaded }) => askAndCheck(canvasElement, '/v1/assistant/', loaded),
}
