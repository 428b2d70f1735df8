import type { AgentJob, UpdateStatus } from './response-schemas'

/**
 * Whether an agent job has stopped: completed, errored, interrupted or misconfigured. The API
 * reports a running job as `haultReason: 'processing'` (even where `haulted` is already set), so
 * `haulted` alone is not enough.
 */
export function isAgentJobFinished(
  job: (Pick<AgentJob, 'haultReason'> & { haulted?: boolean | undefined }) | undefined,
): boolean {
  return job?.haulted === true && job.haultReason !== 'processing'
}

/** Whether a docs update (deployment) has ended, in `success` or `failure`. */
export function isUpdateFinished(update: Pick<UpdateStatus, 'status'> | undefined): boolean {
  return update?.status === 'success' || update?.status === 'failure'
}
