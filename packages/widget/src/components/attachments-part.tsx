'use client'

import { type UseAttachments, useAttachments } from '@docchat/headless'
import type { ReactNode } from 'react'
import type { AttachmentSettings } from './widget-settings'

export { AttachButton, AttachmentPreviews, AttachmentProblems } from './attachment-composer'
export { SentAttachments } from './attachment-list'

/**
 * The attachments UI as the panel loads it (optional-parts.ts): only with the `attachments`
 * option on, or once a message on screen carries files. This holds the composer's picker (the
 * headless `useAttachments`) for the composer to render its form around.
 */
export function AttachmentPicker({
  settings,
  children,
}: {
  settings: AttachmentSettings
  children: (picker: UseAttachments) => ReactNode
}) {
  const picker = useAttachments({
    limits: settings.limits,
    uploadAttachment: settings.uploadAttachment,
  })
  return <>{children(picker)}</>
}
