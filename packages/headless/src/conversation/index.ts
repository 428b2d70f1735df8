'use client'

export type {
  ConversationAnnouncerProps as AnnouncerProps,
  ConversationLogProps as LogProps,
  ConversationRootProps as RootProps,
  ConversationScrollToBottomProps as ScrollToBottomProps,
} from './conversation'
export { Announcer, Log, Root, ScrollToBottom, useConversationScroll } from './conversation'
