import type { DocChatLabels } from './label-types'

/** The agent job and docs update components (never in the drop-in). */
export const statusLabels = {
  jobTitle: 'Agent job',
  jobRunning: 'Running',
  jobCompleted: 'Completed',
  jobFailed: 'Failed',
  jobInterrupted: 'Interrupted',
  jobProgress: '{done} of {total} tasks done',
  jobProgressOne: '{done} of 1 task done',
  jobProgressStopped: 'Stopped after {done} of {total} tasks',
  todoDone: 'Done',
  todoInProgress: 'In progress',
  todoPending: 'To do',
  todoNotDone: 'Not done',
  pullRequest: 'View pull request',
  logs: 'Logs',
  updateQueued: 'Queued',
  updateInProgress: 'Deploying',
  updateSuccess: 'Deployed',
  updateFailure: 'Deploy failed',
  updateTitle: 'Docs update',
} satisfies Partial<DocChatLabels>
