/**
 * Size limits on what a client may ask, shared by the request schemas (so a client learns before
 * sending) and the dev server (so a hostile request is refused before it costs anything). Search
 * cost grows with query length and, for typo tolerance, with the square of a word's length: one
 * 25,000-letter word once cost a server 600 MB.
 */
export const DOCS_LIMITS = {
  /** Characters in a search query. */
  queryChars: 1_000,
  /** Characters in one word (a run of letters and digits) of a search query. */
  queryWordChars: 64,
  /** Characters in the text of one user message: the question asked. */
  questionChars: 10_000,
  /** Words longer than this are matched exactly: no typo correction. */
  fuzzyWordChars: 24,
  /** Words of a query or question searched for; the rest are ignored. */
  queryWords: 32,
  /** Characters in the assistant request's `currentPath` ("Maximum length: 200 characters"). */
  currentPathChars: 200,
  /** Files attached to one question. */
  attachmentFiles: 4,
  /** Bytes of one attached file (image or PDF), before base64: 5 MiB. */
  attachmentFileBytes: 5 * 1024 * 1024,
  /** Bytes of all the files attached to one question, before base64: 10 MiB. */
  attachmentMessageBytes: 10 * 1024 * 1024,
} as const

export type DocsLimits = typeof DOCS_LIMITS

/** Length of the longest run of letters and digits in `text` (0 when there is none). */
export function longestWordLength(text: string): number {
  let longest = 0
  for (const word of text.split(/[^\p{L}\p{N}\p{M}_]+/u)) {
    if (word.length > longest) longest = word.length
  }
  return longest
}
