import { AgentJobStatus } from '@docchat/widget'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { answerTimeout } from '../../src/play-helpers'
import { backendOf, devServerLoader, type StoryBackend } from '../../src/story-backend'
import { StoryFrame } from '../../src/story-frame'

/** Which job a story shows: one of the dev server's seeded jobs, or one a story created. */
type JobPick = (backend: StoryBackend) => string

const seeded = {
  completed: (b: StoryBackend) => b.agentJobIds[0]!,
  error: (b: StoryBackend) => b.agentJobIds[1]!,
  githubMisconfigured: (b: StoryBackend) => b.agentJobIds[2]!,
  /** Created "now" on the story clock; the clock decides how far it got. */
  running: (b: StoryBackend) => b.agentJobIds[3]!,
}

// Planning takes 400 ms and each todo 1.5 s on the dev server's default timing.
const midJob = 400 + 1500 * 2 + 750

const meta = {
  title: 'Widget/AgentJobStatus',
  component: AgentJobStatus,
  loaders: [devServerLoader],
  args: { jobId: '', theme: 'light', intervalMs: 250 },
  argTypes: { jobId: { control: false } },
  render: (args, { loaded, parameters }) => {
    const backend = backendOf(loaded)
    const pick = (parameters.job as JobPick | undefined) ?? seeded.completed
    return (
      <StoryFrame theme={args.theme} dir={args.dir}>
        <div style={{ maxInlineSize: 560 }}>
          <AgentJobStatus
            {...args}
            client={backend.client}
            domain={backend.domain}
            projectId={backend.projectId}
            jobId={pick(backend)}
          />
        </div>
      </StoryFrame>
    )
  },
} satisfies Meta<typeof AgentJobStatus>
export default meta
type Story = StoryObj<typeof meta>

async function badge(canvasElement: HTMLElement, label: string) {
  const region = await within(canvasElement).findByRole('region', { name: 'Agent job' })
  await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent(label), {
    timeout: answerTimeout,
  })
  return region
}

/** Halfway through its todos (the story clock stands still, so it stays there). */
export const Running: Story = {
  parameters: { job: seeded.running, docchat: { clock: midJob } },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Running')
    await expect(region).toHaveAttribute('aria-busy', 'true')
    const progress = within(region).getByRole('progressbar')
    await expect(Number(progress.getAttribute('aria-valuenow'))).toBe(2)
    await expect(region.querySelector('[data-status="in_progress"]')).not.toBeNull()
    await expect(within(region).getByText(/^Working on:/)).toBeVisible()
  },
}

/** Just created: still planning, no todo started. */
export const Planning: Story = {
  parameters: { job: seeded.running, docchat: { clock: 0 } },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Running')
    await expect(within(region).getByText('Planning the changes')).toBeVisible()
  },
}

export const Completed: Story = {
  parameters: { job: seeded.completed },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Completed')
    await expect(within(region).getByRole('link', { name: /View pull request/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/github\.com\/.+\/pull\/\d+$/),
    )
    await expect(region).toHaveAttribute('aria-busy', 'false')
  },
}

export const ErrorOutcome: Story = {
  parameters: { job: seeded.error },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Failed')
    await expect(within(region).getByText(/hit an error/)).toBeVisible()
    await expect(within(region).queryByRole('link')).not.toBeInTheDocument()
  },
}

export const GitHubMisconfigured: Story = {
  name: 'GitHub misconfigured',
  parameters: { job: seeded.githubMisconfigured },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Failed')
    await expect(within(region).getByText(/GitHub app is not installed/)).toBeVisible()
  },
}

/** A job created through the API with `x-docchat-fault: fail=interrupted`. */
export const Interrupted: Story = {
  parameters: {
    job: (b: StoryBackend) => b.extra.jobId!,
    docchat: {
      clock: 'real',
      server: { speed: 50 },
      setup: async (backend: StoryBackend) => {
        const response = await backend.client.createAgentJob(backend.projectId, {
          messages: [
            { role: 'user', content: 'Add a page about keyboard shortcuts [fail:interrupted]' },
          ],
        })
        return { jobId: response.sessionId ?? '' }
      },
    },
  },
  play: async ({ canvasElement }) => {
    await badge(canvasElement, 'Interrupted')
  },
}

/** The real clock at 20× speed: the job runs through its todos and opens a pull request. */
export const LiveProgress: Story = {
  parameters: { job: seeded.running, docchat: { clock: 'real', server: { speed: 20 } } },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Completed')
    await expect(within(region).getByRole('link', { name: /View pull request/ })).toBeVisible()
  },
}

/** An id the server doesn't know: the 404 shows as an error. */
export const UnknownJob: Story = {
  parameters: { job: () => 'no-such-job' },
  play: async ({ canvasElement }) => {
    const region = await badge(canvasElement, 'Failed')
    await expect(await within(region).findByRole('alert')).toBeVisible()
  },
}

export const Dark: Story = {
  args: { theme: 'dark' },
  parameters: { job: seeded.running, docchat: { clock: midJob } },
  play: async ({ canvasElement }) => {
    await badge(canvasElement, 'Running')
  },
}

export const RightToLeft: Story = {
  args: {
    dir: 'rtl',
    labels: { jobTitle: 'مهمة الوكيل', jobCompleted: 'اكتملت', pullRequest: 'عرض طلب الدمج' },
  },
  parameters: { job: seeded.completed },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'مهمة الوكيل' })
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('اكتملت'), {
      timeout: answerTimeout,
    })
  },
}
