/*
 * The shape of the widget's words, on its own: each part's defaults (search-labels.ts, …) are
 * checked against it, and labels.ts derives the panel's from the parts' keys. One module with no
 * imports, so the label modules import in one direction only.
 */

/**
 * Every string the widget shows. Override any of them with the `labels` option; values may contain
 * `{placeholders}` (filled by `formatLabel`) so they stay plain strings that also work from `data-*`
 * attributes.
 */
export interface DocChatLabels {
  /** Accessible name and text of the floating button. */
  trigger: string
  /** Shown in the trigger's tooltip and accessible name, e.g. "⌘I". `{key}` is the shortcut. */
  triggerShortcut: string
  title: string
  /** The title when the `siteName` option is set; `{siteName}` is filled. */
  siteTitle: string
  searchTitle: string
  close: string
  placeholder: string
  send: string
  stop: string
  regenerate: string
  /** Asks the assistant to go on with an answer the reader stopped. */
  continue: string
  /**
   * Unused since Continue goes on with the same answer instead of asking (kept so existing
   * `labels` objects stay valid).
   */
  continueQuestion: string
  /** Marks an answer the reader stopped. */
  stopped: string
  /** Marks a code block the answer stopped inside. */
  codeUnfinished: string
  newConversation: string
  /** The header button that opens the recent conversations (and their export). */
  conversations: string
  recentConversations: string
  noConversations: string
  backToConversation: string
  /** Marks the conversation on screen in the list. */
  currentConversation: string
  /** `{title}` is the conversation's first question. */
  deleteConversation: string
  conversationDeleted: string
  conversationRestored: string
  undo: string
  copyMarkdown: string
  markdownCopied: string
  copyFailed: string
  downloadMarkdown: string
  markdownDownloaded: string
  copy: string
  copyCode: string
  copied: string
  /** Copies a link that asks this answer's question again (`?assistant=…`). */
  shareQuestion: string
  shareCopied: string
  helpful: string
  notHelpful: string
  feedbackThanks: string
  /** The question above the reasons offered after a thumbs-down. */
  feedbackReasonsTitle: string
  feedbackIncorrect: string
  feedbackOutdated: string
  feedbackDidntAnswer: string
  feedbackIrrelevantSources: string
  feedbackComment: string
  feedbackSend: string
  feedbackSkip: string
  sources: string
  /** Accessible name of a numbered citation, e.g. "Source 2: Quickstart". */
  citation: string
  suggestions: string
  starterQuestions: string
  emptyTitle: string
  emptyDescription: string
  thinking: string
  answerReady: string
  scrollToBottom: string
  notFound: string
  /** Set to an empty string to hide the disclaimer. */
  disclaimer: string
  /** The disclaimer when the server says its answers are copied from the docs, no model involved. */
  disclaimerExtractive: string
  you: string
  assistant: string
  contextTitle: string
  /** Names the read-only list of what a sent question carried. */
  sentContext: string
  /** The button shown for a text selection in the docs. */
  askAboutSelection: string
  /** The button on each code block in the docs. */
  askAboutCode: string
  /** Its accessible name; `{language}` may be empty. */
  askAboutCodeLabel: string
  contextSelection: string
  contextCode: string
  removeContext: string
  /** The composer's paperclip button. */
  attach: string
  /** Names the files waiting to be sent, and those a sent question carried. */
  attachments: string
  /** `{name}` is the file's name. */
  removeAttachment: string
  /** Shown over the composer while files are dragged onto it. */
  dropFiles: string
  /** `{name}`: while a file is read or uploaded. */
  attachmentReading: string
  /** Announced to screen readers once files are ready to send; `{names}` lists them. */
  attachmentsReady: string
  /** `{max}` is the number of files a question may carry. */
  attachmentTooMany: string
  /** `{name}` and `{size}` (e.g. "5 MB"). */
  attachmentTooLarge: string
  /** `{name}` and `{size}` (e.g. "10 MB"): the file would take the question's files past their total. */
  attachmentTooLargeTogether: string
  attachmentUnsupported: string
  attachmentEmpty: string
  attachmentFailed: string
  /** `{name}`: a sent image's thumbnail, which shows it larger. */
  enlargeImage: string
  /** A file whose data this browser did not keep (storage bound): only its name is left. */
  attachmentNotKept: string
  errorUnauthorized: string
  errorForbidden: string
  errorRateLimited: string
  errorRateLimitedNow: string
  errorNetwork: string
  errorServer: string
  errorTimeout: string
  errorNotFound: string
  errorBadRequest: string
  errorUnknown: string
  partialAnswer: string
  retry: string
  retryIn: string
  searchPlaceholder: string
  searchLabel: string
  searching: string
  resultsCount: string
  noResults: string
  searchEmpty: string
  /** A search hit the rate limit; `{seconds}` counts down to `Retry-After`. */
  rateLimitedSearch: string
  rateLimitedSearchNow: string
  /** A search failed for a network, server or unknown reason. */
  searchFailed: string
  /** Search was refused (401/403): a configuration problem the reader can't fix. */
  searchUnavailable: string
  recentSearches: string
  /** Search's empty state when there are no recent searches. */
  suggestedPages: string
  askAiAbout: string
  navigateHint: string
  selectHint: string
  closeHint: string
  openSearch: string
  /** The floating panel's toggle that docks it as a sidebar beside the page (wide screens). */
  dock: string
  /** Under an answer that found nothing: opens search. */
  searchTheDocs: string
  openAssistant: string
  jobTitle: string
  jobRunning: string
  jobCompleted: string
  jobFailed: string
  jobInterrupted: string
  jobProgress: string
  /** `jobProgress` when there is exactly one task. */
  jobProgressOne: string
  /** A job that stopped (failed or interrupted) before its tasks were done. */
  jobProgressStopped: string
  /** Each to-do's state, read before its text (the mark beside it is decorative). */
  todoDone: string
  todoInProgress: string
  todoPending: string
  todoNotDone: string
  pullRequest: string
  logs: string
  loading: string
  updateQueued: string
  updateInProgress: string
  updateSuccess: string
  updateFailure: string
  updateTitle: string
  /** Shown when the widget hit an unexpected error; "Start over" clears its stored data. */
  crashed: string
  startOver: string
}
