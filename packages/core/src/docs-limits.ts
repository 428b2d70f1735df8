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

/**
 * The longest strings the kit reads from data it does not control: API responses, model output,
 * storage, the page URL, element attributes. Each is checked BEFORE any regular expression,
 * decoding or parse runs on the string, so hostile data costs at most a bounded amount of work
 * (the table in the core README names the function that checks each one).
 */
export const DATA_LIMITS = {
  /** A URL as written, before entities are decoded: longer ones are refused by the URL policy. */
  urlChars: 4_096,
  /**
   * A base64 `data:` URL of an attached file: a file at `DOCS_LIMITS.attachmentFileBytes` (5 MiB)
   * is about 7 MB of base64. Longer ones are never rendered.
   */
  attachmentDataUrlChars: 7_100_000,
  /**
   * One line of the v1 data stream, and one event of the v2 UI message stream. A text delta is a
   * few characters; a file part of 5 MiB (base64) fits. Past it the reader fails with
   * `invalid-response` without buffering more.
   */
  streamLineChars: 8 * 1024 * 1024,
  /** An answer's Markdown, as rendered and as exported: the rest is cut. */
  answerChars: 200_000,
  /** A context item (selected text or code block) read back from storage or exported. */
  contextItemChars: 20_000,
  /** Context items of one question read back from storage. */
  contextItems: 32,
  /** A short label from data: a title, a source title, a file name, a path, a MIME type. */
  labelChars: 1_000,
  /** A search result's Markdown read for a one-line snippet. */
  snippetChars: 5_000,
  /** Text searched for highlights (a result's title or snippet line). */
  highlightChars: 10_000,
  /**
   * A JSON response (search results, a page, agent jobs, an update): read as it arrives, and past
   * it the call fails with `invalid-response` and the rest is not read.
   */
  responseChars: 8 * 1024 * 1024,
  /** An error response's body: read this far for its message; the rest is not read. */
  errorBodyChars: 65_536,
} as const

export type DataLimits = typeof DATA_LIMITS

/** Length of the longest run of letters and digits in `text` (0 when there is none). */
export function longestWordLength(text: string): number {
  let longest = 0
  for (const word of text.split(/[^\p{L}\p{N}\p{M}_]+/u)) {
    if (word.length > longest) longest = word.length
  }
  return longest
}
