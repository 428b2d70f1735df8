import { type DocsApiError, endsPolling, type PollBackoffOptions, pollDelay } from '@docchat/core'
import type { Query } from '@tanstack/react-query'
import { useRef } from 'react'

/** The polling hooks' options: core's backoff (`pollDelay`), the same as `client.waitFor…`'s. */
export type PollingOptions = PollBackoffOptions

/**
 * TanStack `refetchInterval` for a record polled until `isFinished`, with core's backoff and core's
 * rule for failed polls (`endsPolling`). Polls that brought nothing new are counted from the last
 * change: TanStack's structural sharing keeps an unchanged record's reference.
 */
export function usePollInterval<T>(
  isFinished: (record: T | undefined) => boolean,
  options: PollingOptions,
): (query: Query<T, DocsApiError, T, readonly unknown[]>) => number | false {
  const lastChange = useRef<{ record: T | undefined; polls: number }>({
    record: undefined,
    polls: 0,
  })
  return (query) => {
    const { data, error, status, dataUpdateCount, errorUpdateCount } = query.state
    if (status === 'error' && endsPolling(error)) return false
    if (isFinished(data)) return false
    const polls = dataUpdateCount + errorUpdateCount
    if (data !== lastChange.current.record) lastChange.current = { record: data, polls }
    return pollDelay(polls - lastChange.current.polls, options)
  }
}
