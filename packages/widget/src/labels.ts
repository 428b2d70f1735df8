import type { attachmentLabels } from './attachment-labels'
import type { historyLabels } from './history-labels'
import type { searchLabels } from './search-labels'
import type { statusLabels } from './status-labels'

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
  /** The question Continue sends. */
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

/** Kept separate so the drop-in's first file doesn't carry every label. */
export const defaultTriggerLabel = 'Ask AI'

/*
 * Each part that loads on its own (search, History, attachments, the status components) brings
 * its own default words, so the drop-in's panel carries only its own. `defaultLabels` has them
 * all.
 */
// Each is the keys of the part's own defaults (search-labels.ts, …): one list per part.
export type SearchLabelKey = keyof typeof searchLabels
export type HistoryLabelKey = keyof typeof historyLabels
export type AttachmentLabelKey = keyof typeof attachmentLabels
export type StatusLabelKey = keyof typeof statusLabels
type PartLabelKey = SearchLabelKey | HistoryLabelKey | AttachmentLabelKey | StatusLabelKey

/** The words of the chat panel and what every part shares. */
export type PanelLabels = Omit<DocChatLabels, PartLabelKey>

/** What the widget's scope holds: the panel's defaults and every word the site set. */
export type ScopeLabels = PanelLabels & Partial<DocChatLabels>

export const panelLabels: PanelLabels = {
  trigger: defaultTriggerLabel,
  triggerShortcut: '{key}',
  title: 'Assistant',
  siteTitle: '{siteName} Assistant',
  searchTitle: 'Search',
  close: 'Close',
  placeholder: 'Ask a question…',
  send: 'Send',
  stop: 'Stop',
  regenerate: 'Regenerate',
  continue: 'Continue',
  continueQuestion: 'Please continue the previous answer.',
  stopped: 'You stopped this answer.',
  codeUnfinished: 'Unfinished',
  newConversation: 'New conversation',
  conversations: 'Recent conversations',
  copy: 'Copy answer',
  copyCode: 'Copy code',
  copied: 'Copied',
  shareQuestion: 'Copy link to this question',
  shareCopied: 'Link copied',
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  feedbackThanks: 'Thanks for the feedback',
  feedbackReasonsTitle: 'What was wrong?',
  feedbackIncorrect: 'Incorrect',
  feedbackOutdated: 'Out of date',
  feedbackDidntAnswer: 'Didn’t answer my question',
  feedbackIrrelevantSources: 'Irrelevant sources',
  feedbackComment: 'Anything else? (optional)',
  feedbackSend: 'Send feedback',
  feedbackSkip: 'Skip',
  sources: 'Sources',
  citation: 'Source {number}: {title}',
  suggestions: 'Suggestions',
  starterQuestions: 'Try asking',
  emptyTitle: 'Ask anything about the docs',
  emptyDescription: 'Answers cite the pages they come from.',
  thinking: 'Thinking…',
  answerReady: 'Answer ready',
  scrollToBottom: 'Scroll to the latest message',
  notFound: "I couldn't find this in the docs. Try rephrasing, or search instead.",
  disclaimer: 'Answers are generated by AI and may contain mistakes.',
  disclaimerExtractive: 'Answers are extracted from the docs, no AI model.',
  you: 'You',
  assistant: 'Assistant',
  contextTitle: 'Attached context',
  sentContext: 'Sent with this question',
  askAboutSelection: 'Ask AI',
  askAboutCode: 'Ask AI',
  askAboutCodeLabel: 'Ask AI about this {language} code',
  contextSelection: 'Selection',
  contextCode: 'Code',
  removeContext: 'Remove {label}',
  attachments: 'Attached files',
  dropFiles: 'Drop images or PDFs to attach them',
  // Readers can't fix a key: they get a plain sentence; the detail goes to the console and onError.
  errorUnauthorized: 'The assistant isn’t available on this site right now.',
  errorForbidden: 'The assistant isn’t available on this site right now.',
  errorRateLimited: 'Too many questions right now. You can try again in {seconds}s.',
  errorRateLimitedNow: 'Too many questions right now. You can try again now.',
  errorNetwork: 'Can’t reach the assistant. Check your connection and retry.',
  errorServer: 'The assistant ran into a problem. Retry in a moment.',
  errorTimeout: 'The assistant took too long to answer.',
  errorNotFound: 'This conversation no longer exists. Start a new one.',
  errorBadRequest: 'The question could not be sent.',
  errorUnknown: 'Something went wrong.',
  partialAnswer: 'The answer was cut short; what arrived is kept above.',
  retry: 'Retry',
  retryIn: 'Retry in {seconds}s',
  rateLimitedSearch: 'Too many searches. Try again in {seconds}s.',
  rateLimitedSearchNow: 'Too many searches. Try again now.',
  searchFailed: 'Search isn’t available right now. Try again in a moment.',
  searchUnavailable: 'Search isn’t available on this site right now.',
  suggestedPages: 'Suggested pages',
  openSearch: 'Search',
  openAssistant: 'Ask AI',
  loading: 'Loading…',
  crashed: 'Something went wrong. Starting over clears this conversation and recent searches.',
  startOver: 'Start over',
}

/** Fills `{name}` placeholders; unknown placeholders stay as written. */
export function formatLabel(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    name in values ? String(values[name]) : match,
  )
}

/** The panel's defaults with the site's words over them (only strings count). */
export function resolveLabels(overrides?: Partial<DocChatLabels> | null): ScopeLabels {
  if (!overrides) return panelLabels
  const labels: Record<string, string> = { ...panelLabels }
  for (const [key, value] of Object.entries(overrides)) {
    if (typeof value === 'string') labels[key] = value
  }
  return labels as ScopeLabels
}

/** A part's words: its defaults, with the site's (in the scope) over them. */
export function withPartLabels<K extends keyof DocChatLabels>(
  labels: ScopeLabels,
  defaults: Pick<DocChatLabels, K>,
): ScopeLabels & Pick<DocChatLabels, K> {
  return { ...defaults, ...labels }
}
