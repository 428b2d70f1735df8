import type { DocChatLabels } from './label-types'

/** Files on questions: fetched with their chunk. */
export const attachmentLabels = {
  attach: 'Attach images or PDFs',
  removeAttachment: 'Remove {name}',
  attachmentReading: 'Reading {name}…',
  attachmentsReady: 'Attached: {names}',
  attachmentTooMany: 'You can attach up to {max} files to a question.',
  attachmentTooLarge: '{name} is too large: files can be up to {size}.',
  attachmentTooLargeTogether:
    '{name} wasn’t attached: the files of one question can be up to {size} together.',
  attachmentUnsupported: '{name} can’t be attached: use an image (PNG, JPEG, GIF, WebP) or a PDF.',
  attachmentEmpty: '{name} is empty.',
  attachmentFailed: '{name} couldn’t be attached. Try again.',
  enlargeImage: 'Show {name} larger',
  attachmentNotKept: 'not kept on this device',
} satisfies Partial<DocChatLabels>
