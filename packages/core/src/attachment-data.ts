import type { Attachment } from './request-schemas'

/*
 * What storage and requests do with the files of past questions, apart from the composer's
 * checks (attachments.ts): every chat needs these, only a chat with attachments on needs those,
 * so the drop-in's panel carries these alone.
 */

/** An attachment whose data was left out of storage or of a request: name and type only. */
export function isAttachmentPlaceholder(attachment: Attachment): boolean {
  return attachment.url === ''
}

function placeholder(attachment: Attachment): Attachment {
  const { url: _url, ...rest } = attachment
  return { ...rest, url: '' }
}

export interface WithAttachments {
  role?: string
  experimental_attachments?: Attachment[] | undefined
}

// Stored messages may hold anything in their attachment lists: only string data URLs count.
const dataBytes = (attachment: Attachment) =>
  typeof attachment?.url === 'string' && attachment.url.startsWith('data:')
    ? attachment.url.length
    : 0

/**
 * Messages to store: attachment data URLs fit `budgetBytes` together, newest first; those that
 * don't become placeholders (name and type kept, url empty). One large image then never pushes
 * whole conversations out of a store bounded in bytes, and storage never overflows for it.
 * Messages without data to drop are returned as they are.
 */
export function boundAttachmentData<T>(messages: readonly T[], budgetBytes: number): T[] {
  let left = Math.max(0, budgetBytes)
  const bounded = [...messages]
  for (let index = bounded.length - 1; index >= 0; index--) {
    const message = bounded[index] as WithAttachments
    const attachments = message?.experimental_attachments
    if (!Array.isArray(attachments) || !attachments.some((item) => dataBytes(item) > 0)) continue
    let changed = false
    const kept = attachments.map((attachment) => {
      const size = dataBytes(attachment)
      if (size === 0) return attachment
      if (size <= left) {
        left -= size
        return attachment
      }
      changed = true
      return placeholder(attachment)
    })
    if (changed) bounded[index] = { ...message, experimental_attachments: kept } as T
  }
  return bounded
}

/**
 * The messages of a request with the data of every question's files but the newest left out
 * (placeholders): the server reads the newest question's files, and a long conversation with
 * images would otherwise resend all of them on every question.
 */
export function withoutPastAttachmentData<T>(messages: readonly T[]): T[] {
  let lastUser = -1
  messages.forEach((message, index) => {
    if ((message as WithAttachments)?.role === 'user') lastUser = index
  })
  return messages.map((message, index) => {
    const attachments = (message as WithAttachments)?.experimental_attachments
    if (index === lastUser || !Array.isArray(attachments)) return message
    if (!attachments.some((item) => dataBytes(item) > 0)) return message
    return {
      ...message,
      experimental_attachments: attachments.map((item) =>
        dataBytes(item) > 0 ? placeholder(item) : item,
      ),
    } as T
  })
}
