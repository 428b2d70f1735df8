import type { DocsApiError } from '@docchat/core'
import { useEffect } from 'react'
import { errorDetail } from './error-message'
import { useWidgetSettings } from './widget-settings'

/**
 * Reports an error once, with the detail for developers (console, `onEvent`, `onError`), while
 * readers see a plain sentence. A stop is not an error.
 */
export function useReportError(error: DocsApiError | null | undefined): void {
  const { emit, onError } = useWidgetSettings()
  useEffect(() => {
    if (!error || error.kind === 'aborted') return
    const message = errorDetail(error)
    console.error(message, error)
    emit({
      type: 'error',
      kind: error.kind,
      status: error.status,
      retryable: error.retryable,
      message,
    })
    onError(error)
  }, [error, emit, onError])
}
