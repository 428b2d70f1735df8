import type { DocsApiError, SearchFilter, UploadAttachment } from '@docchat/core'
import type { AnalyticsOptions } from './analytics'
import type { DeepLinkOptions } from './embed/deep-links'
import type { DocChatLabels } from './labels'
import type { ThemeOptions } from './theme'

export type DocChatVariant = 'panel' | 'modal' | 'sidebar'

/** A page offered before the reader types, e.g. `{ title: 'Quickstart', href: '/quickstart' }`. */
export interface SuggestedPage {
  title: string
  href: string
}

export type FeedbackValue = 'up' | 'down'

/** Why an answer was not helpful, offered after a thumbs-down. */
export type FeedbackReason = 'incorrect' | 'outdated' | 'didnt-answer' | 'irrelevant-sources'

export const feedbackReasons: readonly FeedbackReason[] = [
  'incorrect',
  'outdated',
  'didnt-answer',
  'irrelevant-sources',
]

export interface FeedbackDetails {
  value: FeedbackValue
  messageId: string
  /**
   * After a thumbs-down the reader may pick reasons and write a comment: `onFeedback` is then
   * called a second time for the same message with them.
   */
  reasons?: FeedbackReason[]
  comment?: string
  /** Included only with `includeQuestionText: true`, like analytics. */
  question?: string
  answer?: string
}

export interface ShortcutOptions {
  /** Key pressed with ⌘ (macOS) or Ctrl to open search. `false` disables it. Defaults to `'k'`. */
  search?: string | false
  /** Key pressed with ⌘ or Ctrl to open the assistant. `false` disables it. Defaults to `'i'`. */
  assistant?: string | false
}

/** Options shared by `<DocChatWidget>` and `window.DocChat.init`. */
export interface WidgetOptions extends ThemeOptions, AnalyticsOptions {
  /** Defaults to `'panel'` (a floating card); `'modal'` centres it, `'sidebar'` docks it. */
  variant?: DocChatVariant | null
  /** Which side the trigger and panel sit on, in logical terms. Defaults to `'end'`. */
  side?: 'start' | 'end' | null
  labels?: Partial<DocChatLabels> | null
  /**
   * An attach button, paste and drop in the question input: images and PDFs go with the question
   * (`experimental_attachments`). `true` with the API's limits (4 files, 5 MiB each), an object to
   * narrow them or upload files. Defaults to off: files leave the reader's device only where a
   * site turned this on.
   */
  attachments?: boolean | AttachmentsOptions | null
  /** Up to three questions shown in an empty conversation (and in search before typing). */
  starterQuestions?: string[] | null
  /** Pages search offers before the reader types, when there are no recent searches. */
  suggestedPages?: SuggestedPage[] | null
  /** Base URL of the docs site: sources and relative links resolve against it. */
  docsBaseUrl?: string | null
  /** Search filter (version, language, tag, groups), also sent with questions. */
  filter?: SearchFilter | null
  /** Show the search modal and its ⌘K shortcut. Defaults to `true`. */
  search?: boolean | null
  /** Keyboard shortcuts; `false` disables both. */
  shortcuts?: ShortcutOptions | false | null
  /** Close the panel on a click outside it. Defaults to `true` for `modal`, `false` otherwise. */
  dismissOnInteractOutside?: boolean | null
  onFeedback?: ((feedback: FeedbackDetails) => void) | null
  /**
   * Every failed request, with the detail readers don't see (they get a plain sentence). The
   * detail is also logged with `console.error` and sent to `onEvent` as `message`.
   */
  onError?: ((error: DocsApiError) => void) | null
  /** Your site's name: the assistant's title becomes "{siteName} Assistant" (`labels.siteTitle`). */
  siteName?: string | null
  /**
   * Open sources, citations and suggestions in a new tab. Defaults to `false`: they open in this
   * tab and the assistant reopens on the next page (modifier-clicks still open a new tab).
   */
  openSourcesInNewTab?: boolean | null
  /**
   * Remember for this tab (sessionStorage) whether the assistant was open and where its
   * conversation was scrolled, and restore both on the next page of the site. Defaults to `true`.
   */
  rememberOpenState?: boolean | null
  /**
   * `?assistant=<question>` on a page opens the assistant and asks once, `#docchat-search=<query>`
   * opens search prefilled (both then leave the address bar), and answers get a "copy link"
   * action. `false` turns all three off; an object renames the parameter or the hash key.
   * Defaults to `true`.
   */
  deepLinks?: boolean | DeepLinkOptions | null
  /**
   * Recent conversations, kept in this browser's localStorage per domain, listed under the
   * assistant's "Recent conversations" button (switch, delete, new) with the export of the current
   * one (copy as Markdown, download `.md`). `false` turns the list and its storage off; an object
   * sets its bounds. Defaults to `true` (20 conversations, 1 MB).
   */
  conversations?: boolean | ConversationsOptions | null
}

export interface ConversationsOptions {
  /** Most conversations kept; the least recently updated go first. Defaults to `20`. */
  maxCount?: number
  /** Most bytes (UTF-8 JSON) kept, all conversations together; the oldest go first. Defaults to `1000000`. */
  maxBytes?: number
}

/** Files on questions: images (PNG, JPEG, GIF, WebP) and PDFs. */
export interface AttachmentsOptions {
  /** Files per question, at most 4 (the API's limit). Defaults to `4`. */
  maxFiles?: number
  /** Bytes per file, at most 5 MiB (the API's limit). Defaults to 5 MiB. */
  maxBytes?: number
  /** MIME types offered, among `image/png`, `image/jpeg`, `image/gif`, `image/webp`, `application/pdf`. */
  accept?: string[]
  /**
   * Upload each file and return its URL (or `{ url, name?, contentType? }`): questions then carry
   * the URL instead of the file inline as a data URL.
   */
  uploadAttachment?: UploadAttachment
}

const maxStarterQuestions = 3

export function starterQuestionsOf(options: Pick<WidgetOptions, 'starterQuestions'>): string[] {
  return (options.starterQuestions ?? [])
    .filter((q) => typeof q === 'string' && q.trim())
    .slice(0, maxStarterQuestions)
}
