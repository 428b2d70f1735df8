'use client'

import type { AttachmentProblem } from '@docchat/core'
import type { PendingAttachment, UseAttachments } from '@docchat/headless'
import { useRef } from 'react'
import { type AttachmentLabelKey, type DocChatLabels, formatLabel } from '../labels'
import { attachmentLabels } from '../attachment-labels'
import { Icon } from './icon'
import { usePartLabels } from './widget-settings'

// Lucide's paperclip (ISC); kept here rather than in the shared icon set, which the loader's
// first file also carries.
const PAPERCLIP =
  'M13.234 20.252 21 12.3M16 6l-8.414 8.586a2 2 0 0 0 0 2.828 2 2 0 0 0 2.828 0l8.414-8.586a4 4 0 0 0 0-5.656 4 4 0 0 0-5.656 0l-8.415 8.585a6 6 0 1 0 8.486 8.486'
const FILE_TEXT = [
  'M15 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7z',
  'M14 2v4a2 2 0 0 0 2 2h4',
  'M10 13H8',
  'M16 17H8',
]

export function FileIcon({ paths }: { paths: string[] }) {
  return (
    <svg className="docchat-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

export const fileIconPaths = FILE_TEXT

/** "5 MB", "800 KB": sizes as readers write them. */
function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** A refused file in plain words. */
function attachmentProblemText(
  problem: AttachmentProblem,
  labels: Pick<DocChatLabels, AttachmentLabelKey>,
): string {
  const name = problem.name ?? ''
  switch (problem.reason) {
    case 'too-many':
      return formatLabel(labels.attachmentTooMany, { max: problem.limit ?? 0 })
    case 'too-large':
      return formatLabel(labels.attachmentTooLarge, {
        name,
        size: formatBytes(problem.limit ?? 0),
      })
    case 'too-large-together':
      return formatLabel(labels.attachmentTooLargeTogether, {
        name,
        size: formatBytes(problem.limit ?? 0),
      })
    case 'unsupported-type':
      return formatLabel(labels.attachmentUnsupported, { name })
    case 'empty':
      return formatLabel(labels.attachmentEmpty, { name })
    default:
      return formatLabel(labels.attachmentFailed, { name })
  }
}

/** The paperclip: a button that opens the file picker. */
export function AttachButton({ picker }: { picker: UseAttachments }) {
  const labels = usePartLabels(attachmentLabels)
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        {...picker.inputProps}
        // The button opens it; a hidden file input still opens its picker on click().
        hidden
      />
      <button
        type="button"
        className="docchat-icon-button docchat-attach"
        aria-label={labels.attach}
        title={labels.attach}
        onClick={() => input.current?.click()}
      >
        <FileIcon paths={[PAPERCLIP]} />
      </button>
    </>
  )
}

/** Files waiting to be sent: image thumbnails and PDF chips, each with a remove button. */
export function AttachmentPreviews({
  items,
  onRemove,
}: {
  items: PendingAttachment[]
  onRemove: (id: string) => void
}) {
  const labels = usePartLabels(attachmentLabels)
  if (items.length === 0) return null
  return (
    <ul className="docchat-chips docchat-attachments" aria-label={labels.attachments}>
      {items.map((item) => (
        <li key={item.id} className="docchat-attachment" data-kind={kindOf(item.contentType)}>
          {item.previewUrl ? (
            <img className="docchat-attachment-thumb" src={item.previewUrl} alt="" />
          ) : (
            <span className="docchat-attachment-thumb" aria-hidden="true">
              <FileIcon paths={FILE_TEXT} />
            </span>
          )}
          <span className="docchat-chip-label" dir="auto">
            {item.status === 'reading'
              ? formatLabel(labels.attachmentReading, { name: item.name })
              : item.name}
          </span>
          <button
            type="button"
            data-part="context-chip-remove"
            aria-label={formatLabel(labels.removeAttachment, { name: item.name })}
            title={formatLabel(labels.removeAttachment, { name: item.name })}
            onClick={() => onRemove(item.id)}
          >
            <Icon name="close" />
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * Why files were not attached, and which ones are ready, announced politely: the live region is
 * always rendered so screen readers pick up the text when it changes. The ready list is for
 * screen readers only; sighted readers see the previews.
 */
export function AttachmentProblems({
  problems,
  ready = [],
}: {
  problems: AttachmentProblem[]
  /** Names of the files ready to send. */
  ready?: string[]
}) {
  const labels = usePartLabels(attachmentLabels)
  return (
    <div className="docchat-attachment-problems" role="status" aria-live="polite">
      {problems.map((problem) => (
        <p key={`${problem.reason}:${problem.name ?? ''}`}>
          {attachmentProblemText(problem, labels)}
        </p>
      ))}
      {ready.length > 0 ? (
        <p className="docchat-visually-hidden">
          {formatLabel(labels.attachmentsReady, { names: ready.join(', ') })}
        </p>
      ) : null}
    </div>
  )
}

function kindOf(contentType: string): 'image' | 'pdf' | 'file' {
  return contentType.startsWith('image/')
    ? 'image'
    : contentType === 'application/pdf'
      ? 'pdf'
      : 'file'
}
