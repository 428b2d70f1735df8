import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
// The element belongs to the drop-in (docchat.js), not to the React package's exports; the story
// registers it from source, with the panel imported directly instead of fetched next to a script.
import { defineDocChatElement } from '../../../../packages/widget/src/embed/custom-element'
import { waitForAnswer } from '../../src/play-helpers'
import { backendOf, devServerLoader } from '../../src/story-backend'
import { apiBaseUrl } from '../../src/mock-api'
import { StoryFrame } from '../../src/story-frame'

defineDocChatElement({
  loadPanel: () => import('../../../../packages/widget/src/embed/panel'),
  idlePreload: false,
})

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'docchat-widget': React.HTMLAttributes<HTMLElement> & Record<string, string | undefined>
    }
  }
}

const question = 'How do I install the widget?'

interface ElementArgs {
  theme: 'light' | 'dark'
  variant: 'panel' | 'modal' | 'sidebar'
  trigger: string
}

const meta = {
  title: 'Widget/Custom element',
  loaders: [devServerLoader],
  args: { theme: 'dark', variant: 'sidebar', trigger: 'Docs AI' },
  render: (args, { loaded }) => {
    const backend = backendOf(loaded)
    return (
      <StoryFrame theme={args.theme}>
        <p>Plain HTML: a {'<docchat-widget>'} element with attributes and no init call.</p>
        <docchat-widget
          domain={backend.domain}
          api-base-url={apiBaseUrl}
          assistant-key={backend.server.keys.assistant}
          theme={args.theme}
          variant={args.variant}
          labels={JSON.stringify({ trigger: args.trigger })}
          starter-questions={question}
        />
      </StoryFrame>
    )
  },
} satisfies Meta<ElementArgs>
export default meta
type Story = StoryObj<typeof meta>

/** Attributes are the init options; DOM events (`docchat-open`, `docchat-ask`) bubble out of it. */
export const FromAttributes: Story = {
  play: async ({ canvasElement }) => {
    const seen: string[] = []
    for (const type of ['docchat-open', 'docchat-ask']) {
      canvasElement.addEventListener(type, () => seen.push(type))
    }
    const element = canvasElement.querySelector('docchat-widget')!
    const root = await waitFor(() => {
      const found = element.shadowRoot?.querySelector<HTMLElement>('.docchat-root')
      expect(found).toBeTruthy()
      return found!
    })
    const shadow = within(root)
    await userEvent.click(await shadow.findByRole('button', { name: /Docs AI/ }))
    const dialog = await shadow.findByRole('dialog', { name: /Assistant/ }, { timeout: 10_000 })
    await expect(dialog).toHaveAttribute('data-variant', 'sidebar')
    await userEvent.click(within(dialog).getByRole('button', { name: question }))
    await waitForAnswer(within(dialog))
    await expect(seen).toEqual(['docchat-open', 'docchat-ask'])
  },
}
