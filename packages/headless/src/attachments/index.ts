'use client'

export type { PendingAttachment, UseAttachments, UseAttachmentsOptions } from './use-attachments'
export { useAttachments } from './use-attachments'
