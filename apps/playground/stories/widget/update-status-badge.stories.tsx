import { UpdateStatusBadge } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { answerTimeout } from '../../src/play-helpers'
import { backendOf, devServerLoader, type StoryBackend } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

type UpdatePick = (backend: StoryBackend) => string

const seeded = {
  failure: (b: StoryBackend) => b.updateStatusIds[0]!,
  success: (b: StoryBackend) => b.updateStatusIds[1]!,
  /** Started "now" on the story clock; the clock decides how far it got. */
  current: (b: StoryBackend) => b.updateStatusIds[2]!,
}

// Default timing: 1 s in the queue, then one build log line every 500 ms.
const building = 1000 + 500 * 2 + 250

const meta = {
  title: 'Widget/UpdateStatusBadge',
  component: UpdateStatusBadge,
  loaders: [devServerLoader],
  args: { statusId: '', theme: 'light', intervalMs: 250 },
  argTypes: { statusId: { control: false } },
  render: (args, { loaded, parameters }) => {
    const backend = backendOf(loaded)
    const pick = (parameters.update as UpdatePick | undefined) ?? seeded.success
    return (
      <StoryFrame theme={args.theme} dir={args.dir}>
        <div style={{ maxInlineSize: 560 }}>
          <UpdateStatusBadge
            {...args}
            client={backend.client}
            domain={backend.domain}
            projectId={backend.projectId}
            statusId={pick(backend)}
          />
        </div>
      </StoryFrame>
    )
  },
} satisfies Meta<typeof UpdateStatusBadge>
export default meta
type Story = StoryObj<typeof meta>

async function badgeReads(canvasElement: HTMLElement, label: string) {
  const badge = await within(canvasElement).findByRole('status')
  await waitFor(() => expect(badge).toHaveTextContent(label), { timeout: answerTimeout })
  return badge
}

export const Queued: Story = {
  parameters: { update: seeded.current, docchat: { clock: 0 } },
  play: async ({ canvasElement }) => {
    const badge = await badgeReads(canvasElement, 'Queued')
    await expect(badge).toHaveAttribute('data-state', 'queued')
    await expect(badge).toHaveAccessibleName('Docs update: Queued')
  },
}

export const InProgress: Story = {
  parameters: { update: seeded.current, docchat: { clock: building } },
  play: async ({ canvasElement }) => {
    const badge = await badgeReads(canvasElement, 'Deploying')
    await expect(badge).toHaveAttribute('data-state', 'in_progress')
  },
}

export const Success: Story = {
  parameters: { update: seeded.success },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deployed')
  },
}

export const Failure: Story = {
  parameters: { update: seeded.failure },
  play: async ({ canvasElement }) => {
    const badge = await badgeReads(canvasElement, 'Deploy failed')
    await expect(badge).toHaveAttribute('data-state', 'failure')
  },
}

/** With `details`: the commit, the summary and the tail of the build log. */
export const InProgressWithLogs: Story = {
  args: { details: true },
  parameters: { update: seeded.current, docchat: { clock: building } },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deploying')
    const region = within(canvasElement).getByRole('region', { name: 'Docs update' })
    await expect(region).toHaveAttribute('aria-busy', 'true')
    await expect(within(region).getByText(/Cloning repository/)).toBeVisible()
  },
}

export const FailureWithLogs: Story = {
  args: { details: true, logLines: 3 },
  parameters: { update: seeded.failure },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deploy failed')
    const region = within(canvasElement).getByRole('region', { name: 'Docs update' })
    await expect(
      within(region).getByText(/^Build failed: a page could not be parsed/),
    ).toBeVisible()
    const logs = region.querySelector('pre')
    await expect(logs).toHaveTextContent(/unexpected closing tag/)
    await expect(logs?.textContent?.trim().split('\n')).toHaveLength(3)
  },
}

export const SuccessWithDetails: Story = {
  args: { details: true },
  parameters: { update: seeded.success },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deployed')
    const region = within(canvasElement).getByRole('region', { name: 'Docs update' })
    await expect(within(region).getByText(/Deployed \d+ pages/)).toBeVisible()
  },
}

/** The real clock at 10× speed: queued → deploying → deployed while you watch. */
export const LiveProgress: Story = {
  args: { details: true },
  parameters: { update: seeded.current, docchat: { clock: 'real', server: { speed: 10 } } },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deployed')
  },
}

/** An update triggered through the API with `x-docchat-fault: fail`: it ends in failure. */
export const TriggeredFailure: Story = {
  args: { details: true },
  parameters: {
    update: (b: StoryBackend) => b.extra.statusId!,
    docchat: {
      // `fail` only matters when the update is created; the status polls ignore it.
      fault: 'fail',
      clock: 'real',
      server: { speed: 20 },
      setup: async (backend: StoryBackend) => {
        const { statusId } = await backend.client.triggerUpdate(backend.projectId)
        return { statusId }
      },
    },
  },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deploy failed')
  },
}

export const Dark: Story = {
  args: { theme: 'dark', details: true },
  parameters: { update: seeded.current, docchat: { clock: building } },
  play: async ({ canvasElement }) => {
    await badgeReads(canvasElement, 'Deploying')
  },
}

export const RightToLeft: Story = {
  args: { dir: 'rtl', labels: { updateTitle: 'تحديث التوثيق', updateSuccess: 'تم النشر' } },
  parameters: { update: seeded.success },
  play: async ({ canvasElement }) => {
    const badge = await badgeReads(canvasElement, 'تم النشر')
    await expect(badge).toHaveAccessibleName('تحديث التوثيق: تم النشر')
  },
}
