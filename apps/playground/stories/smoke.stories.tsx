import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'

function Hello() {
  return <button type="button">Hello</button>
}

const meta = { title: 'Smoke', component: Hello } satisfies Meta<typeof Hello>
export default meta

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Hello' })).toBeVisible()
  },
}
