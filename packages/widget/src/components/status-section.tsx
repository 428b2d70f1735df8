import { DocsApiError } from '@docchat/core'
import type { ReactNode } from 'react'
import type { PanelLabels } from '../labels'
import { errorMessage } from './error-message'

/**
 * The frame both status components draw (`AgentJobStatus`, `UpdateStatusBadge` with `details`):
 * a labelled region with a title and its state badge, their details, and a failed poll in plain
 * words last.
 */
export function StatusSection({
  className,
  state,
  label,
  busy,
  title,
  badge,
  error,
  labels,
  children,
}: {
  className: string | undefined
  state: string
  /** The region's accessible name. */
  label: string
  busy: boolean
  title: string
  badge: ReactNode
  error: unknown
  labels: PanelLabels
  children: ReactNode
}) {
  return (
    <section
      className={['docchat-status', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-label={label}
      aria-busy={busy}
    >
      <div className="docchat-status-header">
        <h3 className="docchat-status-title">{title}</h3>
        {badge}
      </div>
      {children}
      {error ? (
        <p className="docchat-status-error" role="alert">
          {errorMessage(DocsApiError.isInstance(error) ? error : { kind: 'server' }, labels)}
        </p>
      ) : null}
    </section>
  )
}
