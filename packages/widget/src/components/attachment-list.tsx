'use client'

import { readAttachments } from '@docchat/core'
import { useMemo, useState } from 'react'
import { formatLabel } from '../labels'
import { attachmentLabels } from '../attachment-labels'
import { FileIcon, fileIconPaths } from './attachment-composer'
import { usePartLabels } from './widget-settings'

/**
 * The files a sent question carried. Every URL went through core's URL policy (readAttachments):
 * images it allows are thumbnails that show larger in place (Chromium won't open a data URL in
 * a tab), PDFs are chips that download or open; anything it refuses, or whose data this browser
 * did not keep, is its name only.
 */
export function SentAttachments({ message }: { message: unknown }) {
  const labels = usePartLabels(attachmentLabels)
  const views = useMemo(() => readAttachments(message), [message])
  const [enlarged, setEnlarged] = useState<number | undefined>(undefined)
  if (views.length === 0) return null
  return (
    <ul className="docchat-chips docchat-attachments" aria-label={labels.attachments}>
      {views.map((view, index) => {
        const key = `${index}:${view.name}`
        if (view.kind === 'image' && view.href) {
          const open = enlarged === index
          return (
            <li
              key={key}
              className="docchat-attachment"
              data-kind="image"
              data-enlarged={open || undefined}
            >
              <button
                type="button"
                className="docchat-attachment-image"
                aria-expanded={open}
                aria-label={formatLabel(labels.enlargeImage, { name: view.name })}
                onClick={() => setEnlarged(open ? undefined : index)}
              >
                <img src={view.href} alt={view.name} />
              </button>
            </li>
          )
        }
        const chip = (
          <>
            <FileIcon paths={fileIconPaths} />
            <span className="docchat-chip-label" dir="auto">
              {view.name}
            </span>
          </>
        )
        return (
          <li key={key} className="docchat-attachment" data-kind={view.kind}>
            {view.href ? (
              <a
                className="docchat-attachment-chip"
                href={view.href}
                // A data URL can't be opened in a tab: it downloads under its name.
                {...(view.href.startsWith('data:')
                  ? { download: view.name }
                  : { target: '_blank', rel: 'noopener noreferrer' })}
              >
                {chip}
              </a>
            ) : (
              <span className="docchat-attachment-chip" title={labels.attachmentNotKept}>
                {chip}
                <span className="docchat-visually-hidden"> ({labels.attachmentNotKept})</span>
              </span>
            )}
          </li>
        )
      })}
    </ul>
  )
}
