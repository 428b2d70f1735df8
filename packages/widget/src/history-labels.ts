import type { DocChatLabels } from './label-types'

/** The History view and export: fetched with its chunk. */
export const historyLabels = {
  recentConversations: 'Recent conversations',
  noConversations: 'No conversations yet. The questions you ask are kept here, on this device.',
  backToConversation: 'Back to the conversation',
  currentConversation: 'Current',
  deleteConversation: 'Delete “{title}”',
  conversationDeleted: 'Conversation deleted.',
  conversationRestored: 'Conversation restored.',
  undo: 'Undo',
  copyMarkdown: 'Copy as Markdown',
  markdownCopied: 'Conversation copied as Markdown.',
  copyFailed: 'Could not copy. Try Download instead.',
  downloadMarkdown: 'Download .md',
  markdownDownloaded: 'Conversation downloaded.',
} satisfies Partial<DocChatLabels>
